import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  BankAccountStringSchema,
  type Claim,
  type ContentFile,
  type Entry,
  type EntryCreateRequest,
} from '@app/contracts';
import {
  CLAIM_STATUS,
  ENTRY_STATUS,
  MESSAGES,
  REVIEW_STATUS,
  apiUploadKind,
  checkNewEntry,
  financialStatementTypeOf,
  identityStateOf,
  invoiceRequirements,
  isAccountActivityStatementComplete,
  isAccountStepDone,
  isBlank,
  isFinancialStatementsComplete,
  isFinancialStatementsDone,
  isWithdrawalsDetailDone,
  normalizeAccountHolderName,
  normalizeBankAccountNumber,
  parseBankAccount,
  parseYen,
  requiredAccountActivityFiles,
  requiredFinancialStatementFiles,
  reviewStatusOrDefault,
  uploadedKinds,
  validateBankAccountNumber,
  validateRequired,
  type AccountActivityStatement,
  type InvoiceRequirement,
  type ReviewStatus,
} from '@app/contracts/domain';
import { safeParse } from 'zod/mini';
import { drfDateTime, profileFilesOf, toMe } from '../../accounts/users';
import { writeAudit } from '../../audit';
import type { AppContext, Db } from '../../context';
import {
  claims,
  entries,
  entryDrafts,
  entryFiles,
  uploads,
  users,
  type ClaimRow,
  type EntryRow,
  type ReceivePaymentAccountRecord,
  type User,
} from '../../db/schema';
import { ApiError, ValidationError, notFound } from '../../http/errors';
import { entryReceivedMail } from '../../mail/templates';
import { notifyStaffSoon } from '../staff-notify/digest';
import { getSuppressEntries } from '../system-settings/service';
import { contractPartyView } from './contract-party';
import { duplicateKeyErrors, resolveDocumentFiles, type ResolvedFile } from './files';
import { DUE_DATE_MAX_YEARS, ENTRY_MESSAGES } from './messages';

/**
 * Entries (申し込み) and their claims: `POST /api/entries/` turns the applicant's draft into an entry
 * under review, `GET /api/entries/` and `GET /api/entries/{id}/` answer the applicant's own.
 */

// ---------------------------------------------------------------------------------------------
// Answers (EntrySchema, ClaimSchema)
// ---------------------------------------------------------------------------------------------

/** A row of `entry_files` with what the upload row says of the file. */
interface FileOfEntry {
  readonly id: number;
  readonly kind: string;
  readonly name: string;
  readonly content_type: string;
  readonly size: number;
  readonly createdAt: Date;
  readonly claimId: number | null;
  readonly entryId: number;
}

const at = (date: Date | null): string | null => (date === null ? null : drfDateTime(date));
const reviewStatus = (code: number) => reviewStatusOrDefault(code);

function toClaim(row: ClaimRow, files: readonly FileOfEntry[]): Claim {
  return {
    id: row.id,
    code: row.code,
    status: row.status as Claim['status'],
    invoice_confirmation_status: reviewStatus(row.invoiceConfirmationStatus),
    additional_doc_confirmation_status: reviewStatus(row.additionalDocConfirmationStatus),
    obliger_company_name: row.obligerCompanyName,
    houjinbangou: row.houjinbangou,
    houjinbangou_address: row.houjinbangouAddress,
    amount: row.amount,
    scheduled_deposit_amount_from_obliger: row.scheduledDepositAmountFromObliger,
    purchase_principal_amount: row.purchasePrincipalAmount,
    purchase_amount: row.purchaseAmount,
    purchase_ratio: row.purchaseRatio,
    purchase_fee: row.purchaseFee,
    purchase_fee_ratio: row.purchaseFeeRatio,
    bank_charge: row.bankCharge,
    obliger_payment_date: row.obligerPaymentDate,
    is_fixed_debt: row.isFixedDebt,
    is_bank_transfer_from_obliger: row.isBankTransferFromObliger,
    return_date: row.returnDate,
    returned_at: at(row.returnedAt),
    cancelled_at: at(row.cancelledAt),
    created_at: drfDateTime(row.createdAt),
    updated_at: drfDateTime(row.updatedAt),
    contentfiles: files.filter((file) => file.claimId === row.id).map(contentFile),
    metadata: row.metadata,
    receive_payment_account:
      row.receivePaymentAccount === null
        ? null
        : { ...row.receivePaymentAccount, obliger_accounts: [...row.receivePaymentAccount.obliger_accounts] },
  };
}

