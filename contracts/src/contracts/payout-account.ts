import * as z from 'zod/mini';
import { PAYOUT_ACCOUNT_MESSAGES } from '../domain/messages';
import { BankAccountStringSchema } from './amounts';
import { body, PasswordFieldSchema } from './fields';

/**
 * Changing the payout account (振込先口座) of an entry already offered or signed (issue 22) — the
 * classic fraud path of factoring, so: only while the profile's `can_edit_bank_account` allows, with
 * the password typed again, a mail to the applicant naming the old and the new account (masked),
 * an audit row, and the entry's payout on hold (`payout_hold_at`) until a staff member confirms the
 * new account in the back office; the 入金 action is refused meanwhile.
 */
export const PAYOUT_CHANGE_MESSAGES = {
  /** The password typed again is not the account's. */
  passwordIncorrect: 'パスワードが正しくありません。もう一度入力してください。',
  /** The new account is the entry's account already. */
  sameAccount: '現在の振込先口座と同じです。変更後の口座を入力してください。',
  /** Action name for `ENTRY_LIFE_MESSAGES.notAllowed` (an entry neither reviewed nor contracted). */
  action: '振込先口座の変更',
  /** Staff: 入金 while the new account awaits confirmation (409). */
  onHold: '振込先口座が変更され、確認待ちです。変更後の口座を確認してから入金済みにしてください。',
  /** Staff: confirming when no change awaits confirmation (409). */
  noHold: '確認を待っている振込先口座の変更はありません。画面を更新してご確認ください。',
} as const;

/**
 * `POST /api/entries/{id}/bank_account/`: the new payout account (a bank account string with its
 * holder, the rules of spec §5) and the account's password, typed again.
 */
export const EntryBankAccountChangeRequestSchema = body({
  password: PasswordFieldSchema,
  bank_account: z.string().check(
    z.superRefine((value, ctx) => {
      if (value.trim() === '') ctx.addIssue({ code: 'custom', message: PAYOUT_ACCOUNT_MESSAGES.required });
    }),
    z.superRefine((value, ctx) => {
      const checked = z.safeParse(BankAccountStringSchema, value.trim());
      if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? PAYOUT_ACCOUNT_MESSAGES.required });
    }),
  ),
});
export type EntryBankAccountChangeRequest = z.infer<typeof EntryBankAccountChangeRequestSchema>;
