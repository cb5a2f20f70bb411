import { eq, inArray, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, BankAccountStringSchema, type Entry, type EntryCreateRequest } from '@app/contracts';
import {
  CLAIM_STATUS,
  ENTRY_STATUS,
  MESSAGES,
  REVIEW_STATUS,
  apiUploadKind,
  checkNewEntry,
  financialStatementTypeOf,
  identityStateOf,
  isAccountStepDone,
  isBlank,
  parseBankAccount,
  parseYen,
  reviewStatusOrDefault,
  type ReviewStatus,
} from '@app/contracts/domain';
import { safeParse } from 'zod/mini';
import { dayInJapan, profileFilesOf, toMe } from '../../accounts/users';
import { writeAudit } from '../../audit';
import type { AppContext, Db } from '../../context';
import { claims, entries, entryDrafts, entryFiles, users, type ReceivePaymentAccountRecord, type User } from '../../db/schema';
import { ApiError, ValidationError, notFound } from '../../http/errors';
import { entryReceivedMail } from '../../mail/templates';
import { notifyStaffSoon } from '../staff-notify/digest';
import { getSuppressEntries } from '../system-settings/service';
import { duplicateKeyErrors, resolveDocumentFiles } from './files';
import { ENTRY_MESSAGES } from './messages';
import { getEntry } from './service';
import { add, invoiceErrors, dueDateErrors, financialErrors, withdrawalErrors, type Errors } from './submit-rules';

// ---------------------------------------------------------------------------------------------
// POST /api/entries/
// ---------------------------------------------------------------------------------------------

const entryCode = (id: number): string => `E-${String(id).padStart(6, '0')}`;
const claimCode = (id: number): string => `C-${String(id).padStart(6, '0')}`;
/** The day in Japan (what "today" means for the identity's valid date). */

async function nextIds(db: Db, table: 'entries' | 'claims', count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  return result.rows.map((row) => Number(row.id));
}

/**
 * `POST /api/entries/` (the first submit): the body is the draft as the applicant last saw it, its
 * §5 submit rules already checked by the contract (holder names and account numbers normalised
 * first, `normalizeEntryBody`). In one transaction, with the applicant's row locked so two submits
 * cannot both pass the §4 conditions:
 *
 * 1. `draft_version` must be the stored draft's version (409 otherwise; a submitted draft is gone);
 * 2. the new-entry conditions of §4 (`checkNewEntry`) — refused with the reason in `non_field_errors`;
 * 3. every file is the applicant's own, in its place, not submitted before (files.ts); the invoice
 *    requirements, the financial statements and the withdrawals details of §5 (unless already
 *    submitted: confirming or confirmed), the account step of §4 (profile satisfied, identity
 *    confirming or confirmed and valid) — each failure a 400 naming its field (`profile` for the
 *    profile step);
 * 4. the entry (under review, `E-000123`), its claims (under review, payer holder names as
 *    normalised), its files (no longer deletable), the applicant's withdrawals-detail and
 *    financial-statements statuses set to confirming when files of theirs were sent; the draft is
 *    deleted and the whole written to the audit log.
 *
 * Then, once committed, the applicant is mailed the entry's code and what happens next.
 */
