/**
 * Which status moves are legal for an entry and for a claim.
 *
 * The spec names the statuses (§4) and the applicant's actions — create, review (submit or
 * resubmit), contract, cancel — but gives no transition table; this module is that table. It is
 * the one place the API checks a move before it persists it and the pages ask before they offer a
 * button. Each move below says who makes it and why it is legal from where it is.
 *
 * Design choices:
 * - There is no draft status: drafts are separate draft entries, so `create` is the first
 *   submission and puts an entry (and each of its claims) under review at once.
 * - There is no cancelled or rejected entry status: an entry that ends without a purchase — cancelled
 *   by the applicant, rejected by the operator, or whose offer lapsed — is archived, with the reason
 *   kept in `cancelled_at`, `rejected_at` or `contract_period`. A completed transaction is archived
 *   too (`transaction_completed_at`). `archived` is final.
 * - A claim's final statuses are returned, cannot_buy and cancel.
 * - The table does not look at dates, amounts or documents: whether a move makes sense today is the
 *   caller's business (e.g. `delay` once the obliger payment date has passed); the table only says
 *   whether it is possible from the current status.
 */
import { CLAIM_STATUS as C, ENTRY_STATUS as E, type ClaimStatus, type EntryStatus } from './statuses';

/** Who makes a move: the applicant from the site, or the operator (staff or a scheduled job). */
export type Actor = 'applicant' | 'operator';

export interface Transition<S extends number, A extends string> {
  readonly action: A;
  /** Statuses the move starts from; null = the record does not exist yet. */
  readonly from: readonly (S | null)[];
  readonly to: S;
  readonly actor: Actor;
  /** Why the move is legal from exactly these statuses. */
  readonly why: string;
}

// ---------------------------------------------------------------------------------------------
// Entries
// ---------------------------------------------------------------------------------------------

export const ENTRY_ACTIONS = [
  'create',
  'review',
  'contract',
  'cancel',
  'markInadequate',
  'approve',
  'reject',
  'transfer',
  'archive',
] as const;
export type EntryAction = (typeof ENTRY_ACTIONS)[number];

export const ENTRY_TRANSITIONS: readonly Transition<EntryStatus, EntryAction>[] = [
  {
    action: 'create',
    from: [null],
    to: E.under_review,
    actor: 'applicant',
    why: 'POST /api/entries/ submits the wizard; drafts live in draft entries, so a new entry is under review at once.',
  },
  {
    action: 'review',
    from: [E.under_review, E.inadequate],
    to: E.under_review,
    actor: 'applicant',
    why:
      'POST /api/entries/{id}/review/. Submit: documents sent for an entry still under review keep it there. ' +
      'Resubmit: the documents the operator found inadequate are sent again, and the entry goes back under review. ' +
      'Once reviewed, the terms are set and only contract or cancel remain.',
  },
  {
    action: 'contract',
    from: [E.reviewed],
    to: E.contracted,
    actor: 'applicant',
    why: 'Only a reviewed entry has purchase terms to sign (/entry/contract/{id}); contracted_at is set.',
  },
  {
    action: 'cancel',
    from: [E.under_review, E.inadequate, E.reviewed],
    to: E.archived,
    actor: 'applicant',
    why: 'Spec §4: cancellable while under_review, inadequate or reviewed, i.e. before the contract binds; closed as archived with cancelled_at.',
  },
  {
    action: 'markInadequate',
    from: [E.under_review],
    to: E.inadequate,
    actor: 'operator',
    why: 'The operator finds documents missing or unreadable while reviewing (description_of_inadequate_document).',
  },
  {
    action: 'approve',
    from: [E.under_review],
    to: E.reviewed,
    actor: 'operator',
    why: 'The review ends with terms offered (reviewed_at); an inadequate entry must be resubmitted first.',
  },
  {
    action: 'reject',
    from: [E.under_review, E.inadequate],
    to: E.archived,
    actor: 'operator',
    why:
      'The operator declines while reviewing, or after an inadequate entry is left unresolved (auto_rejection_started_at); ' +
      'rejected_at is set. A reviewed entry already holds an offer: it is cancelled by the applicant or archived when the offer lapses.',
  },
  {
    action: 'transfer',
    from: [E.contracted],
    to: E.transferred,
    actor: 'operator',
    why: 'The purchase amount is paid to the applicant after the contract (transferred_at).',
  },
  {
    action: 'archive',
    from: [E.reviewed, E.transferred],
    to: E.archived,
    actor: 'operator',
    why: 'Closes an offer whose contract period lapsed unsigned, or a transferred entry once the transaction is complete (transaction_completed_at).',
  },
];

// ---------------------------------------------------------------------------------------------
// Claims
// ---------------------------------------------------------------------------------------------

export const CLAIM_ACTIONS = [
  'create',
  'review',
  'markInadequate',
  'canBuy',
  'cannotBuy',
  'contract',
  'transfer',
  'delay',
  'return',
  'cancel',
] as const;
export type ClaimAction = (typeof CLAIM_ACTIONS)[number];

