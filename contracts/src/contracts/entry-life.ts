import * as z from 'zod/mini';
import { DOCUMENT_GROUPS } from '../domain/document-review';
import { IdSchema } from './common';
import { body } from './fields';

/**
 * An entry's life after it is submitted, on the applicant's side (issue 11; spec §2 detail,
 * resubmit, contract, cancel routes; §7 `POST /api/entries/{id}/review|contract|cancel/`).
 * Each answers the entry (`EntrySchema`). A move the domain's transition table does not allow from
 * the entry's status is refused with 409 and `ENTRY_LIFE_MESSAGES.notAllowed`.
 */

/** Japanese messages of the entry's life (the applicant's side). */
export const ENTRY_LIFE_MESSAGES = {
  /** 409: the move is not legal from the current status (`label` = ENTRY_STATUS_LABELS, `action` = e.g. 取り消し). */
  notAllowed: (label: string, action: string) =>
    `この申し込みは現在「${label}」のため、${action}できません。画面を更新してご確認ください。`,
  /** Resubmission without a file for one of the inadequate groups (`group` = DOCUMENT_GROUP_LABELS). */
  missingGroup: (group: string) => `「${group}」のファイルをアップロードしてください。`,
  /** A file for a group that is not inadequate, of the wrong kind, not yours, or already submitted. */
  fileNotAccepted: 'このファイルは再提出に使えません。アップロードし直してください。',
  /** `claim_id` missing for a claim's group, or given for an entry's group, or not a claim of the entry. */
  claimMismatch: '請求書の指定が正しくありません。',
  /** Contract without consent. */
  agreementRequired: '契約内容と債権譲渡契約書をご確認のうえ、同意してください。',
  /** Contract after the offer's last day (`contract_period`). */
  offerExpired: 'ご契約の期限を過ぎているため、契約できません。お手数ですがお問い合わせください。',
  /** Contract while the identity no longer binds one (expired or no longer confirmed, issue 23). */
  identityInvalid:
    '本人確認書類の有効期限が切れているか確認が完了していないため、ご契約の手続きができません。お手数ですがお問い合わせください。',
  /** The contract PDF of an entry that is not contracted (404 detail). */
  noContractDocument: '契約書はまだありません。',
  /** Action names used in `notAllowed`. */
  actions: { review: '再提出', contract: 'ご契約', cancel: '取り消し' },
} as const;

/**
 * One file sent again (`POST /api/entries/{id}/review/`): an upload of the applicant (uploaded with
 * `POST /api/uploads/` and a kind of the group), the group it answers and, for a claim's group
 * (invoice, additional_doc), the claim.
 */
export const ResubmitFileSchema = z.object({
  id: IdSchema,
  group: z.enum(DOCUMENT_GROUPS),
  claim_id: z._default(z.nullable(IdSchema), null),
});
export type ResubmitFile = z.output<typeof ResubmitFileSchema>;

/**
 * `POST /api/entries/{id}/review/` (resubmit; the spec does not show the body): only the files of
 * the groups found inadequate — every inadequate group needs at least one new file, everything else
 * the entry holds is kept. The entry, its inadequate claims and those groups go back under review.
 */
export const EntryReviewRequestSchema = body({
  files: z.array(ResubmitFileSchema).check(z.minLength(1, { error: ENTRY_LIFE_MESSAGES.missingGroup('再提出する書類') })),
});
export type EntryReviewRequest = z.input<typeof EntryReviewRequestSchema>;

/**
 * `POST /api/entries/{id}/contract/`: signing the offer (spec: "entry body"; here the consent).
 * `agreed` must be true; the claims that can be bought are contracted, the others stay as they are,
 * and the signed contract is kept as a PDF (`GET /api/entries/{id}/contract/document/`).
 */
export const EntryContractRequestSchema = body({
  agreed: z.literal(true, { error: ENTRY_LIFE_MESSAGES.agreementRequired }),
});
export type EntryContractRequest = z.input<typeof EntryContractRequestSchema>;
