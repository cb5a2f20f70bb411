import * as z from 'zod/mini';
import { DOCUMENT_GROUPS } from '../domain/document-review';
import { FORMAT_MESSAGES, MESSAGES } from '../domain/messages';
import { isFeeRatio, isPurchaseRatio, parseDecimal, parseYen } from '../domain/money';
import { ACCOUNT_MESSAGES } from './account-messages';
import { DateSchema, IdSchema, ReviewStatusSchema } from './common';
import { addIssue, body, typeError } from './fields';
import { humanTextProblem, STAFF_REASON } from './human-text';

/**
 * The back office's decisions on an entry (issue 11): each document group confirmed or
 * inadequate with a reason, each claim can_buy with its terms or cannot_buy, the entry marked
 * inadequate, approved (by an approver other than whoever priced the claims), rejected, transferred
 * or archived, and a transferred claim marked delayed or returned. Every decision answers the
 * entry view (`StaffEntryDetailSchema`) and lands in the audit log; a move the domain's transition
 * table does not allow is refused with 409 and a message naming the current status.
 */

/** Japanese messages of the decision endpoints. */
export const STAFF_DECISION_MESSAGES = {
  decision: 'decision には confirmed か inadequate を指定してください。',
  claimDecision: 'decision には can_buy か cannot_buy を指定してください。',
  action: '操作の指定が正しくありません。',
  /** 409: `label` the entry's or claim's current status in Japanese. */
  entryNotAllowed: (label: string) => `この申し込みは現在「${label}」のため、この操作はできません。画面を更新してご確認ください。`,
  claimNotAllowed: (label: string) => `この請求書は現在「${label}」のため、この操作はできません。画面を更新してご確認ください。`,
  /**
   * 409: the document was decided (or sent again by the applicant) since the reviewer loaded it.
   * `who` names the staff member or 申込者, `when` is Japan's time, `label` the status it has now.
   */
  documentChanged: (who: string, when: string, label: string) =>
    `この書類は${who}が${when}に「${label}」にしています。今の状態を確かめてから、もう一度判定してください。`,
  /** 409: someone else has taken the entry since the page showed who has it. */
  assigneeChanged: (name: string, since: string) =>
    `この申し込みは${name}さんが${since}から担当しています。引き継ぐ場合は、画面に表示された担当者を確かめてから、もう一度操作してください。`,
  /** 409: letting go of an entry the staff member does not have. */
  notAssignee: '担当を外せるのは、担当している本人か管理者です。',
  /** 409 without a record of who changed it. */
  documentChangedUnknown: (label: string) =>
    `この書類は、この画面を開いた後に「${label}」に変わっています。今の状態を確かめてから、もう一度判定してください。`,
  /** `claim_id` missing for a claim's group, given for an entry's group, or of another entry. */
  claimMismatch: '請求書の指定が正しくありません。',
  /** markInadequate with no group marked inadequate. */
  noInadequateDocument: '不備の書類がありません。先に書類ごとに「不備」を登録してください。',
  /** approve: a claim is still undecided or none can be bought. */
  claimsUndecided: 'すべての請求書の買取可否を決め、買取できる請求書が1件以上あるときに承認できます。',
  /** approve: a document group is not confirmed yet. */
  documentsUnconfirmed: 'すべての書類を「確認済」にしてから承認してください。',
  /** approve by whoever priced a claim (403). */
  samePerson: '買取条件を設定した担当者は承認できません。別の承認者が確認してください。',
  /** 403 (issue 23): a reviewer archiving an approved entry whose offer is still open (契約期限前). */
  archiveOpenOffer: '契約期限前のご提案を終了できるのは承認者だけです。承認者に依頼してください。',
  purchaseRatio: '掛目は 0 より大きく 1 以下の小数で入力してください（例：0.8）。',
  feeRatio: '手数料率は 0 以上 1 未満の小数で入力してください（例：0.05）。',
  bankCharge: '振込手数料は 0 円以上の整数で入力してください。',
  /** The terms leave nothing to pay (principal − fee − bank charge ≤ 0). */
  purchaseNotPositive: 'この条件では買取額が 0 円以下になります。条件をご確認ください。',
  contractPeriodPast: '契約期限に過去の日付は指定できません。',
  /** approve: the applicant's identity cannot bind a contract (`contractIdentityProblem`, issue 23). */
  identity: {
    unconfirmed: '申込者の本人確認が「確認済」ではないため承認できません。本人確認書類を確認してから承認してください。',
    noValidDate: '申込者の本人確認書類の有効期限が登録されていないため承認できません。本人確認で有効期限を登録してください。',
    expired: '申込者の本人確認書類の有効期限が切れているため承認できません。新しい本人確認書類の提出と確認が必要です。',
  },
} as const;

const optionalString = z.optional(z.nullable(z.string({ error: typeError(ACCOUNT_MESSAGES.notAString) })));

/** Checks a reason the applicant will read: required, ≤ 1000 characters, line breaks allowed. */
function checkReason(reason: string | null | undefined, ctx: z.core.$RefinementCtx, field = 'reason'): void {
  const text = (reason ?? '').trim();
  if (text === '') addIssue(ctx, reason == null ? ACCOUNT_MESSAGES.required : MESSAGES.blank, [field]);
  else {
    // Human text (human-text.ts): bounded, several lines, no control or bidi characters.
    const problem = humanTextProblem(text, STAFF_REASON);
    if (problem !== null) addIssue(ctx, problem, [field]);
  }
}

/**
 * `POST /api/staff/entries/{id}/documents/`: one document group confirmed, or inadequate with the
 * reason the applicant reads. `claim_id` names the claim for invoice and additional_doc and is
 * absent for the entry's groups.
 */
