import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ContentFile, Me, Profile } from '@app/contracts';
import {
  CORPORATE_PROFILE_REQUIRED_FIELDS,
  isIdentityDocumentType,
  isProfileSatisfied,
  PROFILE_REQUIRED_FIELDS,
  type ProfileSatisfactionFields,
} from '@app/contracts/domain';
import type { Db } from '../context';
import { uploads, users, type User } from '../db/schema';
import { PROFILE_COLUMNS, profileValuesOf, type ProfileColumnField } from './profile-columns';

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

/** A file attached to the profile, as `addfiles` lists it: id, upload key, name, type, and the identity side. */
export type AttachedFile = ContentFile & { side: 'front' | 'back' | null };

/** The files attached to the user's profile (identity documents, delinquency documents…), oldest first. */
export async function profileFilesOf(db: Db, userId: number): Promise<AttachedFile[]> {
  const rows = await db
    .select({ id: uploads.id, kind: uploads.kind, name: uploads.name, content_type: uploads.contentType, side: uploads.side })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), isNotNull(uploads.profileAttachedAt)))
    .orderBy(asc(uploads.profileAttachedAt), asc(uploads.id));
  return rows.map((row) => ({ ...row, side: row.side ?? null }));
}

/** The profile files of several users in one query (a page of the identity queue), by user id. */
export async function profileFilesOfUsers(db: Db, userIds: readonly number[]): Promise<Map<number, AttachedFile[]>> {
  const byUser = new Map<number, AttachedFile[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({
      userId: uploads.userId,
      id: uploads.id,
      kind: uploads.kind,
      name: uploads.name,
      content_type: uploads.contentType,
      side: uploads.side,
    })
    .from(uploads)
    .where(and(inArray(uploads.userId, [...userIds]), isNotNull(uploads.profileAttachedAt)))
    .orderBy(asc(uploads.profileAttachedAt), asc(uploads.id));
  for (const { userId, ...file } of rows) byUser.get(userId)?.push({ ...file, side: file.side ?? null });
  return byUser;
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

/** The day in Japan (Asia/Tokyo) of a moment: `2026-04-01`. */
export const dayInJapan = (date: Date): string => drfDateTime(date).slice(0, 10);

const drfDateTimeOrNull = (date: Date | null): string | null => (date === null ? null : drfDateTime(date));

/**
 * The columns of a user that `toMe` reads, and no other: POST /api/me/ selects only these
 * (modules/me/service.ts). `hasUsablePassword` stands for `password_hash is not null`.
 */
export const ME_USER_COLUMNS = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  corporateDivision: users.corporateDivision,
  companyName: users.companyName,
  officePhone: users.officePhone,
  officeZipcode: users.officeZipcode,
  officePrefecture: users.officePrefecture,
  officeCity: users.officeCity,
  ownerPhone: users.ownerPhone,
  ownerZipcode: users.ownerZipcode,
  ownerPrefecture: users.ownerPrefecture,
  ownerCity: users.ownerCity,
  identityConfirmation: users.identityConfirmation,
  identityValidDate: users.identityValidDate,
  financialStatementsValidDate: users.financialStatementsValidDate,
  lastWithdrawalsDetailDate: users.lastWithdrawalsDetailDate,
  withdrawalsDetailStatus: users.withdrawalsDetailStatus,
  financialStatementsStatus: users.financialStatementsStatus,
  version: users.version,
  hasUsablePassword: sql<boolean>`${users.passwordHash} is not null`,
  hasPreEntryDeclined: users.hasPreEntryDeclined,
  allowRedirectToProfile: users.allowRedirectToProfile,
  lastLogin: users.lastLogin,
  visitedAtEntryPageAfterMailVerification: users.visitedAtEntryPageAfterMailVerification,
  userSegment: users.userSegment,
} as const;

type MeColumn = Exclude<keyof typeof ME_USER_COLUMNS, 'hasUsablePassword'>;
/** What `toMe` reads of a user. */
export type MeUser = Pick<User, MeColumn> & { readonly hasUsablePassword: boolean };

/** The profile fields of the current user (spec §3), as the one table names them. */
const ME_PROFILE_FIELDS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'corporate_division',
  'company_name',
  'office_zipcode',
  'owner_zipcode',
  'owner_phone',
] as const;

/** `POST /api/me/` for a logged-in user: every "current user" field of spec §3 (of a whole row or the ME_USER_COLUMNS). */
export function toMe(user: MeUser | User, files: readonly AttachedFile[]): Me {
  const hasUsablePassword = 'hasUsablePassword' in user ? user.hasUsablePassword : user.passwordHash !== null;
  return {
    ...profileValuesOf(user, ME_PROFILE_FIELDS),
    create_time: drfDateTime(user.createdAt),
    update_time: drfDateTime(user.updatedAt),
    identity_confirmation: user.identityConfirmation as Me['identity_confirmation'],
    identity_valid_date: user.identityValidDate,
    financial_statements_valid_date: user.financialStatementsValidDate,
    last_withdrawals_detail_date: user.lastWithdrawalsDetailDate,
    withdrawals_detail_status: user.withdrawalsDetailStatus as Me['withdrawals_detail_status'],
    financial_statements_status: user.financialStatementsStatus as Me['financial_statements_status'],
    addfiles: [...files],
    version: user.version,
    has_usable_password: hasUsablePassword,
    has_pre_entry_declined: user.hasPreEntryDeclined,
    // The domain's rule (profile.ts) over the profile fields as the API names them (toProfile).
    has_satisfied_profile: isProfileSatisfied(satisfactionFieldsOf(user)),
    allow_redirect_to_profile: user.allowRedirectToProfile,
    last_login: drfDateTimeOrNull(user.lastLogin),
    visited_at_entry_page_after_mail_verification: drfDateTimeOrNull(user.visitedAtEntryPageAfterMailVerification),
    user_segment: user.userSegment,
  };
}

/** The profile fields isProfileSatisfied reads: the domain's lists, named by the one table (profile-columns.ts). */
const SATISFACTION_FIELDS = ['corporate_division', ...PROFILE_REQUIRED_FIELDS, ...CORPORATE_PROFILE_REQUIRED_FIELDS] as const;

function satisfactionFieldsOf(user: MeUser | User): ProfileSatisfactionFields {
  return profileValuesOf(user, SATISFACTION_FIELDS);
}

/** The profile fields `toProfile` answers as their columns hold them (all of the table but the two it types: sector, identity document type). */
export const PROFILE_STORED_FIELDS = (Object.keys(PROFILE_COLUMNS) as ProfileColumnField[]).filter(
  (field): field is Exclude<ProfileColumnField, 'sector' | 'identity_document_type'> =>
    field !== 'sector' && field !== 'identity_document_type',
);

/** `GET /api/profile/` and the PATCH answers (spec §3 "Profile"). */
export function toProfile(user: User, files: readonly AttachedFile[]): Profile & { version: number } {
  return {
    ...profileValuesOf(user, PROFILE_STORED_FIELDS),
    identity_confirmation: user.identityConfirmation as Profile['identity_confirmation'],
    addfiles: [...files],
    identity_document_type: isIdentityDocumentType(user.identityDocumentType) ? user.identityDocumentType : null,
    has_usable_password: user.passwordHash !== null,
    sector: user.sector as Profile['sector'],
    version: user.version,
  };
}
