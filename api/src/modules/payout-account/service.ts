import { and, eq } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  ENTRY_LIFE_MESSAGES,
  PAYOUT_CHANGE_MESSAGES,
  type Entry,
  type EntryBankAccountChangeRequest,
} from '@app/contracts';
import { ENTRY_STATUS, PAYOUT_ACCOUNT_MESSAGES, entryStatusLabel, maskedBankAccountText, parseBankAccount } from '@app/contracts/domain';
import { verifyPassword } from '../../accounts/passwords';
import { staffActor, userActor, writeAudit } from '../../audit';
import type { AppContext } from '../../context';
import { entries, users, type User } from '../../db/schema';
import { ApiError, fieldError, notFound } from '../../http/errors';
import { ACCOUNT_RATE_LIMITS, enforceRateLimits, perKey, releaseRateLimits } from '../../http/rate-limit';
import { entryBankAccountChangedMail } from '../../mail/templates';
import type { StaffPrincipal } from '../../http/staff-session';
import { lockEntry } from '../entries/life-support';
import { getEntry } from '../entries/service';

/**
 * The payout account (振込先口座) of an entry after the offer (issue 22). Changing it is where
 * factoring fraud happens (someone with the applicant's session redirects the money), so:
 *
 * - only the applicant's own entry (another's, like an unknown id: 404), only while it is reviewed
 *   or contracted (before, the wizard's draft is where the account is entered; after the transfer
 *   there is nothing left to pay: 409), and only while the profile's `can_edit_bank_account` allows
 *   (400 on `bank_account` with the profile's own message);
 * - the password typed again (400 on `password`; wrong ones count against the same per-account
 *   limit as the password change: 429 after 5 in 15 minutes);
 * - in one transaction with the entry's row locked: the new account, the payout put on hold
 *   (`payout_hold_at`, the old account kept beside it for staff to compare) and an audit row with
 *   both accounts masked;
 * - then a mail to the applicant naming the old and the new account (masked): if it was not them,
 *   they know at once.
 *
 * Staff release the hold once they have confirmed the new account (`confirmBankAccount`); until
 * then the 入金 action is refused (staff-decisions/service.ts).
 */

const CHANGEABLE: readonly number[] = [ENTRY_STATUS.reviewed, ENTRY_STATUS.contracted];

export async function changeEntryBankAccount(
  ctx: AppContext,
  authUser: User,
  entryId: number,
  request: EntryBankAccountChangeRequest,
): Promise<Entry> {
  const now = ctx.now();
  const bankAccount = request.bank_account.trim();
  const parsed = parseBankAccount(bankAccount);
  if (parsed.ok && parsed.account.account_holder_name === null) throw fieldError('bank_account', PAYOUT_ACCOUNT_MESSAGES.holderRequired);

  // Whose entry, and may it change, before the password is even looked at (an unknown id answers as another's).
  const [found] = await ctx.db
    .select({ code: entries.code })
    .from(entries)
    .where(and(eq(entries.id, entryId), eq(entries.userId, authUser.id)));
  if (found === undefined) throw notFound();

  const reservation = await enforceRateLimits(ctx, perKey(ACCOUNT_RATE_LIMITS.passwordChangePerUser, authUser.id));
  if (!(await verifyPassword(authUser.passwordHash, request.password)))
    throw fieldError('password', PAYOUT_CHANGE_MESSAGES.passwordIncorrect);
  await releaseRateLimits(ctx.db, reservation);

  const { user, before } = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, authUser.id));
    if (user === undefined) throw notFound();
    const entry = await lockEntry(tx, user, entryId);
    if (!CHANGEABLE.includes(entry.status))
      throw new ApiError(409, {
        detail: ENTRY_LIFE_MESSAGES.notAllowed(entryStatusLabel(entry.status) ?? '', PAYOUT_CHANGE_MESSAGES.action),
      });
    if (!user.canEditBankAccount) throw fieldError('bank_account', ACCOUNT_MESSAGES.bankAccountLocked);
    if ((entry.bankAccount ?? '') === bankAccount) throw fieldError('bank_account', PAYOUT_CHANGE_MESSAGES.sameAccount);
    await tx
      .update(entries)
      .set({
        bankAccount,
        // A second change before the confirmation keeps the account staff last confirmed as "before".
        payoutHoldAt: now,
        payoutHoldPreviousBankAccount: entry.payoutHoldAt === null ? entry.bankAccount : entry.payoutHoldPreviousBankAccount,
        updatedAt: now,
      })
      .where(eq(entries.id, entry.id));
    await writeAudit(tx, {
      event: 'entry.bank_account_changed',
      at: now,
      actor: userActor(user.id),
      userId: user.id,
      subjectType: 'entry',
      subjectId: String(entry.id),
      data: {
        status: entry.status,
        before: { bank_account: maskedBankAccountText(entry.bankAccount) },
        after: { bank_account: maskedBankAccountText(bankAccount) },
        payout_hold: true,
      },
    });
    return { user, before: entry.bankAccount };
  });

  ctx.mailer.sendInBackground(
    entryBankAccountChangedMail({
      to: user.email,
      lastName: user.lastName,
      firstName: user.firstName,
      code: found.code,
      at: now,
      before: before ?? '',
      after: bankAccount,
      url: `${ctx.publicUrl()}/entry/detail/${entryId}`,
    }),
  );
  return getEntry(ctx, user, entryId);
}

/** Staff confirmed the new account (e.g. by calling the applicant): the hold ends, audited. 409 when none awaits. */
export async function confirmBankAccount(ctx: AppContext, staff: StaffPrincipal, entryId: number): Promise<number> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [entry] = await tx.select().from(entries).where(eq(entries.id, entryId)).for('update');
    if (entry === undefined) throw notFound();
    if (entry.payoutHoldAt === null) throw new ApiError(409, { detail: PAYOUT_CHANGE_MESSAGES.noHold });
    await tx
      .update(entries)
      .set({ payoutHoldAt: null, payoutHoldPreviousBankAccount: null, updatedAt: now })
      .where(eq(entries.id, entry.id));
    await writeAudit(tx, {
      event: 'entry.bank_account_confirmed',
      at: now,
      actor: staffActor(staff.id),
      subjectType: 'entry',
      subjectId: String(entry.id),
      data: {
        bank_account: maskedBankAccountText(entry.bankAccount),
        previous: maskedBankAccountText(entry.payoutHoldPreviousBankAccount),
        held_since: entry.payoutHoldAt.toISOString(),
      },
    });
  });
  return entryId;
}
