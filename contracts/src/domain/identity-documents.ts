/**
 * Identity documents (本人確認書類, spec §3 document types and sides; issue #9): which sides each
 * type needs, their Japanese labels, and which profile fields the identity vouches for.
 *
 * Our reading (the spec names the types and the two sides only):
 * - 運転免許証: front and back (the back carries address changes).
 * - パスポート: the photo page only (`front`); the back side is not asked.
 * - マイナンバーカード: the front only. The back carries the individual number, which a business
 *   must not collect without need (番号法), so the page says not to send it and the API refuses it.
 * - その他: the front, and the back when the document has one.
 */
import { REVIEW_STATUS, reviewStatusOrDefault, type IdentityDocumentType, type IdentitySide, type ReviewStatus } from './statuses';

export interface IdentityDocumentRule {
  readonly label: string;
  readonly required: readonly IdentitySide[];
  readonly optional: readonly IdentitySide[];
  /** Shown beside the upload fields. */
  readonly hint: string;
}

export const IDENTITY_DOCUMENT_RULES: Readonly<Record<IdentityDocumentType, IdentityDocumentRule>> = {
  drivingLicence: {
    label: '運転免許証',
    required: ['front', 'back'],
    optional: [],
    hint: '表面と裏面の両方をアップロードしてください。裏面に記載がない場合も必要です。',
  },
  passport: {
    label: 'パスポート',
    required: ['front'],
    optional: [],
    hint: '顔写真のあるページをアップロードしてください。',
  },
  individualNumber: {
    label: 'マイナンバーカード',
    required: ['front'],
    optional: [],
    hint: '表面（顔写真のある面）のみをアップロードしてください。個人番号が記載された裏面は送らないでください。',
  },
  other: {
    label: 'その他',
    required: ['front'],
    optional: ['back'],
    hint: '氏名・住所・生年月日が確認できる公的な書類をアップロードしてください。裏面に記載がある場合は裏面も必要です。',
  },
};

export const IDENTITY_SIDE_LABELS: Readonly<Record<IdentitySide, string>> = { front: '表面', back: '裏面' };

export const IDENTITY_DOCUMENT_MESSAGES = {
  typeRequired: '本人確認書類の種類を選択してください。',
  sideMissing: (side: IdentitySide) => `本人確認書類の${IDENTITY_SIDE_LABELS[side]}をアップロードしてください。`,
  sideNotAccepted: (type: IdentityDocumentType, side: IdentitySide) =>
    `${IDENTITY_DOCUMENT_RULES[type].label}の${IDENTITY_SIDE_LABELS[side]}は提出できません。`,
  locked:
    '本人確認書類の確認中または確認済みのため、氏名・会社名・法人／個人事業主の区分はこの画面では変更できません。変更する場合は、新しい本人確認書類とあわせて提出してください。',
} as const;

/**
 * What is wrong with a set of identity sides for a document type: a required side missing, or a
 * side the type does not take (the individual number card's back). Empty: the set can be submitted.
 */
export function identitySidesProblems(type: IdentityDocumentType, sides: readonly IdentitySide[]): string[] {
  const rule = IDENTITY_DOCUMENT_RULES[type];
  const problems = rule.required.filter((side) => !sides.includes(side)).map((side) => IDENTITY_DOCUMENT_MESSAGES.sideMissing(side));
  for (const side of new Set(sides)) {
    if (!rule.required.includes(side) && !rule.optional.includes(side))
      problems.push(IDENTITY_DOCUMENT_MESSAGES.sideNotAccepted(type, side));
  }
  return problems;
}

/** The profile fields an identity document vouches for. */
export const IDENTITY_LOCKED_FIELDS = ['first_name', 'last_name', 'company_name', 'corporate_division'] as const;
export type IdentityLockedField = (typeof IDENTITY_LOCKED_FIELDS)[number];

/**
 * While the identity is being checked or has been confirmed, the names, company name and division
 * change only together with a new identity document (`PATCH /api/profile_name_and_identity/`).
 */
export function isIdentityLocked(identityConfirmation: number | null | undefined): boolean {
  const status = reviewStatusOrDefault(identityConfirmation);
  return status === REVIEW_STATUS.confirming || status === REVIEW_STATUS.confirmed;
}

/** Spec §4 review statuses in Japanese (identity and document reviews): 確認中, 不備, 確認済, 未提出, 期限切れ. */
export const REVIEW_STATUS_LABELS: Readonly<Record<ReviewStatus, string>> = {
  [REVIEW_STATUS.confirming]: '確認中',
  [REVIEW_STATUS.inadequate]: '不備',
  [REVIEW_STATUS.confirmed]: '確認済',
  [REVIEW_STATUS.nothing]: '未提出',
  [REVIEW_STATUS.expired]: '期限切れ',
};

/** The identity's status as shown: 期限切れ once the valid date has passed, whatever the review status says. */
export function identityStatusLabel(identityConfirmation: number | null | undefined, isExpired: boolean): string {
  return isExpired ? REVIEW_STATUS_LABELS[REVIEW_STATUS.expired] : REVIEW_STATUS_LABELS[reviewStatusOrDefault(identityConfirmation)];
}