/** A submitted file as the entry lists it: the relation the draft kept (files.ts `ResolvedFile`). */
const contentFile = (file: FileOfEntry): ContentFile => ({
  id: file.id,
  kind: file.kind,
  name: file.name,
  content_type: file.content_type,
  size: file.size,
  created_at: file.createdAt.toISOString(),
});

function toEntry(row: EntryRow, claimRows: readonly ClaimRow[], files: readonly FileOfEntry[]): Entry {
  return {
    id: row.id,
    code: row.code,
    status: row.status as Entry['status'],
    account_activity_statement_confirmation_status: reviewStatus(row.accountActivityStatementConfirmationStatus),
    financial_statement_confirmation_status: reviewStatus(row.financialStatementConfirmationStatus),
    channel_type: row.channelType,
    purchase_amount_desired: row.purchaseAmountDesired,
    purpose: row.purpose,
    description_of_inadequate_document: row.descriptionOfInadequateDocument,
    contracted_at: at(row.contractedAt),
    transferred_at: at(row.transferredAt),
    cancelled_at: at(row.cancelledAt),
    reviewed_at: at(row.reviewedAt),
    rejected_at: at(row.rejectedAt),
    transaction_completed_at: at(row.transactionCompletedAt),
    created_at: drfDateTime(row.createdAt),
    updated_at: drfDateTime(row.updatedAt),
    user: row.userId,
    claims: claimRows.filter((claim) => claim.entryId === row.id).map((claim) => toClaim(claim, files)),
    addfiles: files.filter((file) => file.entryId === row.id && file.claimId === null).map(contentFile),
    metadata: row.metadata,
    draft_entry_id: row.draftEntryId,
    auto_rejection_started_at: at(row.autoRejectionStartedAt),
    contract_period: row.contractPeriod,
    bank_account: row.bankAccount,
    inadequate_documents: row.inadequateDocuments.map((item) => ({ ...item })),
    has_contract_document: row.contractDocumentKey !== null,
    payout_hold_at: at(row.payoutHoldAt),
    payout_hold_previous_bank_account: row.payoutHoldPreviousBankAccount,
    contract_party: contractPartyView(row),
  };
}

/** The entries (rows) with their claims and files, answered in the order given. */
async function withClaimsAndFiles(db: Db, rows: readonly EntryRow[]): Promise<Entry[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const claimRows = await db.select().from(claims).where(inArray(claims.entryId, ids)).orderBy(asc(claims.entryId), asc(claims.position));
  const files = await db
    .select({
      id: entryFiles.uploadId,
      entryId: entryFiles.entryId,
      claimId: entryFiles.claimId,
      kind: entryFiles.kind,
      name: uploads.name,
      content_type: uploads.contentType,
      size: uploads.size,
      createdAt: uploads.createdAt,
    })
    .from(entryFiles)
    .innerJoin(uploads, eq(uploads.id, entryFiles.uploadId))
    .where(inArray(entryFiles.entryId, ids))
    .orderBy(asc(entryFiles.position));
  return rows.map((row) => toEntry(row, claimRows, files));
}

/** `GET /api/entries/`: the applicant's entries, newest first. */
export async function listEntries(ctx: AppContext, user: User): Promise<Entry[]> {
  const rows = await ctx.db.select().from(entries).where(eq(entries.userId, user.id)).orderBy(desc(entries.createdAt), desc(entries.id));
  return withClaimsAndFiles(ctx.db, rows);
}

/** `GET /api/entries/{id}/`: the applicant's own entry; anyone else's is 404, like one that does not exist. */
export async function getEntry(ctx: AppContext, user: User, id: number): Promise<Entry> {
  const rows = await ctx.db
    .select()
    .from(entries)
    .where(and(eq(entries.id, id), eq(entries.userId, user.id)));
  const [entry] = await withClaimsAndFiles(ctx.db, rows);
  if (entry === undefined) throw notFound();
  return entry;
}

