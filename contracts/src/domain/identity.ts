/**
 * Identity (本人確認) and the document review rules of spec §4, the user status and the
 * user/identity state of spec §3, computed from the current user (`POST /api/me/`).
 */
import { REVIEW_STATUS, reviewStatusOrDefault, type ReviewStatus } from './statuses';
import { compareDates, type DateInput } from './withdrawal-details';

/** Spec §3/§4 user status. */
export const USER_STATUSES = ['logout', 'lackOfUserData', 'login', 'preEntryDeclined'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The fields of the current user (spec §3 "me") these rules read; an API `me` object fits as is. */
export interface CurrentUserFields {
  readonly id?: number | null;
  readonly version?: number | string | null;
  readonly corporate_division?: string | null;
  readonly identity_confirmation?: number | null;
  readonly identity_valid_date?: string | null;
  readonly withdrawals_detail_status?: number | null;
  readonly financial_statements_status?: number | null;
  /** Computed by the API with `isProfileSatisfied` (profile.ts). */
  readonly has_satisfied_profile?: boolean | null;
  readonly has_pre_entry_declined?: boolean | null;
}

/**
 * The identity has expired when its valid date is before today (spec §4); on the valid date itself
 * it is still valid. No valid date (identity not confirmed yet) is not expired: the review status
 * says what is missing.
 */
export function isIdentityExpired(validDate: DateInput | null | undefined, today: DateInput): boolean {
  if (validDate == null || validDate === '') return false;
  return compareDates(validDate, today) < 0;
}

const RESUBMISSION_STATUSES: ReadonlySet<ReviewStatus> = new Set([REVIEW_STATUS.inadequate, REVIEW_STATUS.nothing, REVIEW_STATUS.expired]);

/**
 * The identity must be (re)submitted when its review status is inadequate, nothing or expired
 * (spec §4). A missing status is nothing (the default), so it requires a submission too.
 */
export const requiresIdentityResubmission = (identityConfirmation: number | null | undefined): boolean =>
  RESUBMISSION_STATUSES.has(reviewStatusOrDefault(identityConfirmation));

/**
 * A document review counts as done when it is confirming (submitted, being checked) or confirmed
 * (spec §4). Shared by the withdrawals details and the financial statements.
 */
export function isReviewSubmitted(status: number | null | undefined): boolean {
  const value = reviewStatusOrDefault(status);
  return value === REVIEW_STATUS.confirming || value === REVIEW_STATUS.confirmed;
}

/** Withdrawals details (`withdrawals_detail_status`) count as done when confirming or confirmed (spec §4). */
export const isWithdrawalsDetailDone = (status: number | null | undefined): boolean => isReviewSubmitted(status);
/** Financial statements (`financial_statements_status`) count as done when confirming or confirmed (spec §4). */
export const isFinancialStatementsDone = (status: number | null | undefined): boolean => isReviewSubmitted(status);

/**
 * Spec §3 user status from the current user: logout when there is no user (or no id); preEntryDeclined
 * when the pre-entry was declined (it wins over the profile: such a user cannot go on either way);
 * login when the profile is satisfied; lackOfUserData otherwise.
 */
export function userStatusOf(me: CurrentUserFields | null | undefined): UserStatus {
  if (me?.id == null) return 'logout';
  if (me.has_pre_entry_declined === true) return 'preEntryDeclined';
  if (me.has_satisfied_profile === true) return 'login';
  return 'lackOfUserData';
}

/** An individual (個人事業主) only when corporate_division is `individual`; `none` (unselected) and a missing value count as corporate (spec §1). */
export const isIndividual = (corporateDivision: string | null | undefined): boolean => corporateDivision === 'individual';

/** Spec §3 user/identity state (the names are the spec's). */
export interface IdentityState {
  readonly id: number | null;
  readonly version: number | string | null;
  readonly userStatus: UserStatus;
  readonly identity_confirmation: ReviewStatus;
  readonly isIdentityExpired: boolean;
  readonly withdrawals_detail_status: ReviewStatus;
  readonly financial_statements_status: ReviewStatus;
  readonly hasSatisfiedProfile: boolean;
  readonly isIndividual: boolean;
  /** The identity review status requires a resubmission (inadequate, nothing or expired). */
  readonly isImperfectIdentity: boolean;
}

/** The user/identity state of spec §3 from the current user (null or no id: a visitor) and today's date. */
export function identityStateOf(me: CurrentUserFields | null | undefined, today: DateInput): IdentityState {
  const identityConfirmation = reviewStatusOrDefault(me?.identity_confirmation);
  return {
    id: me?.id ?? null,
    version: me?.version ?? null,
    userStatus: userStatusOf(me),
    identity_confirmation: identityConfirmation,
    isIdentityExpired: isIdentityExpired(me?.identity_valid_date, today),
    withdrawals_detail_status: reviewStatusOrDefault(me?.withdrawals_detail_status),
    financial_statements_status: reviewStatusOrDefault(me?.financial_statements_status),
    hasSatisfiedProfile: me?.has_satisfied_profile === true,
    isIndividual: isIndividual(me?.corporate_division),
    isImperfectIdentity: requiresIdentityResubmission(identityConfirmation),
  };
}

/**
 * The account step is done when the user is authenticated, the profile is satisfied, the identity is
 * confirmed or confirming, and the identity has not expired (spec §4).
 */
export function isAccountStepDone(
  state: Pick<IdentityState, 'userStatus' | 'hasSatisfiedProfile' | 'identity_confirmation' | 'isIdentityExpired'>,
): boolean {
  return (
    state.userStatus !== 'logout' && state.hasSatisfiedProfile && isReviewSubmitted(state.identity_confirmation) && !state.isIdentityExpired
  );
}

/** Why the identity cannot bind a contract: not confirmed, confirmed without a valid date, or expired. */
export type ContractIdentityProblem = 'unconfirmed' | 'noValidDate' | 'expired';

/**
 * The contracting party must be the person whose identity was checked: an offer is approved, and
 * signed, only with a confirmed (確認済) identity that has a valid date not before today (issue 23).
 * Null when it may; otherwise why not.
 */
export function contractIdentityProblem(
  identityConfirmation: number | null | undefined,
  validDate: DateInput | null | undefined,
  today: DateInput,
): ContractIdentityProblem | null {
  if (reviewStatusOrDefault(identityConfirmation) !== REVIEW_STATUS.confirmed) return 'unconfirmed';
  if (validDate == null || validDate === '') return 'noValidDate';
  return isIdentityExpired(validDate, today) ? 'expired' : null;
}
