import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, normalizePostalCode, type ProfilePatch } from '@app/contracts';
import {
  IDENTITY_DOCUMENT_MESSAGES,
  IDENTITY_LOCKED_FIELDS,
  identitySidesProblems,
  isIdentityLocked,
  normalizePhoneNumber,
  REVIEW_STATUS,
  type IdentityDocumentType,
  type IdentitySide,
} from '@app/contracts/domain';
import { profileFilesOf, toProfile } from '../../accounts/users';
import { writeAudit } from '../../audit';
import type { AppContext, Db } from '../../context';
import { uploads, users, type NewUser, type Upload, type User } from '../../db/schema';
import { ApiError, ValidationError, type DrfErrors } from '../../http/errors';
import { bankAccountChangedMail } from '../../mail/templates';
import { hasOpenOffer, lockApplicant } from '../entries/contract-party';

/** A profile PATCH as validated: any subset of the profile fields, and the version it was based on. */
export type ProfileChanges = Partial<ProfilePatch> & { readonly version?: number | undefined };

/**
 * Which PATCH: `profile` and `withoutSector` may not touch the fields the identity vouches for while
 * it is confirming or confirmed; `nameAndIdentity` changes them with a new identity document.
 */
export type ProfilePatchVariant = 'profile' | 'withoutSector' | 'nameAndIdentity';

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
  identity_document_type: 'identityDocumentType',
} as const satisfies Partial<Record<keyof ProfilePatch, Column>>;

type PatchField = keyof typeof COLUMNS;

/** Phones and postal codes are stored in one form (03-1234-5678, 1500002), however they were typed. */
const NORMALISE: Partial<Record<PatchField, (value: string) => string | null>> = {
  office_phone: normalizePhoneNumber,
  owner_phone: normalizePhoneNumber,
  office_zipcode: normalizePostalCode,
  owner_zipcode: normalizePostalCode,
};

/** The column values of a PATCH: text trimmed (DRF CharField) and normalised, null stored as ''. */
function columnsOf(changes: ProfileChanges): Partial<NewUser> {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS) as [PatchField, Column][]) {
    const value = changes[field];
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value.trim() : (value ?? '');
    const normalise = NORMALISE[field];
    values[column] = normalise !== undefined && text !== '' ? (normalise(text) ?? text) : text;
  }
  return values;
}

/** Files a profile takes in `addfiles`: identity documents and delinquency documents. */
const PROFILE_FILE_KINDS: ReadonlySet<string> = new Set(['identity', 'delinquency']);
const PROFILE_FILE_KIND_MESSAGE = (id: number) => `ファイル "${id}" はプロフィールに添付できない種類のファイルです。`;

interface FileCheck {
  readonly files: Upload[];
  readonly identity: { readonly type: IdentityDocumentType; readonly files: Upload[] } | null;
}

/** The uploads of `addfiles`: the user's own (else "not found", as for anyone else's), of a kind the profile takes, identity sides complete. */
async function checkFiles(
  db: Db,
  user: User,
  changes: ProfileChanges,
  variant: ProfilePatchVariant,
  errors: DrfErrors,
): Promise<FileCheck> {
  const ids = [...new Set(changes.addfiles ?? [])];
  const files =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(uploads)
          .where(and(eq(uploads.userId, user.id), inArray(uploads.id, ids)));
  const problems = ids.flatMap((id) => {
    const file = files.find((f) => f.id === id);
    if (file === undefined) return [ACCOUNT_MESSAGES.fileNotFound(id)];
    return PROFILE_FILE_KINDS.has(file.kind) ? [] : [PROFILE_FILE_KIND_MESSAGE(id)];
  });
  const identityFiles = files.filter((f) => f.kind === 'identity');
  const type = changes.identity_document_type;
  if (variant === 'nameAndIdentity' && identityFiles.length === 0) problems.push(IDENTITY_DOCUMENT_MESSAGES.sideMissing('front'));
  let identity: FileCheck['identity'] = null;
  if (identityFiles.length > 0) {
    if (type === undefined) errors.identity_document_type = [IDENTITY_DOCUMENT_MESSAGES.typeRequired];
    else {
      problems.push(
        ...identitySidesProblems(
          type,
          identityFiles.map((f) => f.side).filter((side): side is IdentitySide => side !== null),
        ),
      );
      identity = { type, files: identityFiles };
    }
  }
  if (problems.length > 0) errors.addfiles = problems;
  return { files, identity };
}

/**
 * The rules that need the stored profile: a corporation keeps a company name, the bank account
 * changes only when `can_edit_bank_account`, the fields the identity vouches for change only with a
 * new identity document while it is confirming or confirmed, and `addfiles` names the user's files.
 */
