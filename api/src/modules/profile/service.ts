import { and, eq, sql } from 'drizzle-orm';
import { type ProfilePatch } from '@app/shared/contracts';
import { ACCOUNT_MESSAGES } from '@app/shared/contracts';
import { toProfile } from '../../accounts/users';
import { writeAudit } from '../../audit';
import type { AppContext } from '../../context';
import { users, type NewUser, type User } from '../../db/schema';
import { ApiError, ValidationError, type DrfErrors } from '../../http/errors';

/** A profile PATCH as validated: any subset of the profile fields, and the version it was based on. */
export type ProfileChanges = Partial<ProfilePatch> & { readonly version?: number | undefined };

type Column = keyof NewUser;

/** Contract field → column, for the text and choice fields a PATCH may carry. */
const COLUMNS = {
  first_name: 'firstName',
  last_name: 'lastName',
  corporate_division: 'corporateDivision',
  company_name: 'companyName',
  bank_account: 'bankAccount',
  office_phone: 'officePhone',
  office_zipcode: 'officeZipcode',
  office_prefecture: 'officePrefecture',
  office_city: 'officeCity',
  office_building_number: 'officeBuildingNumber',
  owner_phone: 'ownerPhone',
  owner_zipcode: 'ownerZipcode',
  owner_prefecture: 'ownerPrefecture',
  owner_city: 'ownerCity',
  owner_building_number: 'ownerBuildingNumber',
  sector: 'sector',
  business_summary: 'businessSummary',
} as const satisfies Partial<Record<keyof ProfilePatch, Column>>;

type PatchField = keyof typeof COLUMNS;

/** The column values of a PATCH: text trimmed (DRF CharField), null stored as ''. */
function columnsOf(changes: ProfileChanges): Partial<NewUser> {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS) as [PatchField, Column][]) {
    if (!(field in changes)) continue;
    const value = changes[field];
    if (value === undefined) continue;
    values[column] = typeof value === 'string' ? value.trim() : (value ?? '');
  }
  return values;
}

/**
 * The rules that need the stored profile: a corporation keeps a company name, the bank account
 * changes only when `can_edit_bank_account`, and `addfiles` names uploaded files of the user
 * (uploads arrive with their own issue: until then only an empty list passes).
 */
function check(user: User, changes: ProfileChanges, values: Partial<NewUser>): void {
  const errors: DrfErrors = {};
  const division = values.corporateDivision ?? user.corporateDivision;
  const companyName = values.companyName ?? user.companyName;
  if (('companyName' in values || 'corporateDivision' in values) && division === 'corporate' && companyName === '') {
    errors.company_name = [ACCOUNT_MESSAGES.blank];
  }
  if (values.bankAccount !== undefined && values.bankAccount !== user.bankAccount && !user.canEditBankAccount) {
    errors.bank_account = [ACCOUNT_MESSAGES.bankAccountLocked];
  }
  const files = changes.addfiles ?? [];
  if (files.length > 0) errors.addfiles = files.map((id) => ACCOUNT_MESSAGES.fileNotFound(id));
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * Applies a profile PATCH under the optimistic lock: with `version`, only when it is still the
 * stored one (else 409 and nothing changes); every successful PATCH bumps the version.
 */
export async function updateProfile(ctx: AppContext, user: User, changes: ProfileChanges) {
  const values = columnsOf(changes);
  check(user, changes, values);
  const now = ctx.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const mine = eq(users.id, user.id);
    const [row] = await tx
      .update(users)
      .set({ ...values, version: sql`${users.version} + 1`, updatedAt: now })
      .where(changes.version === undefined ? mine : and(mine, eq(users.version, changes.version)))
      .returning();
    if (row === undefined) throw new ApiError(409, { detail: ACCOUNT_MESSAGES.versionConflict });
    await writeAudit(tx, {
      event: 'account.profile_updated',
      at: now,
      userId: user.id,
      data: {
        fields: Object.keys(changes)
          .filter((key) => key !== 'version')
          .sort(),
        version: row.version,
      },
    });
    return row;
  });
  return toProfile(updated);
}
