import {
  BANK_FILE_KINDS,
  FINANCIAL_STATEMENT_FILE_KINDS,
  REVIEW_STATUS,
  UPLOAD_KIND_LABELS,
  type ReviewStatus,
  type UploadKind,
} from './statuses';

/**
 * The document groups a reviewer decides on (issue 11): the entry's withdrawals details (入出金明細)
 * and financial statements (決算書等), and each claim's invoice (請求書) and additional documents
 * (追加書類). Each group has its own confirmation status on the entry or the claim (spec §3:
 * `account_activity_statement_confirmation_status`, `financial_statement_confirmation_status`,
 * `invoice_confirmation_status`, `additional_doc_confirmation_status`) and, when inadequate, a
 * reason the applicant reads on /entry/detail and /entry/resubmit.
 */
export const DOCUMENT_GROUPS = ['withdrawals_detail', 'financial_statements', 'invoice', 'additional_doc'] as const;
export type DocumentGroup = (typeof DOCUMENT_GROUPS)[number];

/** Groups decided once per entry; the others are decided per claim. */
export const ENTRY_DOCUMENT_GROUPS: readonly DocumentGroup[] = ['withdrawals_detail', 'financial_statements'];
export const isClaimDocumentGroup = (group: DocumentGroup): boolean => !ENTRY_DOCUMENT_GROUPS.includes(group);

/** The groups in Japanese, as the applicant and the reviewer read them. */
export const DOCUMENT_GROUP_LABELS: Readonly<Record<DocumentGroup, string>> = {
  withdrawals_detail: UPLOAD_KIND_LABELS.withdrawals_detail,
  financial_statements: '決算書・確定申告書など',
  invoice: UPLOAD_KIND_LABELS.invoice,
  additional_doc: UPLOAD_KIND_LABELS.additional_doc,
};

/** Which upload kinds belong to which group (an upload of another kind cannot resubmit the group). */
const KINDS_OF_GROUP: Readonly<Record<DocumentGroup, readonly UploadKind[]>> = {
  withdrawals_detail: ['withdrawals_detail', ...BANK_FILE_KINDS],
  financial_statements: ['financial_statements', ...FINANCIAL_STATEMENT_FILE_KINDS],
  invoice: ['invoice'],
  additional_doc: ['additional_doc'],
};

/** The upload kinds of a group, the first one being the kind a resubmission uploads by default. */
export const documentGroupKinds = (group: DocumentGroup): readonly UploadKind[] => KINDS_OF_GROUP[group];

/** The group an upload kind belongs to, or null (identity and delinquency files are in no group). */
export function documentGroupOfKind(kind: string): DocumentGroup | null {
  return DOCUMENT_GROUPS.find((group) => KINDS_OF_GROUP[group].some((member) => member === kind)) ?? null;
}

/** A group whose status is inadequate must be sent again before the entry can go back under review. */
export const needsResubmission = (status: ReviewStatus): boolean => status === REVIEW_STATUS.inadequate;