export const CLAIM_TRANSITIONS: readonly Transition<ClaimStatus, ClaimAction>[] = [
  {
    action: 'create',
    from: [null],
    to: C.under_review,
    actor: 'applicant',
    why: 'Claims are created with their entry and reviewed with it.',
  },
  {
    action: 'review',
    from: [C.under_review, C.inadequate],
    to: C.under_review,
    actor: 'applicant',
    why: 'Follows the entry’s submit or resubmit: an inadequate claim goes back under review with the new documents.',
  },
  {
    action: 'markInadequate',
    from: [C.under_review],
    to: C.inadequate,
    actor: 'operator',
    why: 'The invoice or additional documents of this claim are lacking (invoice/additional_doc confirmation status).',
  },
  {
    action: 'canBuy',
    from: [C.under_review],
    to: C.can_buy,
    actor: 'operator',
    why: 'The operator decides to purchase the claim and sets its purchase amount; an inadequate claim must be resubmitted first.',
  },
  {
    action: 'cannotBuy',
    from: [C.under_review, C.inadequate],
    to: C.cannot_buy,
    actor: 'operator',
    why: 'The operator declines the claim while reviewing it, or when its documents stay inadequate. Once can_buy, the offer stands until contract or cancel.',
  },
  {
    action: 'contract',
    from: [C.can_buy],
    to: C.contracted,
    actor: 'applicant',
    why: 'Signing the entry’s contract binds the claims the operator can buy; the others stay where they are.',
  },
  {
    action: 'transfer',
    from: [C.contracted],
    to: C.transferred,
    actor: 'operator',
    why: 'The purchase amount of the claim is paid to the applicant.',
  },
  {
    action: 'delay',
    from: [C.transferred],
    to: C.delay,
    actor: 'operator',
    why: 'The obliger payment date has passed and the collected amount has not been returned.',
  },
  {
    action: 'return',
    from: [C.transferred, C.delay],
    to: C.returned,
    actor: 'operator',
    why: 'The applicant has handed over the amount collected from the obliger (returned_at), on time or late.',
  },
  {
    action: 'cancel',
    from: [C.under_review, C.inadequate, C.can_buy],
    to: C.cancel,
    actor: 'applicant',
    why: 'The entry is cancelled (or its offer lapses) before the contract; a contracted claim can no longer be cancelled.',
  },
];

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

function findMove<S extends number, A extends string>(
  table: readonly Transition<S, A>[],
  from: S | null,
  action: A,
): Transition<S, A> | undefined {
  return table.find((move) => move.action === action && move.from.includes(from));
}

function actionsFrom<S extends number, A extends string>(table: readonly Transition<S, A>[], from: S | null, actor?: Actor): A[] {
  return table.filter((move) => move.from.includes(from) && (actor === undefined || move.actor === actor)).map((move) => move.action);
}

/** Whether `action` is legal for an entry in status `from` (null: the entry does not exist yet). */
export const canTransitionEntry = (from: EntryStatus | null, action: EntryAction): boolean =>
  findMove(ENTRY_TRANSITIONS, from, action) !== undefined;
/** The entry's status after `action`, or null when the move is not legal. */
export const nextEntryStatus = (from: EntryStatus | null, action: EntryAction): EntryStatus | null =>
  findMove(ENTRY_TRANSITIONS, from, action)?.to ?? null;
/** The actions legal from `from`, in table order, optionally only those `actor` may make. */
export const entryActionsFrom = (from: EntryStatus | null, actor?: Actor): EntryAction[] => actionsFrom(ENTRY_TRANSITIONS, from, actor);

/** Whether `action` is legal for a claim in status `from` (null: the claim does not exist yet). */
export const canTransitionClaim = (from: ClaimStatus | null, action: ClaimAction): boolean =>
  findMove(CLAIM_TRANSITIONS, from, action) !== undefined;
/** The claim's status after `action`, or null when the move is not legal. */
export const nextClaimStatus = (from: ClaimStatus | null, action: ClaimAction): ClaimStatus | null =>
  findMove(CLAIM_TRANSITIONS, from, action)?.to ?? null;
export const claimActionsFrom = (from: ClaimStatus | null, actor?: Actor): ClaimAction[] => actionsFrom(CLAIM_TRANSITIONS, from, actor);

/**
 * What the entry's review action is for an entry in `status`: `submit` while under review,
 * `resubmit` when inadequate, null when review is not legal.
 */
export function reviewKind(status: EntryStatus): 'submit' | 'resubmit' | null {
  if (status === E.under_review) return 'submit';
  if (status === E.inadequate) return 'resubmit';
  return null;
}

/**
 * The operator can approve an entry (under_review → reviewed) once every claim is decided and at
 * least one can be bought; when none can, the entry is rejected instead.
 */
export function canApproveEntry(claimStatuses: readonly ClaimStatus[]): boolean {
  const decided = claimStatuses.every((status) => status === C.can_buy || status === C.cannot_buy);
  return decided && claimStatuses.includes(C.can_buy);
}

/**
 * The claim action an entry move carries to each of its claims. Per-claim decisions (markInadequate,
 * canBuy, cannotBuy, delay, return) are the operator's and not carried; approving an entry requires
 * each claim to be decided first.
 */
const CLAIM_ACTION_OF_ENTRY_ACTION: Readonly<Partial<Record<EntryAction, ClaimAction>>> = {
  review: 'review',
  contract: 'contract',
  cancel: 'cancel',
  reject: 'cannotBuy',
  transfer: 'transfer',
  // An offer that lapses cancels the claims it held; archiving a transferred entry leaves its claims.
  archive: 'cancel',
};

/**
 * A claim's status after its entry makes `entryAction`: the carried claim action when it is legal
 * for the claim, otherwise the status unchanged (e.g. a cannot_buy claim stays cannot_buy when the
 * entry is contracted or cancelled).
 */
export function claimStatusAfterEntryAction(entryAction: EntryAction, claimStatus: ClaimStatus): ClaimStatus {
  const action = CLAIM_ACTION_OF_ENTRY_ACTION[entryAction];
  if (action === undefined) return claimStatus;
  return nextClaimStatus(claimStatus, action) ?? claimStatus;
}
