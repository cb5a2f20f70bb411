import type { Claim, ContentFile, Entry } from '@app/contracts';
import {
  apiUploadKind,
  DOCUMENT_GROUP_LABELS,
  DOCUMENT_GROUPS,
  ENTRY_DOCUMENT_GROUPS,
  documentGroupKinds,
  formatUploadKey,
  isClaimDocumentGroup,
  isSuffixedUploadKind,
  documentGroupOfKind,
  type DocumentGroup,
} from '@app/contracts/domain';

/**
 * What the reviewer found inadequate on an entry (`entry.inadequate_documents`), as the applicant
 * reads it and as /entry/resubmit asks for it again: each group with its label, the claim it
 * belongs to (named by its obliger), the reviewer's reason, and the upload key a new file goes up
 * under (`documentGroupKinds(group)[0]`, suffixed with the claim's id for a claim's group, as the
 * wizard does).
 */
export interface InadequateItem {
  /** Unique on the page: `withdrawals_detail`, `invoice-31`. */
  readonly key: string;
  readonly group: DocumentGroup;
  readonly groupLabel: string;
  readonly claimId: number | null;
  /** The claim's obliger (売掛先), for a claim's group. */
  readonly claimName: string | null;
  readonly reason: string;
  /** The upload key of `<UploadField>` (the API kind is its part before the dash). */
  readonly uploadKey: string;
}

/** `請求書（株式会社サンプル商事）` or `入出金明細`. */
export const itemTitle = (item: Pick<InadequateItem, 'groupLabel' | 'claimName'>): string =>
  item.claimName === null ? item.groupLabel : `${item.groupLabel}（${item.claimName}）`;

export function uploadKeyOf(group: DocumentGroup, claimId: number | null): string {
  const kind = documentGroupKinds(group)[0] ?? group;
  return claimId !== null && isSuffixedUploadKind(kind) ? formatUploadKey(kind, claimId) : kind;
}

export function inadequateItems(entry: Pick<Entry, 'inadequate_documents' | 'claims'>): InadequateItem[] {
  return entry.inadequate_documents.map((doc) => {
    const claim = doc.claim_id === null ? undefined : entry.claims.find((c) => c.id === doc.claim_id);
    const claimId = isClaimDocumentGroup(doc.group) ? doc.claim_id : null;
    return {
      key: claimId === null ? doc.group : `${doc.group}-${claimId}`,
      group: doc.group,
      groupLabel: DOCUMENT_GROUP_LABELS[doc.group],
      claimId,
      claimName: claim?.obliger_company_name ?? null,
      reason: doc.reason,
      uploadKey: uploadKeyOf(doc.group, claimId),
    };
  });
}

/** A group the entry keeps as it is on resubmission, with the files it holds. */
export interface KeptGroup {
  readonly key: string;
  readonly label: string;
  readonly files: readonly ContentFile[];
}

const isInadequate = (items: readonly InadequateItem[], group: DocumentGroup, claimId: number | null) =>
  items.some((item) => item.group === group && item.claimId === claimId);

const filesOfGroup = (files: readonly ContentFile[], group: DocumentGroup) =>
  files.filter((file) => documentGroupOfKind(apiUploadKind(file.kind)) === group);

/** The entry's own groups that are not asked again, with their files. */
export function keptEntryGroups(entry: Pick<Entry, 'addfiles'>, items: readonly InadequateItem[]): KeptGroup[] {
  return ENTRY_DOCUMENT_GROUPS.filter((group) => !isInadequate(items, group, null)).map((group) => ({
    key: group,
    label: DOCUMENT_GROUP_LABELS[group],
    files: filesOfGroup(entry.addfiles, group),
  }));
}

/** A claim's groups that are not asked again, with their files (additional documents only when there are some). */
export function keptClaimGroups(claim: Pick<Claim, 'id' | 'contentfiles'>, items: readonly InadequateItem[]): KeptGroup[] {
  return DOCUMENT_GROUPS.filter((group) => isClaimDocumentGroup(group) && !isInadequate(items, group, claim.id))
    .map((group) => ({ group, files: filesOfGroup(claim.contentfiles, group) }))
    .filter(({ group, files }) => group !== 'additional_doc' || files.length > 0)
    .map(({ group, files }) => ({ key: `${group}-${claim.id}`, label: DOCUMENT_GROUP_LABELS[group], files }));
}
