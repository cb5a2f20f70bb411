import type { ContentFile, Entry } from '@app/contracts';
import {
  DOCUMENT_GROUP_LABELS,
  ENTRY_DOCUMENT_GROUPS,
  apiUploadKind,
  documentGroupOfKind,
  reviewStatusOrDefault,
  type DocumentGroup,
  type ReviewStatus,
} from '@app/contracts/domain';

/** One document group as the reviewer decides on it: its files, its status and the reason if inadequate. */
export interface DocumentGroupView {
  /** Unique on the page: `withdrawals_detail`, `invoice-31`. */
  readonly key: string;
  readonly group: DocumentGroup;
  readonly claimId: number | null;
  readonly title: string;
  readonly status: ReviewStatus;
  readonly files: readonly ContentFile[];
  readonly inadequateReason: string | null;
}

const ENTRY_GROUP_STATUS = {
  withdrawals_detail: 'account_activity_statement_confirmation_status',
  financial_statements: 'financial_statement_confirmation_status',
} as const;
const CLAIM_GROUP_STATUS = { invoice: 'invoice_confirmation_status', additional_doc: 'additional_doc_confirmation_status' } as const;

const groupOfFile = (file: ContentFile): DocumentGroup | null => documentGroupOfKind(apiUploadKind(file.kind));

/**
 * The entry's documents by group (DOCUMENT_GROUPS): the entry's own groups from `entry.addfiles`
 * (入出金明細, 決算書等), then each claim's invoice and additional documents from its
 * `contentfiles`. A group is listed even without files (its status says 未提出).
 */
export function documentGroupsOf(entry: Entry): DocumentGroupView[] {
  const reasonOf = (group: DocumentGroup, claimId: number | null) =>
    entry.inadequate_documents.find((d) => d.group === group && d.claim_id === claimId)?.reason ?? null;
  const entryGroups = ENTRY_DOCUMENT_GROUPS.map((group): DocumentGroupView => {
    const field = ENTRY_GROUP_STATUS[group as keyof typeof ENTRY_GROUP_STATUS];
    return {
      key: group,
      group,
      claimId: null,
      title: DOCUMENT_GROUP_LABELS[group],
      status: reviewStatusOrDefault(entry[field]),
      files: entry.addfiles.filter((file) => groupOfFile(file) === group),
      inadequateReason: reasonOf(group, null),
    };
  });
  const claimGroups = entry.claims.flatMap((claim, index) =>
    (['invoice', 'additional_doc'] as const).map((group): DocumentGroupView => ({
      key: `${group}-${claim.id}`,
      group,
      claimId: claim.id,
      title: `${DOCUMENT_GROUP_LABELS[group]}（請求書${index + 1}：${claim.obliger_company_name || claim.code}）`,
      status: reviewStatusOrDefault(claim[CLAIM_GROUP_STATUS[group]]),
      files: claim.contentfiles.filter((file) => groupOfFile(file) === group),
      inadequateReason: reasonOf(group, claim.id),
    })),
  );
  return [...entryGroups, ...claimGroups];
}

/** Files of the entry that belong to no group (shown apart, so nothing uploaded is hidden). */
export function ungroupedFiles(entry: Entry): ContentFile[] {
  return [...entry.addfiles, ...entry.claims.flatMap((c) => c.contentfiles)].filter((file) => groupOfFile(file) === null);
}
