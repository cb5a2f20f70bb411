import * as z from 'zod/mini';
import { DEPOSIT_TYPES, MAX_CLAIMS_PER_ENTRY } from '../domain/constants';
import { TAX_RETURN_METHODS } from '../domain/financial-statements';
import { MESSAGES } from '../domain/messages';
import { BANK_FILE_FORMATS } from '../domain/statuses';
import { validateEntrySubmit } from '../domain/validation-entry';
import { YenInputSchema, addFieldErrors } from './amounts';
import { ContentFileSchema, DateTimeSchema, DB_INTEGER_MAX } from './common';
import { ClaimInputSchema, EntryLineSchema } from './entry';
import { ENTRY_PURPOSE, nullishHumanText } from './human-text';
import { VersionFieldSchema } from './fields';

/**
 * The entry wizard's server-side draft (issue #10; spec §3 "Draft entry"): one per applicant, read
 * and saved whole under an optimistic `version` lock (`GET`/`PUT /api/entries/draft/`; the path is
 * ours). Every field may still be empty: a draft is checked for format only, the submit rules of
 * the domain run when the entry is created.
 *
 * Claims and banks carry a `key` (digits, unique in the draft, never reused) that names their upload
 * keys: `invoice-{key}`, `additional_doc-{key}`, `withdrawals_detail-{key}`; their files are
 * `contentfile_relations` (uploaded files of the applicant, the API checks they are theirs).
 */
export const DraftKeySchema = z.string().check(z.regex(/^[0-9]{1,9}$/));

export const DraftClaimDocumentSchema = z.extend(ClaimInputSchema, {
  key: DraftKeySchema,
  contentfile_relations: z._default(z.array(ContentFileSchema), []),
});
export type DraftClaimDocument = z.infer<typeof DraftClaimDocumentSchema>;

/** A bank account of the withdrawals-detail step (入出金明細) with its statement files. */
export const DraftBankDocumentSchema = z.object({
  key: DraftKeySchema,
  bank_name: EntryLineSchema,
  branch_name: EntryLineSchema,
  bank_account_number: EntryLineSchema,
  file_format: z.nullish(z.enum(BANK_FILE_FORMATS)),
  contentfile_relations: z._default(z.array(ContentFileSchema), []),
});
export type DraftBankDocument = z.infer<typeof DraftBankDocumentSchema>;

/**
 * The payout account (振込先口座) as the applicant typed it in the wizard, field by field, so a
 * reload restores even an unfinished one. The entry takes `bank_account`, the account string the
 * wizard forms from these fields once they are complete (null until then).
 */
export const DraftPayoutAccountSchema = z.object({
  bank_name: EntryLineSchema,
  branch_name: EntryLineSchema,
  deposit_type: z.nullish(z.enum(DEPOSIT_TYPES)),
  bank_account_number: EntryLineSchema,
  account_holder_name: EntryLineSchema,
});
export type DraftPayoutAccount = z.infer<typeof DraftPayoutAccountSchema>;

/** Everything the wizard saves. */
export const DraftEntryDocumentSchema = z.object({
  purchase_amount_desired: YenInputSchema,
  purpose: nullishHumanText(ENTRY_PURPOSE),
  claims: z._default(z.array(DraftClaimDocumentSchema).check(z.maxLength(MAX_CLAIMS_PER_ENTRY, { error: MESSAGES.tooManyClaims })), []),
  /** The applicant's own account for the purchase price (bank account string, bank-account.ts). */
  bank_account: EntryLineSchema,
  /** The fields `bank_account` is formed from, as typed (see DraftPayoutAccountSchema). */
  payout_account: z.nullish(DraftPayoutAccountSchema),
  banks: z._default(z.array(DraftBankDocumentSchema), []),
  can_submit_financial_statements: z.nullish(z.boolean()),
  tax_return_submissions: z.nullish(z.enum(TAX_RETURN_METHODS)),
  /** The corporation has no SG&A breakdown (販売費及び一般管理費の内訳) to send. */
  no_sga_expenses: z.nullish(z.boolean()),
  /** Financial statements / trial balance / tax return files (pl, bs, breakdown_statement, …). */
  financial_statement_files: z._default(z.array(ContentFileSchema), []),
});
export type DraftEntryDocument = z.infer<typeof DraftEntryDocumentSchema>;

/** `GET /api/entries/draft/` and the answer of a save: version 0 and an empty document before the first save. */
export const DraftEntryResponseSchema = z.object({
  version: z.int().check(z.nonnegative()),
  updated_at: z.nullable(DateTimeSchema),
  data: DraftEntryDocumentSchema,
});
export type DraftEntryResponse = z.infer<typeof DraftEntryResponseSchema>;

/** `PUT /api/entries/draft/`: the whole document and the version it was based on (0: the first save); stale → 409. */
export const DraftSaveRequestSchema = z.object({
  version: z.int().check(z.nonnegative(), z.lte(DB_INTEGER_MAX)),
  data: DraftEntryDocumentSchema,
});
export type DraftSaveRequest = z.infer<typeof DraftSaveRequestSchema>;

/**
 * `POST /api/entries/`: the entry with its claims (spec §7) as the draft holds it, and the draft's
 * version (the entry is made from what the applicant last saw). The first-submit rules of spec §5
 * run here and again on the server with the new-entry conditions of §4.
 */
export const EntryCreateRequestSchema = z
  .extend(DraftEntryDocumentSchema, { draft_version: VersionFieldSchema })
  .check(z.superRefine((entry, ctx) => addFieldErrors(ctx, validateEntrySubmit(entry, 'submit'))));
export type EntryCreateRequest = z.infer<typeof EntryCreateRequestSchema>;
