import { eq, sql } from 'drizzle-orm';
import type { Me, Profile } from '@app/shared/contracts';
import { isProfileSatisfied } from '@app/shared/domain';
import type { Db } from '../context';
import { users, type User } from '../db/schema';

/** The account of an address, compared case-insensitively (as the unique index does). */
export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return user;
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * A timestamp as Django REST framework writes it with TIME_ZONE = 'Asia/Tokyo':
 * `2026-04-01T09:30:00.123000+09:00`.
 */
export function drfDateTime(date: Date): string {
  const shifted = new Date(date.getTime() + JST_OFFSET_MS).toISOString(); // …T00:30:00.123Z
  return `${shifted.slice(0, -1)}000+09:00`;
}

const drfDateTimeOrNull = (date: Date | null): string | null => (date === null ? null : drfDateTime(date));
/** `POST /api/me/` for a logged-in user: every "current user" field of spec §3. */
export function toMe(user: User): Me {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    create_time: drfDateTime(user.createdAt),
    update_time: drfDateTime(user.updatedAt),
    corporate_division: user.corporateDivision,
    company_name: user.companyName,
    office_zipcode: user.officeZipcode,
    owner_zipcode: user.ownerZipcode,
    identity_confirmation: user.identityConfirmation as Me['identity_confirmation'],
    identity_valid_date: user.identityValidDate,
    financial_statements_valid_date: user.financialStatementsValidDate,
    last_withdrawals_detail_date: user.lastWithdrawalsDetailDate,
    withdrawals_detail_status: user.withdrawalsDetailStatus as Me['withdrawals_detail_status'],
    financial_statements_status: user.financialStatementsStatus as Me['financial_statements_status'],
    // Uploads arrive with the uploads issue; until then nobody has attached files.
    addfiles: [],
    version: user.version,
    has_usable_password: user.passwordHash !== null,
    has_pre_entry_declined: user.hasPreEntryDeclined,
    // The domain's rule (profile.ts) over the profile as the API answers it.
    has_satisfied_profile: isProfileSatisfied(toProfile(user)),
    allow_redirect_to_profile: user.allowRedirectToProfile,
    last_login: drfDateTimeOrNull(user.lastLogin),
    visited_at_entry_page_after_mail_verification: drfDateTimeOrNull(user.visitedAtEntryPageAfterMailVerification),
    user_segment: user.userSegment,
    owner_phone: user.ownerPhone,
  };
}

/** `GET /api/profile/` and the PATCH answers (spec §3 "Profile"). */
export function toProfile(user: User): Profile & { version: number } {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    corporate_division: user.corporateDivision,
    company_name: user.companyName,
    email: user.email,
    identity_confirmation: user.identityConfirmation as Profile['identity_confirmation'],
    bank_account: user.bankAccount,
    office_phone: user.officePhone,
    office_zipcode: user.officeZipcode,
    office_prefecture: user.officePrefecture,
    office_city: user.officeCity,
    office_building_number: user.officeBuildingNumber,
    owner_phone: user.ownerPhone,
    owner_zipcode: user.ownerZipcode,
    owner_prefecture: user.ownerPrefecture,
    owner_city: user.ownerCity,
    owner_building_number: user.ownerBuildingNumber,
    addfiles: [],
    has_usable_password: user.passwordHash !== null,
    sector: user.sector as Profile['sector'],
    business_summary: user.businessSummary,
    can_edit_bank_account: user.canEditBankAccount,
    has_entry_permission_when_delayed: user.hasEntryPermissionWhenDelayed,
    version: user.version,
  };
}
