import type { UserStatus } from '../domain/identity';
import { ENTRY_STEPS, entryStepOfPath } from '../domain/entry-steps';
import { SUPPRESS_ENTRIES_METHOD, suppressionFor } from '../domain/statuses';
import type { GuardName, RouteDef } from './table';

/**
 * The seven guards of spec §2 as pure functions: `(context, location) → allow | redirect | notFound`.
 * Every remote applies them the same way through `evaluateGuards`; none reads the clock, the DOM
 * or the network.
 */

export type { UserStatus };

export interface GuardContext {
  readonly user: {
    readonly status: UserStatus;
    readonly isIndividual: boolean;
    readonly hasSatisfiedProfile: boolean;
    /** `allow_redirect_to_profile` of the current user (spec §3). */
    readonly allowRedirectToProfile: boolean;
    /** `user_segment` of the current user (spec §3); a suppression for a segment reaches only its users. */
    readonly segment?: string | null;
  };
  /** Runtime config (`/config.json`). */
  readonly config: { readonly individualsSupported: boolean };
  /** `GET /api/system_settings/supress_entries/`; null until known. */
  readonly suppressEntries: { readonly method: string | null; readonly segment?: string | null } | null;
  /** The path of the first entry step still to do, when the entry wizard knows it. */
  readonly entry: { readonly firstIncompleteStepPath: string | null };
}

export interface GuardLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

export type GuardResult = { readonly kind: 'allow' } | { readonly kind: 'redirect'; readonly to: string } | { readonly kind: 'notFound' };

export type Guard = (ctx: GuardContext, location: GuardLocation) => GuardResult;

const ALLOW: GuardResult = { kind: 'allow' };
const redirect = (to: string): GuardResult => ({ kind: 'redirect', to });

const isLoggedIn = (ctx: GuardContext) => ctx.user.status !== 'logout';

/** The path and query to come back to after logging in. */
export function returnTo(location: GuardLocation): string {
  return `${location.pathname}${location.search}`;
}

export function loginRedirect(location: GuardLocation): string {
  return `/login?${new URLSearchParams({ next: returnTo(location) }).toString()}`;
}

/**
 * Where `?next=` may send someone after logging in: a path of this site only (not `//host`,
 * not a scheme, not a backslash trick); anything else is ignored.
 */
export function safeNextPath(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  return next;
}

/**
 * A logged-in person does not need the login or registration page: go to the page they were
 * trying to reach (`?next=`), or /mypage.
 */
export const alreadyLoginToMypage: Guard = (ctx, location) =>
  isLoggedIn(ctx) ? redirect(safeNextPath(location.search) ?? '/mypage') : ALLOW;

/**
 * Pages for logged-in people. A visitor goes to /login (carrying `next`); an individual is sent to
 * /unsupported when the runtime config says individuals are not supported (spec §1, §6).
 */
export const authenticated: Guard = (ctx, location) => {
  if (!isLoggedIn(ctx)) return redirect(loginRedirect(location));
  if (ctx.user.isIndividual && !ctx.config.individualsSupported) return redirect('/unsupported');
  return ALLOW;
};

/**
 * Sends a logged-in person to the page their status calls for when they open a registration step
 * that no longer applies: declined at pre-entry → /pre_entry/result; profile satisfied → /mypage.
 * People still lacking data stay on the page. Visitors are left to `authenticated`.
 */
export const authenticatedRedirect: Guard = (ctx) => {
  switch (ctx.user.status) {
    case 'preEntryDeclined':
      return redirect('/pre_entry/result');
    case 'login':
      return redirect('/mypage');
    default:
      return ALLOW;
  }
};

/**
 * The entry wizard opens on the first step that is not done: a step page further on than that
 * redirects back to it. Unknown progress (null) allows.
 */
export const entryStep: Guard = (ctx, location) => {
  const first = ctx.entry.firstIncompleteStepPath;
  if (first === null) return ALLOW;
  // Step order and path rules are the domain's (spec §2, §4).
  const here = entryStepOfPath(location.pathname);
  const target = entryStepOfPath(first);
  if (here === null || target === null || ENTRY_STEPS.indexOf(here) <= ENTRY_STEPS.indexOf(target)) return ALLOW;
  return redirect(first);
};

/**
 * A person whose profile is incomplete and whom the server allows to be redirected
 * (`allow_redirect_to_profile`) fills it in first at /profile/before_entry.
 */
export const profileRedirect: Guard = (ctx) =>
  isLoggedIn(ctx) && !ctx.user.hasSatisfiedProfile && ctx.user.allowRedirectToProfile ? redirect('/profile/before_entry') : ALLOW;

/**
 * Pages such as /login show errors passed as JSON in the URL hash (`#{"detail":"…"}`). A hash
 * that is not a JSON object is dropped (redirect to the same page without it) so nothing half-parsed
 * is ever shown.
 */
export const propagateErrorsInHashJson: Guard = (_ctx, location) => {
  if (!location.hash || location.hash === '#') return ALLOW;
  return parseHashErrors(location.hash) ? ALLOW : redirect(returnTo(location));
};

/** Parses `#{"detail":"…"}` / `#{"email":["…"]}` into a field → message record, or null. */
export function parseHashErrors(hash: string): Record<string, string> | null {
  let raw: unknown;
  try {
    raw = JSON.parse(decodeURIComponent(hash.replace(/^#/, '')));
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first !== '') out[key] = first;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * The operator's entry suppression (spec §3 system setting), for the users it reaches (its
 * `segment`, `suppressionReaches`): maintenance sends them to /maintenance; stop-new-entry sends the
 * wizard back to /mypage, which explains why.
 */
export const systemSettings: Guard = (ctx) => {
  const method = suppressionFor(ctx.suppressEntries, ctx.user.segment)?.method;
  if (method === SUPPRESS_ENTRIES_METHOD.maintenance) return redirect('/maintenance');
  if (method === SUPPRESS_ENTRIES_METHOD.stopNewEntry) return redirect('/mypage');
  return ALLOW;
};

export const GUARD_FUNCTIONS: Readonly<Record<GuardName, Guard>> = {
  alreadyLoginToMypage,
  authenticated,
  authenticatedRedirect,
  entryStep,
  profileRedirect,
  propagateErrorsInHashJson,
  systemSettings,
};

export function evaluateGuards(route: RouteDef, ctx: GuardContext, location: GuardLocation): GuardResult {
  for (const name of route.guards) {
    const result = GUARD_FUNCTIONS[name](ctx, location);
    if (result.kind !== 'allow') return result;
  }
  return ALLOW;
}

/** The context of a visitor whom nothing is known about yet. */
export const VISITOR_CONTEXT: GuardContext = {
  user: { status: 'logout', isIndividual: false, hasSatisfiedProfile: false, allowRedirectToProfile: false },
  config: { individualsSupported: true },
  suppressEntries: null,
  entry: { firstIncompleteStepPath: null },
};
