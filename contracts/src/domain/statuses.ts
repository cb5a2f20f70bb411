/**
 * Enumerations and codes of spec §3 and §4, and the status sets built on them. Status codes are the
 * numbers the API sends; names are the spec's (snake_case, as the API spells them). The other
 * enumerations (divisions, document and upload kinds, sectors…) are in kinds.ts, exported here too.
 */

/** The name of the code `code` in `table`, or null when no name has that code. */
function nameOfCode<T extends Readonly<Record<string, number>>>(table: T, code: unknown): keyof T | null {
  for (const [name, value] of Object.entries(table)) {
    if (value === code) return name;
  }
  return null;
}

/** The label of the code `code` in `table`, or null when no name has that code. */
function labelOfCode<T extends Readonly<Record<string, number>>>(
  table: T,
  labels: Readonly<Record<keyof T, string>>,
  code: unknown,
): string | null {
  const name = nameOfCode(table, code);
  return name === null ? null : labels[name];
}

// ---------------------------------------------------------------------------------------------
// Entry status (spec §4)
// ---------------------------------------------------------------------------------------------

export const ENTRY_STATUS = {
  under_review: 1,
  inadequate: 2,
  reviewed: 3,
  contracted: 4,
  transferred: 5,
  archived: 6,
} as const;
export type EntryStatusName = keyof typeof ENTRY_STATUS;
export type EntryStatus = (typeof ENTRY_STATUS)[EntryStatusName];

export const isEntryStatus = (value: unknown): value is EntryStatus => nameOfCode(ENTRY_STATUS, value) !== null;
/** `entryStatusName(3)` → `'reviewed'`; null for a code the spec does not know. */
export const entryStatusName = (code: unknown): EntryStatusName | null => nameOfCode(ENTRY_STATUS, code);

/**
 * The entry statuses in Japanese, as the applicant reads them (the /mypage list, the entry pages).
 * Interpretation: reviewed is the offer waiting for the contract; archived is an entry that ended
 * without a purchase or after it.
 */
export const ENTRY_STATUS_LABELS: Readonly<Record<EntryStatusName, string>> = {
  under_review: '審査中',
  inadequate: '書類の不備あり',
  reviewed: '審査完了・ご契約手続き待ち',
  contracted: 'ご契約済み',
  transferred: 'お振込み済み',
  archived: '終了',
};
/** `entryStatusLabel(1)` → `'審査中'`; null for a code the spec does not know. */
export const entryStatusLabel = (code: unknown): string | null => labelOfCode(ENTRY_STATUS, ENTRY_STATUS_LABELS, code);

const entrySet = (...names: readonly EntryStatusName[]): ReadonlySet<EntryStatus> => new Set(names.map((name) => ENTRY_STATUS[name]));

/** An entry can be cancelled only while under_review, inadequate or reviewed (spec §4). */
export const CANCELLABLE_ENTRY_STATUSES = entrySet('under_review', 'inadequate', 'reviewed');
export const isEntryCancellable = (status: number): boolean => CANCELLABLE_ENTRY_STATUSES.has(status as EntryStatus);

/**
 * An entry that is still pending before its contract: reviewed, under_review or inadequate (spec §4,
 * "no entry is pending before contract"). The same three statuses as the cancellable ones, kept as
 * its own set because the two rules could part.
 */
export const ENTRY_STATUSES_PENDING_BEFORE_CONTRACT = entrySet('under_review', 'inadequate', 'reviewed');
export const isEntryPendingBeforeContract = (status: number): boolean => ENTRY_STATUSES_PENDING_BEFORE_CONTRACT.has(status as EntryStatus);

// ---------------------------------------------------------------------------------------------
// Claim status (spec §4)
// ---------------------------------------------------------------------------------------------

export const CLAIM_STATUS = {
  under_review: 1,
  inadequate: 2,
  can_buy: 3,
  contracted: 4,
  transferred: 5,
  returned: 6,
  delay: 7,
  cannot_buy: 8,
  cancel: 9,
} as const;
export type ClaimStatusName = keyof typeof CLAIM_STATUS;
export type ClaimStatus = (typeof CLAIM_STATUS)[ClaimStatusName];

export const isClaimStatus = (value: unknown): value is ClaimStatus => nameOfCode(CLAIM_STATUS, value) !== null;
export const claimStatusName = (code: unknown): ClaimStatusName | null => nameOfCode(CLAIM_STATUS, code);

