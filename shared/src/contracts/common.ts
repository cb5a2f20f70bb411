import * as z from 'zod/mini';
import { FORMAT_MESSAGES } from '../domain/messages';
import { isDecimalString, isFeeRatio, isPurchaseRatio, parseDecimal, parseYen } from '../domain/money';
import { CLAIM_STATUS, DEFAULT_REVIEW_STATUS, ENTRY_STATUS, REVIEW_STATUS } from '../domain/statuses';
import { parseBankAccount } from '../domain/bank-account';
import { isBlank, validateAccountHolderName, validateBankAccountNumber, type FieldErrors } from '../domain/validation';

/**
 * Building blocks of the contracts: ids, dates, decimal strings and status codes, each defined once
 * with the domain's rules (spec §3 "Amounts are decimals", §4 status codes).
 *
 * Format errors the spec does not word use `FORMAT_MESSAGES`; structural errors (a number where a
 * string belongs) keep zod's own message — configure `z.config(z.locales.ja())` once per app for
 * Japanese.
 *
 * Every contract is written with `zod/mini` (functions instead of methods): the same schemas run in
 * the API (fastify-type-provider-zod reads any zod 4 schema) and in every page, where full zod would
 * add ~20 KB gzip to each page's JavaScript.
 */

export const IdSchema = z.int().check(z.positive());

/** A date as the API sends it: `2025-06-30`. */
export const DateSchema = z.iso.date({ error: FORMAT_MESSAGES.date });

/** A timestamp as Django REST framework sends it, with its offset: `2025-06-30T09:00:00.123456+09:00`. */
export const DateTimeSchema = z.iso.datetime({ offset: true });

/** Any decimal string (`"1000000.00"`, `"0.9000"`). */
export const DecimalStringSchema = z.string().check(z.refine(isDecimalString, { error: FORMAT_MESSAGES.yen }));

/** Whole, non-negative yen as a decimal string (`"1000000.00"`, `"660"`). */
export const YenStringSchema = z.string().check(z.refine((value) => parseYen(value) !== undefined, { error: FORMAT_MESSAGES.yen }));

/** The purchase ratio (掛目) as a decimal string, 0 < r ≤ 1. */
export const PurchaseRatioSchema = z.string().check(
  z.refine((value) => {
    const ratio = parseDecimal(value);
    return ratio !== undefined && isPurchaseRatio(ratio);
  }),
);

/** The purchase fee ratio as a decimal string, 0 ≤ r < 1. */
export const FeeRatioSchema = z.string().check(
  z.refine((value) => {
    const ratio = parseDecimal(value);
    return ratio !== undefined && isFeeRatio(ratio);
  }),
);

const codes = <T extends Readonly<Record<string, number>>>(table: T) => Object.values(table) as [T[keyof T], ...T[keyof T][]];

export const EntryStatusSchema = z.literal(codes(ENTRY_STATUS));
export const ClaimStatusSchema = z.literal(codes(CLAIM_STATUS));
export const ReviewStatusSchema = z.literal(codes(REVIEW_STATUS));
/** A confirmation status: a review status code, nothing (4) when missing (spec §4). */
export const ConfirmationStatusSchema = z._default(ReviewStatusSchema, DEFAULT_REVIEW_STATUS);

/** Text a form may leave empty: the domain rules say whether it is required (with the spec's message). */
export const OptionalTextSchema = z.nullish(z.string());

/** A whole-yen amount in a form: empty (the domain says if it is required) or whole yen. */
export const YenInputSchema = z
  .nullish(z.string())
  .check(z.refine((value) => isBlank(value) || parseYen(value ?? '') !== undefined, { error: FORMAT_MESSAGES.yen }));

/** A date in a form: empty (the domain says if it is required) or `YYYY-MM-DD`. */
export const DateInputSchema = z
  .nullish(z.string())
  .check(z.refine((value) => isBlank(value) || DateSchema.safeParse(value).success, { error: FORMAT_MESSAGES.date }));

/** Uploaded files attached to a record (`addfiles`, `contentfiles`): the spec does not detail them; id and kind are what the rules read. */
export const ContentFileSchema = z.looseObject({
  id: IdSchema,
  /** Upload key (`pl`, `invoice-3`). */
  kind: z.string(),
  name: z.optional(z.string()),
  content_type: z.optional(z.string()),
});
export type ContentFile = z.infer<typeof ContentFileSchema>;

/** Free-form metadata of an entry or a claim. */
export const MetadataSchema = z.nullable(z.record(z.string(), z.unknown()));

/** Reports domain `FieldErrors` (dotted paths) as zod issues at the same paths. */
export function addFieldErrors(ctx: RefinementContext, errors: FieldErrors): void {
  for (const [field, message] of Object.entries(errors)) {
    ctx.addIssue({ code: 'custom', message, path: field.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment)) });
  }
}

/** What a `z.superRefine` callback receives besides the value (zod/mini names no such type). */
export type RefinementContext = z.core.$RefinementCtx;

/**
 * A bank account string sent to the API (`bank, branch, 普通|当座, number[, holder]`, see
 * bank-account.ts), or empty to clear it: it must parse, the number must be 7 half-width digits and
 * a holder, when given, must be a valid holder name — each with its own message.
 */
export const BankAccountStringSchema = z.string().check(
  z.superRefine((value, ctx) => {
    if (value === '') return;
    const parsed = parseBankAccount(value);
    const message = parsed.ok
      ? (validateBankAccountNumber(parsed.account.bank_account_number) ??
        (parsed.account.account_holder_name === null ? undefined : validateAccountHolderName(parsed.account.account_holder_name)))
      : FORMAT_MESSAGES.bankAccount;
    if (message !== undefined) ctx.addIssue({ code: 'custom', message });
  }),
);