// ---------------------------------------------------------------------------------------------
// The submit rules only the server can check
// ---------------------------------------------------------------------------------------------

/**
 * What the applicant typed, made the way banks expect before anything is validated, as the page
 * does it (kana.ts): payer holder names (width, kana, symbols, spaces) and account numbers
 * (full-width digits). Works on the raw JSON body (`preValidation`), so what the page accepts the
 * server accepts; anything that is not where a name or number should be is left as it is.
 */
export function normalizeEntryBody(body: unknown): void {
  const objects = (value: unknown): Record<string, unknown>[] =>
    Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];
  const normalize = (object: Record<string, unknown>, field: string, how: (text: string) => { value: string }) => {
    const value = object[field];
    if (typeof value === 'string') object[field] = how(value).value;
  };
  if (typeof body !== 'object' || body === null) return;
  const document = body as Record<string, unknown>;
  for (const claim of objects(document.claims)) {
    const account = claim.receive_payment_account;
    if (typeof account !== 'object' || account === null) continue;
    const receive = account as Record<string, unknown>;
    normalize(receive, 'bank_account_number', normalizeBankAccountNumber);
    for (const payer of objects(receive.obliger_accounts)) normalize(payer, 'holder_name', normalizeAccountHolderName);
  }
  for (const bank of objects(document.banks)) normalize(bank, 'bank_account_number', normalizeBankAccountNumber);
}

type Errors = Record<string, string[]>;
const add = (errors: Errors, field: string, message: string): void => {
  const messages = (errors[field] ??= []);
  if (!messages.includes(message)) messages.push(message);
};

const isPositiveYen = (value: string | null | undefined): boolean => parseYen(value)?.gt(0) ?? false;

/**
 * §5 invoice requirements (`invoiceRequirements` of the domain) by field: the desired amount against
 * the claims' total, each claim's confirmations, amounts above 0 and payer accounts, and at least
 * one invoice file. The fields the schema already checked (required fields, bank details, holder
 * names) never reach here unmet.
 */
function invoiceErrors(document: EntryCreateRequest, claimFiles: readonly ResolvedFile[][], errors: Errors): boolean {
  const whole = invoiceRequirements(document, claimFiles.flat());
  const entryLevel: Partial<Record<InvoiceRequirement, [string, string]>> = {
    purchaseAmountDesired: ['purchase_amount_desired', ENTRY_MESSAGES.purchaseAmountDesired],
    invoiceFile: ['claims.0.contentfile_relations', ENTRY_MESSAGES.invoiceFile],
  };
  for (const requirement of whole.missing) {
    const error = entryLevel[requirement];
    if (error !== undefined) add(errors, ...error);
  }
  document.claims.forEach((claim, index) => {
    const path = `claims.${index}`;
    for (const requirement of invoiceRequirements({ ...document, claims: [claim] }, []).missing) {
      if (requirement === 'fixedDebt') add(errors, `${path}.is_fixed_debt`, ENTRY_MESSAGES.fixedDebt);
      if (requirement === 'bankTransfer') add(errors, `${path}.is_bank_transfer_from_obliger`, ENTRY_MESSAGES.bankTransfer);
      if (requirement === 'holderNames') add(errors, `${path}.receive_payment_account.obliger_accounts`, ENTRY_MESSAGES.obligerAccounts);
      if (requirement === 'amounts') {
        for (const field of ['amount', 'scheduled_deposit_amount_from_obliger'] as const) {
          if (!isPositiveYen(claim[field])) add(errors, `${path}.${field}`, ENTRY_MESSAGES.positiveAmount);
        }
      }
    }
  });
  return whole.complete;
}

/**
 * The due dates (入金予定日) at submission (issue 23): not before today in Japan, and not more than
 * `DUE_DATE_MAX_YEARS` ahead — a claim further out is no invoice to buy now. A draft may hold any
 * real date; the window is checked when the entry is made.
 */