export async function createEntry(ctx: AppContext, authUser: User, request: EntryCreateRequest): Promise<Entry> {
  const now = ctx.now();
  const today = dayInJapan(now);
  const { entry, user, claimRows } = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, authUser.id)).for('update');
    if (user === undefined) throw notFound();
    const [draft] = await tx.select().from(entryDrafts).where(eq(entryDrafts.userId, user.id)).for('update');
    if (draft === undefined || draft.version !== request.draft_version) {
      throw new ApiError(409, { detail: ACCOUNT_MESSAGES.versionConflict });
    }

    // §4: may this applicant start a new entry at all?
    const me = toMe(user, await profileFilesOf(tx, user.id));
    const identity = identityStateOf(me, today);
    const previous = await tx.select({ id: entries.id, status: entries.status }).from(entries).where(eq(entries.userId, user.id));
    const previousClaims =
      previous.length === 0
        ? []
        : await tx
            .select({ entryId: claims.entryId, status: claims.status })
            .from(claims)
            .where(
              inArray(
                claims.entryId,
                previous.map((e) => e.id),
              ),
            );
    const eligibility = checkNewEntry({
      identity,
      suppressEntries: await getSuppressEntries(tx),
      userSegment: user.userSegment,
      entries: previous.map((e) => ({ status: e.status, claims: previousClaims.filter((c) => c.entryId === e.id) })),
      hasEntryPermissionWhenDelayed: user.hasEntryPermissionWhenDelayed,
    });
    if (!eligibility.allowed) throw new ValidationError({ non_field_errors: [eligibility.reason.message] });

    // §5: what only the server can check.
    const errors: Errors = { ...duplicateKeyErrors(request) };
    const resolved = await resolveDocumentFiles(tx, user.id, request);
    for (const [field, messages] of Object.entries(resolved.errors)) for (const message of messages) add(errors, field, message);
    const claimFiles = resolved.lists.slice(0, request.claims.length);
    const bankFiles = resolved.lists.slice(request.claims.length, request.claims.length + request.banks.length);
    const financialFiles = resolved.lists[request.claims.length + request.banks.length] ?? [];
    dueDateErrors(request, today, errors);
    const complete = [
      invoiceErrors(request, claimFiles, errors),
      financialErrors(request, user, financialFiles, errors),
      withdrawalErrors(request, user, bankFiles, errors),
    ];
    if (!isAccountStepDone(identity))
      add(errors, 'profile', identity.hasSatisfiedProfile ? ENTRY_MESSAGES.identity : ENTRY_MESSAGES.profile);
    // The payout account: the entry's own copy, as the wizard sent it (prefilled there from the profile).
    const bankAccount = isBlank(request.bank_account) ? null : (request.bank_account ?? '').trim();
    if (bankAccount === null) add(errors, 'bank_account', ENTRY_MESSAGES.bankAccountRequired);
    else {
      const checked = safeParse(BankAccountStringSchema, bankAccount);
      if (!checked.success) add(errors, 'bank_account', checked.error.issues[0]?.message ?? MESSAGES.checkFieldErrors);
      else {
        const parsed = parseBankAccount(bankAccount);
        if (parsed.ok && parsed.account.account_holder_name === null) add(errors, 'bank_account', ENTRY_MESSAGES.bankAccountHolderRequired);
      }
    }
    // Never an entry whose steps the domain does not call complete, even for a reason not mapped above.
    if (Object.keys(errors).length === 0 && complete.includes(false)) add(errors, 'non_field_errors', MESSAGES.checkFieldErrors);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);

    // Write it all.
    const [entryId] = await nextIds(tx, 'entries', 1);
    if (entryId === undefined) throw new Error('no entry id');
    const claimIds = await nextIds(tx, 'claims', request.claims.length);
    const sentBankFiles = bankFiles.flat().length > 0;
    const sentFinancialFiles = financialFiles.length > 0;
    const confirming = REVIEW_STATUS.confirming;
    const [entry] = await tx
      .insert(entries)
      .values({
        id: entryId,
        code: entryCode(entryId),
        userId: user.id,
        status: ENTRY_STATUS.under_review,
        accountActivityStatementConfirmationStatus: sentBankFiles ? confirming : reviewStatusOrDefault(user.withdrawalsDetailStatus),
        financialStatementConfirmationStatus: sentFinancialFiles ? confirming : reviewStatusOrDefault(user.financialStatementsStatus),
        purchaseAmountDesired: String(parseYen(request.purchase_amount_desired)?.toFixed(0)),
        purpose: (request.purpose ?? '').trim(),
        createdAt: now,
        updatedAt: now,
        metadata: {
          financial_statement_type: financialStatementTypeOf({
            corporateDivision: user.corporateDivision,
            canSubmit: request.can_submit_financial_statements,
            taxReturnMethod: request.tax_return_submissions,
          }),
          can_submit_financial_statements: request.can_submit_financial_statements ?? null,
          tax_return_submissions: request.tax_return_submissions ?? null,
          no_sga_expenses: request.no_sga_expenses ?? null,
          banks: request.banks.map((bank, index) => ({
            key: bank.key,
            bank_name: bank.bank_name ?? null,
            branch_name: bank.branch_name ?? null,
            bank_account_number: bank.bank_account_number ?? null,
            file_format: bank.file_format ?? null,
            files: (bankFiles[index] ?? []).map((file) => file.id),
          })),
        },
        draftEntryId: draft.id,
        bankAccount,
      })
      .returning();
    if (entry === undefined) throw new Error('entry insert returned no row');

    const claimRows = await tx
      .insert(claims)
      .values(
        request.claims.map((claim, index) => {
          const files = claimFiles[index] ?? [];
          const account = claim.receive_payment_account;
          const receivePaymentAccount: ReceivePaymentAccountRecord = {
            bank_name: (account?.bank_name ?? '').trim(),
            deposit_type: account?.deposit_type ?? 'ordinary',
            bank_account_number: account?.bank_account_number ?? '',
            // Copied from the normalised name (the contract validated it as such).
            obliger_accounts: (account?.obliger_accounts ?? []).map((payer) => ({ holder_name: payer.holder_name ?? '' })),
          };
          const hasKind = (kind: string) => files.some((file) => apiUploadKind(file.kind) === kind);
          const id = claimIds[index] as number;
          return {
            id,
            entryId,
            code: claimCode(id),
            position: index,
            draftKey: claim.key,
            status: CLAIM_STATUS.under_review,
            invoiceConfirmationStatus: hasKind('invoice') ? confirming : REVIEW_STATUS.nothing,
            additionalDocConfirmationStatus: hasKind('additional_doc') ? confirming : REVIEW_STATUS.nothing,
            obligerCompanyName: (claim.obliger_company_name ?? '').trim(),
            houjinbangou: isBlank(claim.houjinbangou) ? null : (claim.houjinbangou ?? '').trim(),
            houjinbangouAddress: isBlank(claim.houjinbangou_address) ? null : (claim.houjinbangou_address ?? '').trim(),
            amount: String(parseYen(claim.amount)?.toFixed(0)),
            scheduledDepositAmountFromObliger: String(parseYen(claim.scheduled_deposit_amount_from_obliger)?.toFixed(0)),
            obligerPaymentDate: claim.obliger_payment_date ?? '',
            isFixedDebt: claim.is_fixed_debt === true,
            isBankTransferFromObliger: claim.is_bank_transfer_from_obliger === true,
            createdAt: now,
            updatedAt: now,
            receivePaymentAccount,
          };
        }),
      )
      .returning();

    const fileRows = [
      ...claimFiles.flatMap((files, index) => files.map((file) => ({ file, claimId: claimIds[index] ?? null, bankKey: null }))),
      ...bankFiles.flatMap((files, index) => files.map((file) => ({ file, claimId: null, bankKey: request.banks[index]?.key ?? null }))),
      ...financialFiles.map((file) => ({ file, claimId: null, bankKey: null })),
    ];
    if (fileRows.length > 0) {
      await tx.insert(entryFiles).values(
        fileRows.map(({ file, claimId, bankKey }, position) => ({
          uploadId: file.id,
          entryId,
          claimId,
          bankKey,
          kind: file.kind,
          position,
          attachedAt: now,
        })),
      );
    }

    const statuses: { withdrawalsDetailStatus?: ReviewStatus; financialStatementsStatus?: ReviewStatus } = {};
    if (sentBankFiles) statuses.withdrawalsDetailStatus = confirming;
    if (sentFinancialFiles) statuses.financialStatementsStatus = confirming;
    if (Object.keys(statuses).length > 0) {
      await tx
        .update(users)
        .set({ ...statuses, updatedAt: now })
        .where(eq(users.id, user.id));
    }
    await tx.delete(entryDrafts).where(eq(entryDrafts.id, draft.id));
    await writeAudit(tx, {
      event: 'entry.created',
      at: now,
      userId: user.id,
      subjectType: 'entry',
      subjectId: String(entryId),
      data: {
        code: entry.code,
        status: ENTRY_STATUS.under_review,
        claims: claimRows.map((claim) => ({ id: claim.id, code: claim.code, status: claim.status })),
        files: fileRows.map(({ file }) => file.id),
        draft: { id: draft.id, version: draft.version },
        before: { withdrawals_detail_status: user.withdrawalsDetailStatus, financial_statements_status: user.financialStatementsStatus },
        after: {
          withdrawals_detail_status: statuses.withdrawalsDetailStatus ?? user.withdrawalsDetailStatus,
          financial_statements_status: statuses.financialStatementsStatus ?? user.financialStatementsStatus,
        },
      },
    });
    return { entry, user, claimRows };
  });

  ctx.mailer.sendInBackground(
    entryReceivedMail({
      to: user.email,
      lastName: user.lastName,
      firstName: user.firstName,
      at: now,
      code: entry.code,
      purchaseAmountDesired: entry.purchaseAmountDesired,
      claims: claimRows.map((claim) => ({ obligerCompanyName: claim.obligerCompanyName, amount: claim.amount })),
      url: `${ctx.publicUrl()}/entry/detail/${entry.id}`,
    }),
  );
  notifyStaffSoon(ctx);
  return getEntry(ctx, user, entry.id);
}
