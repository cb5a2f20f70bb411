import * as z from 'zod/mini';
import { parseBankAccount } from '../domain/bank-account';
import { FORMAT_MESSAGES, MESSAGES } from '../domain/messages';
import { isDecimalString, isFeeRatio, isPurchaseRatio, parseDecimal, parseYen } from '../domain/money';
import { isBlank, validateAccountHolderName, validateBankAccountNumber, type FieldErrors } from '../domain/validation';
import { DateSchema } from './common';

/**
 * Building blocks that apply the domain's money, date and bank-account rules: decimal strings,
 * whole yen, ratios, form inputs and the bank account string (spec §3 "Amounts are decimals").
 * Apart from common.ts so that reading the current user loads none of the money rules.
 */

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

/** The largest amount an amount column holds (numeric(15,0)): 15 digits of yen (issue 23). */
export const MAX_YEN = '999999999999999';

/** A whole-yen amount in a form: empty (the domain says if it is required) or whole yen within `MAX_YEN`. */
export const YenInputSchema = z.nullish(z.string()).check(
  z.superRefine((value, ctx) => {
    if (isBlank(value)) return;
    const yen = parseYen(value ?? '');
    if (yen === undefined) ctx.addIssue({ code: 'custom', message: FORMAT_MESSAGES.yen });
    else if (yen.gt(MAX_YEN)) ctx.addIssue({ code: 'custom', message: FORMAT_MESSAGES.yenTooLarge });
  }),
);

/** The years a date in a form may have: a claim's dates are this century's (0000-12-31 is no date the database knows). */
const DATE_INPUT_YEARS = { min: 2000, max: 2099 } as const;

/** A date in a form: empty (the domain says if it is required) or a real `YYYY-MM-DD` date within `DATE_INPUT_YEARS`. */
export const DateInputSchema = z.nullish(z.string()).check(
  z.superRefine((value, ctx) => {
    if (isBlank(value)) return;
    if (!DateSchema.safeParse(value).success) ctx.addIssue({ code: 'custom', message: FORMAT_MESSAGES.date });
    else {
      const year = Number((value ?? '').slice(0, 4));
      if (year < DATE_INPUT_YEARS.min || year > DATE_INPUT_YEARS.max)
        ctx.addIssue({ code: 'custom', message: FORMAT_MESSAGES.dateOutOfRange });
    }
  }),
);

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
 * a holder, when given, must be a valid holder name — each with its own message (a deposit type
 * other than 普通/当座 gets the spec's 「普通か当座を選択してください。」).
 */
export const BankAccountStringSchema = z.string().check(
  z.superRefine((value, ctx) => {
    if (value === '') return;
    const parsed = parseBankAccount(value);
    const message = parsed.ok
      ? (validateBankAccountNumber(parsed.account.bank_account_number) ??
        (parsed.account.account_holder_name === null ? undefined : validateAccountHolderName(parsed.account.account_holder_name)))
      : parsed.error === 'depositType'
        ? MESSAGES.depositType
        : FORMAT_MESSAGES.bankAccount;
    if (message !== undefined) ctx.addIssue({ code: 'custom', message });
  }),
);