/** The claim statuses in Japanese, as the applicant and the back office read them. */
export const CLAIM_STATUS_LABELS: Readonly<Record<ClaimStatusName, string>> = {
  under_review: '審査中',
  inadequate: '書類の不備あり',
  can_buy: '買取可',
  contracted: 'ご契約済み',
  transferred: 'お振込み済み',
  returned: '回収済み',
  delay: '支払遅延',
  cannot_buy: '買取不可',
  cancel: '取り消し',
};
/** `claimStatusLabel(3)` → `'買取可'`; null for a code the spec does not know. */
export const claimStatusLabel = (code: unknown): string | null => labelOfCode(CLAIM_STATUS, CLAIM_STATUS_LABELS, code);

/** Status of a group of claims: payment = 0 (spec §4). */
export const CLAIM_GROUP_STATUS = { payment: 0 } as const;
export type ClaimGroupStatus = (typeof CLAIM_GROUP_STATUS)[keyof typeof CLAIM_GROUP_STATUS];

const claimSet = (...names: readonly ClaimStatusName[]): ReadonlySet<ClaimStatus> => new Set(names.map((name) => CLAIM_STATUS[name]));

/** After review: can_buy, contracted, transferred, returned, delay, cannot_buy, cancel (spec §4). */
export const CLAIM_STATUSES_AFTER_REVIEW = claimSet('can_buy', 'contracted', 'transferred', 'returned', 'delay', 'cannot_buy', 'cancel');
/** Needing return: under_review, inadequate, can_buy, contracted, transferred, returned, delay (spec §4). */
export const CLAIM_STATUSES_NEEDING_RETURN = claimSet(
  'under_review',
  'inadequate',
  'can_buy',
  'contracted',
  'transferred',
  'returned',
  'delay',
);
/** After contract: contracted, transferred, returned, delay (spec §4). */
export const CLAIM_STATUSES_AFTER_CONTRACT = claimSet('contracted', 'transferred', 'returned', 'delay');
/** Statuses in which a claim has a purchase amount: can_buy, contracted, transferred, delay, returned (spec §4). */
export const CLAIM_STATUSES_WITH_PURCHASE_AMOUNT = claimSet('can_buy', 'contracted', 'transferred', 'delay', 'returned');

export const isClaimAfterReview = (status: number): boolean => CLAIM_STATUSES_AFTER_REVIEW.has(status as ClaimStatus);
export const isClaimNeedingReturn = (status: number): boolean => CLAIM_STATUSES_NEEDING_RETURN.has(status as ClaimStatus);
export const isClaimAfterContract = (status: number): boolean => CLAIM_STATUSES_AFTER_CONTRACT.has(status as ClaimStatus);
export const claimHasPurchaseAmount = (status: number): boolean => CLAIM_STATUSES_WITH_PURCHASE_AMOUNT.has(status as ClaimStatus);

// ---------------------------------------------------------------------------------------------
// Identity and document review status (spec §4)
// ---------------------------------------------------------------------------------------------

/**
 * Review status of the identity, the withdrawals details and the financial statements
 * (`identity_confirmation`, `withdrawals_detail_status`, `financial_statements_status`, and the
 * entry's and claim's `*_confirmation_status`).
 */
export const REVIEW_STATUS = {
  confirming: 1,
  inadequate: 2,
  confirmed: 3,
  nothing: 4,
  expired: 5,
} as const;
export type ReviewStatusName = keyof typeof REVIEW_STATUS;
export type ReviewStatus = (typeof REVIEW_STATUS)[ReviewStatusName];

/** A confirmation status that is missing defaults to nothing (spec §4). */
export const DEFAULT_REVIEW_STATUS: ReviewStatus = REVIEW_STATUS.nothing;

export const isReviewStatus = (value: unknown): value is ReviewStatus => nameOfCode(REVIEW_STATUS, value) !== null;
export const reviewStatusName = (code: unknown): ReviewStatusName | null => nameOfCode(REVIEW_STATUS, code);
/** The status itself when it is a known code; otherwise (null, undefined, an unknown code) nothing. */
export const reviewStatusOrDefault = (value: unknown): ReviewStatus => (isReviewStatus(value) ? value : DEFAULT_REVIEW_STATUS);

export * from './kinds';