export const StaffDocumentDecisionSchema = body({
  group: z.enum(DOCUMENT_GROUPS),
  claim_id: z.optional(z.nullable(IdSchema)),
  decision: z.enum(['confirmed', 'inadequate'], { error: STAFF_DECISION_MESSAGES.decision }),
  reason: optionalString,
  /**
   * The document's status as the page showed it (1–5). When given and no longer the status, the
   * decision is refused with 409 saying who changed it: two reviewers never overwrite each other
   * unseen. The back office always sends it.
   */
  seen_status: z.optional(ReviewStatusSchema),
}).check(
  z.superRefine((value, ctx) => {
    if (value.decision === 'inadequate') checkReason(value.reason, ctx);
  }),
);
export type StaffDocumentDecision = z.input<typeof StaffDocumentDecisionSchema>;

/**
 * `POST /api/staff/claims/{id}/decision/` (while the entry is under review): `can_buy` with the
 * purchase ratio (掛目, 0 < r ≤ 1), the fee ratio (0 ≤ r < 1) and the bank charge (whole yen) — the
 * API computes principal, fee and amount with the domain's `calculatePurchase`, as the page showed
 * before saving — or `cannot_buy`. Deciding again replaces the previous decision until approval.
 */
export const StaffClaimDecisionSchema = body({
  decision: z.enum(['can_buy', 'cannot_buy'], { error: STAFF_DECISION_MESSAGES.claimDecision }),
  purchase_ratio: optionalString,
  purchase_fee_ratio: optionalString,
  bank_charge: optionalString,
}).check(
  z.superRefine((value, ctx) => {
    if (value.decision !== 'can_buy') return;
    const ratio = parseDecimal((value.purchase_ratio ?? '').trim());
    if ((value.purchase_ratio ?? '').trim() === '') addIssue(ctx, MESSAGES.blank, ['purchase_ratio']);
    else if (ratio === undefined || !isPurchaseRatio(ratio)) addIssue(ctx, STAFF_DECISION_MESSAGES.purchaseRatio, ['purchase_ratio']);
    const fee = parseDecimal((value.purchase_fee_ratio ?? '').trim());
    if ((value.purchase_fee_ratio ?? '').trim() === '') addIssue(ctx, MESSAGES.blank, ['purchase_fee_ratio']);
    else if (fee === undefined || !isFeeRatio(fee)) addIssue(ctx, STAFF_DECISION_MESSAGES.feeRatio, ['purchase_fee_ratio']);
    if ((value.bank_charge ?? '').trim() === '') addIssue(ctx, MESSAGES.blank, ['bank_charge']);
    else if (parseYen((value.bank_charge ?? '').trim()) === undefined) addIssue(ctx, STAFF_DECISION_MESSAGES.bankCharge, ['bank_charge']);
  }),
);
export type StaffClaimDecision = z.input<typeof StaffClaimDecisionSchema>;

/**
 * `POST /api/staff/entries/{id}/actions/`: the entry's moves other than approval —
 * `markInadequate` (after at least one group was found inadequate; the applicant is mailed),
 * `reject` (with a reason kept in the audit log), `transfer` (the purchase price was paid: the
 * contracted claims become transferred), `archive` (a lapsed offer or a completed transaction; an
 * offer still open only by an approver, with a `reason` the applicant is mailed — the API says when
 * it is missing, as only it knows whether the offer is open; one given is checked like any reason).
 */
export const StaffEntryActionSchema = body({
  action: z.enum(['markInadequate', 'reject', 'transfer', 'archive'], { error: STAFF_DECISION_MESSAGES.action }),
  reason: optionalString,
}).check(
  z.superRefine((value, ctx) => {
    if (value.action === 'reject') checkReason(value.reason, ctx);
    if (value.action === 'archive' && (value.reason ?? '').trim() !== '') checkReason(value.reason, ctx);
  }),
);
export type StaffEntryAction = z.input<typeof StaffEntryActionSchema>;

/**
 * `POST /api/staff/entries/{id}/approve/` (approver or admin, never whoever priced a claim): the
 * terms are offered to the applicant until `contract_period` (the last day to sign, not before
 * today in Japan). The entry becomes reviewed; the applicant is mailed.
 */
export const StaffEntryApproveSchema = body({
  contract_period: z.string({ error: typeError(ACCOUNT_MESSAGES.notAString) }),
}).check(
  z.superRefine((value, ctx) => {
    if (value.contract_period.trim() === '') addIssue(ctx, MESSAGES.blank, ['contract_period']);
    else if (!DateSchema.safeParse(value.contract_period.trim()).success) addIssue(ctx, FORMAT_MESSAGES.date, ['contract_period']);
  }),
);
export type StaffEntryApprove = z.input<typeof StaffEntryApproveSchema>;

/**
 * `POST /api/staff/entries/{id}/assignee/`: `{take: true, current_assignee}` takes the entry (担当),
 * `{take: false, current_assignee}` lets it go. `current_assignee` is who the page shows as having it
 * (a staff id, or null for nobody): when that is no longer so the API answers 409 naming who has it
 * — taking an entry over from someone is a choice made knowing who, never by accident. Audited.
 */
export const StaffEntryAssignSchema = body({
  take: z.boolean({ error: typeError(ACCOUNT_MESSAGES.invalidData) }),
  current_assignee: z.nullable(IdSchema),
});
export type StaffEntryAssign = z.input<typeof StaffEntryAssignSchema>;

/** `POST /api/staff/claims/{id}/actions/`: a transferred claim is late (`delay`) or its collection handed over (`return`). */
export const StaffClaimActionSchema = body({
  action: z.enum(['delay', 'return'], { error: STAFF_DECISION_MESSAGES.action }),
});
export type StaffClaimAction = z.input<typeof StaffClaimActionSchema>;
