import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { type Claim, type ContentFile, type Entry } from '@app/contracts';
import { reviewStatusOrDefault } from '@app/contracts/domain';
import { drfDateTime } from '../../accounts/users';
import type { AppContext, Db } from '../../context';
import { claims, entries, entryFiles, uploads, type ClaimRow, type EntryRow, type User } from '../../db/schema';
import { notFound } from '../../http/errors';
import { contractPartyView } from './contract-party';

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
