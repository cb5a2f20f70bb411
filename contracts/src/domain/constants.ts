/**
 * Business constants and limits of spec §9, in one place. Every other module (domain, pages, API,
 * runtime helpers) reads them from here; `shared/src/constants.ts` re-exports the ones the site
 * foundation uses.
 */

/** Toasts disappear after 7 seconds (spec §8, §9). */
export const TOAST_DURATION_MS = 7000;

/** An entry holds at most 5 claims (invoices) (spec §1, §5, §9). */
export const MAX_CLAIMS_PER_ENTRY = 5;

/** An account holder name is at most 30 characters (spec §5, §9). */
export const HOLDER_NAME_MAX_LENGTH = 30;

/** A bank account number is exactly 7 half-width digits (spec §5, §9). */
export const BANK_ACCOUNT_NUMBER_DIGITS = 7;

/** Account deposit types, in display order: 普通 (ordinary), 当座 (checking) (spec §3, §9). */
export const DEPOSIT_TYPES = ['ordinary', 'checking'] as const;

/** Withdrawal details cover at most the last 4 months (spec §4, §9); see `withdrawalsDetailStartDate`. */
export const WITHDRAWALS_WINDOW_MONTHS = 4;

/** Name of the cookie whose value every call sends in the X-CSRFToken header (spec §7, §9). */
export const CSRF_COOKIE_NAME = 'csrftoken';
/** Its name when the site is https (`__Host-`: Secure, Path=/, no Domain; no sibling host can plant it). */
export const HOST_CSRF_COOKIE_NAME = `__Host-${CSRF_COOKIE_NAME}`;

/** WordPress tag id of the help articles shown on the site (spec §9). */
export const WORDPRESS_TAG_ID = 15;

/** A chunk that fails to load reloads the page at most once per path within 10 seconds (spec §8, §9). */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

/** `builds/latest.json` is polled every hour (spec §7, §9). */
export const BUILD_POLL_INTERVAL_MS = 3_600_000;

/** The analytics data layer waits up to 5 seconds for a user id before it initialises (spec §9). */
export const ANALYTICS_USER_ID_WAIT_MS = 5000;

/** The optimize activation event fires 800 ms after a page change (spec §9). */
export const OPTIMIZE_ACTIVATION_DELAY_MS = 800;

/** Session replay sample rate: replay is off (spec §9). */
export const REPLAY_SESSION_SAMPLE_RATE = 0;

/** Replay sample rate for sessions with an error: off as well (spec §9). */
export const REPLAY_ON_ERROR_SAMPLE_RATE = 0;

/** Performance tracing sample rate: tracing is off (spec §9). */
export const TRACES_SAMPLE_RATE = 0;
