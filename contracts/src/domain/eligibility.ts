/**
 * Whether the applicant may start a new entry (spec §4), and if not, why — as a code for programs and
 * a Japanese sentence for the applicant. The API refuses POST /api/entries/ with the same answer the
 * page shows.
 */
import type { IdentityState } from './identity';
import { CLAIM_STATUS, SUPPRESS_ENTRIES_METHOD, isEntryPendingBeforeContract, suppressionFor } from './statuses';

/**
 * Why a new entry is not allowed. One code per failing case of the six conditions of spec §4:
 * 1. identity not imperfect (`identityImperfect`) or expired (`identityExpired`);
 * 2. user status login or lackOfUserData (`loggedOut`, `preEntryDeclined`);
 * 3. new entry not stopped (`newEntryStopped`; `maintenance` too, see below);
 * 4. no entry pending before contract (`entryInProgress`);
 * 5. no inadequate claim (`inadequateClaim`);
 * 6. no delayed claim unless has_entry_permission_when_delayed (`delayedClaim`).
 */
export const NEW_ENTRY_BLOCK_CODES = [
  'loggedOut',
  'preEntryDeclined',
  'newEntryStopped',
  'maintenance',
  'identityImperfect',
  'identityExpired',
  'entryInProgress',
  'inadequateClaim',
  'delayedClaim',
] as const;
export type NewEntryBlockCode = (typeof NEW_ENTRY_BLOCK_CODES)[number];

/** What the applicant is told for each code. */
export const NEW_ENTRY_BLOCK_MESSAGES: Readonly<Record<NewEntryBlockCode, string>> = {
  loggedOut: 'お申し込みにはログインが必要です。ログインしてから、もう一度お試しください。',
  preEntryDeclined: '誠に恐れ入りますが、事前確認の結果により、新しいお申し込みをお受けすることができません。',
  newEntryStopped: '現在、新しいお申し込みの受付を停止しております。ご不便をおかけしますが、受付の再開までお待ちください。',
  maintenance: 'ただいまメンテナンス中のため、お申し込みいただけません。時間をおいて、もう一度お試しください。',
  identityImperfect: '本人確認書類のご提出が必要です。ご提出後は、確認の完了を待たずにお申し込みいただけます。',
  identityExpired: '本人確認書類の有効期限が切れています。有効な本人確認書類を再提出してから、お申し込みください。',
  entryInProgress:
    '審査中または契約前のお申し込みがあるため、新しいお申し込みはできません。現在のお申し込みの手続きが終わってから、あらためてお申し込みください。',
  inadequateClaim: '不備のある請求書があるため、新しいお申し込みはできません。お申し込みの詳細から不備の内容をご確認ください。',
  delayedClaim: 'お支払いが遅れている請求書があるため、新しいお申し込みはできません。詳しくはサポート窓口へお問い合わせください。',
};

/**
 * The short badge of each code: when a new entry becomes possible, or why it is not. Each one says
 * what the rule above asks for, no more: an identity that is imperfect (nothing, inadequate or
 * expired status: `requiresIdentityResubmission`) stops blocking as soon as the documents are
 * submitted — confirming is enough, the review need not be finished — so its badge says 提出後, not
 * 完了後.
 */
export const NEW_ENTRY_BLOCK_LABELS: Readonly<Record<NewEntryBlockCode, string>> = {
  loggedOut: 'ログインが必要です',
  preEntryDeclined: 'お受けできません',
  newEntryStopped: '受付停止中',
  maintenance: 'メンテナンス中',
  identityImperfect: '本人確認書類の提出後',
  identityExpired: '本人確認書類の再提出後',
  entryInProgress: 'お手続き中',
  inadequateClaim: '不備のご対応待ち',
  delayedClaim: 'お受けできません',
};

export interface NewEntryBlockReason {
  readonly code: NewEntryBlockCode;
  /** Japanese, ready to show. */
  readonly message: string;
}