async function check(
  db: Db,
  user: User,
  changes: ProfileChanges,
  values: Partial<NewUser>,
  variant: ProfilePatchVariant,
): Promise<FileCheck> {
  const errors: DrfErrors = {};
  const division = values.corporateDivision ?? user.corporateDivision;
  const companyName = values.companyName ?? user.companyName;
  if (('companyName' in values || 'corporateDivision' in values) && division === 'corporate' && companyName === '') {
    errors.company_name = [ACCOUNT_MESSAGES.blank];
  }
  if (values.bankAccount !== undefined && values.bankAccount !== user.bankAccount && !user.canEditBankAccount) {
    errors.bank_account = [ACCOUNT_MESSAGES.bankAccountLocked];
  }
  if (variant !== 'nameAndIdentity' && isIdentityLocked(user.identityConfirmation)) {
    const stored = {
      first_name: user.firstName,
      last_name: user.lastName,
      company_name: user.companyName,
      corporate_division: user.corporateDivision,
    };
    for (const field of IDENTITY_LOCKED_FIELDS) {
      const value = changes[field];
      if (value !== undefined && value !== null && value.trim() !== stored[field]) errors[field] = [IDENTITY_DOCUMENT_MESSAGES.locked];
    }
  }
  const files = await checkFiles(db, user, changes, variant, errors);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return files;
}

/** The columns the contract prints of the party (entries.contract_party): the names and the addresses. */
const PARTY_COLUMNS = [
  'firstName',
  'lastName',
  'companyName',
  'corporateDivision',
  'officeZipcode',
  'officePrefecture',
  'officeCity',
  'officeBuildingNumber',
  'ownerZipcode',
  'ownerPrefecture',
  'ownerCity',
  'ownerBuildingNumber',
] as const satisfies readonly Column[];

const FIELD_OF_COLUMN = Object.fromEntries(Object.entries(COLUMNS).map(([field, column]) => [column, field])) as Record<Column, string>;

/**
 * While an offer is open (an entry reviewed, not yet signed), the party it was approved for stays
 * as checked (issue 23): a change of a name, the company, an address or a new identity document is
 * refused (400, on each field changed). Refused rather than withdrawing the offer: the applicant
 * keeps the offer and nothing else changes, and no staff work is undone behind their back. The
 * applicant's row is locked first, so an approval running at the same time waits or is waited for.
 */
async function refusePartyChangesWhileOffered(tx: Db, userId: number, values: Partial<NewUser>, newIdentity: boolean): Promise<void> {
  const current = await lockApplicant(tx, userId);
  const changed = PARTY_COLUMNS.filter((column) => values[column] !== undefined && values[column] !== current[column]);
  if (changed.length === 0 && !newIdentity) return;
  if (!(await hasOpenOffer(tx, userId))) return;
  const errors: DrfErrors = {};
  for (const column of changed) errors[FIELD_OF_COLUMN[column]] = [ACCOUNT_MESSAGES.partyLockedByOffer];
  if (newIdentity) errors.addfiles = [ACCOUNT_MESSAGES.partyLockedByOffer];
  throw new ValidationError(errors);
}

/**
 * Applies a profile PATCH under the optimistic lock: with `version`, only when it is still the
 * stored one (else 409 and nothing changes); every successful PATCH bumps the version. Attached
 * identity documents replace the previous ones and send the identity back to 確認中 (the reviewer
 * sets the new valid date); a changed bank account is notified by mail once committed.
 */
export async function updateProfile(ctx: AppContext, user: User, changes: ProfileChanges, variant: ProfilePatchVariant) {
  const values = columnsOf(changes);
  const { files, identity } = await check(ctx.db, user, changes, values, variant);
  const now = ctx.now();
  const identityValues: Partial<NewUser> =
    identity === null
      ? {}
      : { identityConfirmation: REVIEW_STATUS.confirming, identityDocumentType: identity.type, identityValidDate: null };
  const updated = await ctx.db.transaction(async (tx) => {
    await refusePartyChangesWhileOffered(tx, user.id, values, identity !== null);
    const mine = eq(users.id, user.id);
    const [row] = await tx
      .update(users)
      .set({ ...values, ...identityValues, version: sql`${users.version} + 1`, updatedAt: now })
      .where(changes.version === undefined ? mine : and(mine, eq(users.version, changes.version)))
      .returning();
    if (row === undefined) throw new ApiError(409, { detail: ACCOUNT_MESSAGES.versionConflict });
    if (identity !== null) {
      // The new document replaces the previous one (whose files stay the user's until deleted).
      await tx
        .update(uploads)
        .set({ profileAttachedAt: null })
        .where(and(eq(uploads.userId, user.id), eq(uploads.kind, 'identity'), isNotNull(uploads.profileAttachedAt)));
    }
    const newIds = files.map((f) => f.id);
    if (newIds.length > 0) {
      await tx
        .update(uploads)
        .set({ profileAttachedAt: now })
        .where(and(eq(uploads.userId, user.id), inArray(uploads.id, newIds)));
    }
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
    if (identity !== null) {
      await writeAudit(tx, {
        event: 'identity.submitted',
        at: now,
        userId: user.id,
        data: {
          before: { identity_confirmation: user.identityConfirmation, identity_document_type: user.identityDocumentType },
          after: { identity_confirmation: REVIEW_STATUS.confirming, identity_document_type: identity.type },
          files: identity.files.map((f) => f.id),
        },
      });
    }
    return row;
  });
  if (values.bankAccount !== undefined && values.bankAccount !== user.bankAccount) {
    ctx.mailer.sendInBackground(
      bankAccountChangedMail({
        to: updated.email,
        lastName: updated.lastName,
        firstName: updated.firstName,
        at: now,
        bankAccount: updated.bankAccount,
      }),
    );
  }
  return toProfile(updated, await profileFilesOf(ctx.db, user.id));
}