function dueDateErrors(document: EntryCreateRequest, today: string, errors: Errors): void {
  const latest = `${Number(today.slice(0, 4)) + DUE_DATE_MAX_YEARS}${today.slice(4)}`;
  document.claims.forEach((claim, index) => {
    const date = claim.obliger_payment_date;
    if (date == null || date === '') return;
    if (date < today) add(errors, `claims.${index}.obliger_payment_date`, ENTRY_MESSAGES.dueDatePast);
    else if (date > latest) add(errors, `claims.${index}.obliger_payment_date`, ENTRY_MESSAGES.dueDateTooFar);
  });
}

/** §4/§5 financial statements: the type chosen and its files complete, unless already submitted (confirming or confirmed). */
function financialErrors(document: EntryCreateRequest, user: User, files: readonly ResolvedFile[], errors: Errors): boolean {
  if (isFinancialStatementsDone(user.financialStatementsStatus)) return true;
  const type = financialStatementTypeOf({
    corporateDivision: user.corporateDivision,
    canSubmit: document.can_submit_financial_statements,
    taxReturnMethod: document.tax_return_submissions,
  });
  if (type === null) {
    if (document.can_submit_financial_statements == null) add(errors, 'can_submit_financial_statements', ENTRY_MESSAGES.financialChoice);
    else add(errors, 'tax_return_submissions', ENTRY_MESSAGES.taxReturnMethod);
    return false;
  }
  const options = { noSgaExpenses: document.no_sga_expenses };
  if (isFinancialStatementsComplete(type, files, options)) return true;
  const uploaded = uploadedKinds(files);
  const missing = requiredFinancialStatementFiles(type, options).filter((kind) => !uploaded.has(kind));
  add(errors, 'financial_statement_files', ENTRY_MESSAGES.missingFiles(missing));
  return false;
}

/** A bank of the draft as the domain's account activity statement item (spec §3). */
function statementOf(bank: EntryCreateRequest['banks'][number], files: readonly ResolvedFile[]): AccountActivityStatement {
  const kinds = uploadedKinds(files);
  return {
    bankName: bank.bank_name,
    bankAccountNumber: bank.bank_account_number,
    fileFormat: bank.file_format,
    passbookCoverUploaded: kinds.has('passbook_cover'),
    passbookDetailsUploaded: kinds.has('passbook_details'),
    ibInfoUploaded: kinds.has('ib_info'),
    ibDetailsUploaded: kinds.has('ib_details'),
  };
}

/** §5 account activity statements: at least one bank, each complete, unless already submitted (confirming or confirmed). */
function withdrawalErrors(document: EntryCreateRequest, user: User, bankFiles: readonly ResolvedFile[][], errors: Errors): boolean {
  if (isWithdrawalsDetailDone(user.withdrawalsDetailStatus)) return true;
  if (document.banks.length === 0) {
    add(errors, 'banks', ENTRY_MESSAGES.noBanks);
    return false;
  }
  let complete = true;
  document.banks.forEach((bank, index) => {
    const files = bankFiles[index] ?? [];
    if (isAccountActivityStatementComplete(statementOf(bank, files))) return;
    complete = false;
    const path = `banks.${index}`;
    const required = validateRequired(bank.bank_name);
    if (required !== undefined) add(errors, `${path}.bank_name`, required);
    const number = validateBankAccountNumber(bank.bank_account_number);
    if (number !== undefined) add(errors, `${path}.bank_account_number`, number);
    const uploaded = uploadedKinds(files);
    const missing = requiredAccountActivityFiles(bank.file_format).filter((kind) => !uploaded.has(kind));
    if (missing.length > 0) add(errors, `${path}.contentfile_relations`, ENTRY_MESSAGES.missingFiles(missing));
  });
  return complete;
}

// ---------------------------------------------------------------------------------------------
// POST /api/entries/
// ---------------------------------------------------------------------------------------------

const entryCode = (id: number): string => `E-${String(id).padStart(6, '0')}`;
const claimCode = (id: number): string => `C-${String(id).padStart(6, '0')}`;
/** The day in Japan (what "today" means for the identity's valid date). */
const todayInJapan = (now: Date): string => drfDateTime(now).slice(0, 10);

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
  const today = todayInJapan(now);
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