export type NewEntryEligibility = { readonly allowed: true } | { readonly allowed: false; readonly reason: NewEntryBlockReason };

export interface NewEntryEligibilityInput {
  /** From `identityStateOf(me, today)`. */
  readonly identity: Pick<IdentityState, 'userStatus' | 'isImperfectIdentity' | 'isIdentityExpired'>;
  /** GET /api/system_settings/supress_entries/; null or undefined while unknown or when nothing is set. */
  readonly suppressEntries?: { readonly method?: string | null; readonly segment?: string | null; readonly message?: string | null } | null;
  /** The applicant's `user_segment` (me): a suppression for a segment reaches only its users. */
  readonly userSegment?: string | null;
  /** The applicant's entries (GET /api/entries/), each with its claims. */
  readonly entries: readonly { readonly status: number; readonly claims?: readonly { readonly status: number }[] | null }[];
  /** The profile's has_entry_permission_when_delayed; it defaults to true (spec §3). */
  readonly hasEntryPermissionWhenDelayed?: boolean | null;
}

const reason = (code: NewEntryBlockCode, message?: string | null): NewEntryBlockReason => ({
  code,
  message: message != null && message.trim() !== '' ? message : NEW_ENTRY_BLOCK_MESSAGES[code],
});

/**
 * Every reason the applicant cannot start a new entry, in the order they should be dealt with
 * (empty: allowed). The user status comes first (a visitor is asked to log in, not told about
 * identity documents), then what the applicant cannot change (pre-entry declined, entries stopped),
 * then what they can act on.
 *
 * Interpretations: the operator's `message` of the suppression setting, when given, is shown for
 * newEntryStopped and maintenance instead of the default text; its `segment` limits it to the users
 * of those segments (`suppressionReaches`). Maintenance stops new entries as well: the entry area is
 * down. Claims are those of all the applicant's entries.
 */
export function newEntryBlockers(input: NewEntryEligibilityInput): NewEntryBlockReason[] {
  const { identity, suppressEntries, entries } = input;
  const blockers: NewEntryBlockReason[] = [];
  if (identity.userStatus === 'logout') blockers.push(reason('loggedOut'));
  if (identity.userStatus === 'preEntryDeclined') blockers.push(reason('preEntryDeclined'));
  const suppression = suppressionFor(suppressEntries, input.userSegment);
  if (suppression?.method === SUPPRESS_ENTRIES_METHOD.stopNewEntry) blockers.push(reason('newEntryStopped', suppression.message));
  if (suppression?.method === SUPPRESS_ENTRIES_METHOD.maintenance) blockers.push(reason('maintenance', suppression.message));
  if (identity.isImperfectIdentity) blockers.push(reason('identityImperfect'));
  if (identity.isIdentityExpired) blockers.push(reason('identityExpired'));
  if (entries.some((entry) => isEntryPendingBeforeContract(entry.status))) blockers.push(reason('entryInProgress'));
  const claims = entries.flatMap((entry) => entry.claims ?? []);
  if (claims.some((claim) => claim.status === CLAIM_STATUS.inadequate)) blockers.push(reason('inadequateClaim'));
  const delayedAllowed = input.hasEntryPermissionWhenDelayed ?? true;
  if (!delayedAllowed && claims.some((claim) => claim.status === CLAIM_STATUS.delay)) blockers.push(reason('delayedClaim'));
  return blockers;
}

/** Whether a new entry is allowed (spec §4); if not, the first reason of `newEntryBlockers`. */
export function checkNewEntry(input: NewEntryEligibilityInput): NewEntryEligibility {
  const [first] = newEntryBlockers(input);
  return first === undefined ? { allowed: true } : { allowed: false, reason: first };
}

/** Shorthand for `checkNewEntry(input).allowed`. */
export const isNewEntryAllowed = (input: NewEntryEligibilityInput): boolean => checkNewEntry(input).allowed;
