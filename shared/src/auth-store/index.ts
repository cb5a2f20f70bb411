import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { apiClient, type ApiClient } from '../api-client';
import {
  identityStateOf,
  isIndividual,
  userStatusOf,
  type CurrentUserFields,
  type IdentityState,
  type UserStatus,
} from '../domain/identity';
import { getRuntimeConfig, type RuntimeConfig } from '../runtime/config';
import { recordInstance } from '../runtime/instances';

/** The current user as `POST /api/me/` returns it (spec §3); a visitor's answer has no id/version. */
export interface CurrentUser extends CurrentUserFields {
  readonly email?: string;
  readonly first_name?: string;
  readonly last_name?: string;
  readonly company_name?: string;
  readonly allow_redirect_to_profile?: boolean;
  readonly [field: string]: unknown;
}

export interface SuppressEntries {
  readonly method: string | null;
  readonly segment: string | null;
  readonly message: string | null;
}

/** The one auth store of the site (a module-federation singleton through @app/shared). */
export interface AuthState {
  readonly status: UserStatus;
  readonly userId: number | null;
  readonly isIndividual: boolean;
  readonly hasSatisfiedProfile: boolean;
  readonly allowRedirectToProfile: boolean;
  readonly me: CurrentUser | null;
  /** Spec §3 user/identity state, derived by the domain rules. */
  readonly identity: IdentityState | null;
  readonly suppressEntries: SuppressEntries | null;
  /** False until the first `POST /api/me/` has answered (or failed). */
  readonly loaded: boolean;
}

export const LOGGED_OUT: AuthState = {
  status: 'logout',
  userId: null,
  isIndividual: false,
  hasSatisfiedProfile: false,
  allowRedirectToProfile: false,
  me: null,
  identity: null,
  suppressEntries: null,
  loaded: true,
};

export const authStore = createStore<AuthState>()(() => ({ ...LOGGED_OUT, loaded: false }));
recordInstance('@app/shared/auth-store', authStore);

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}

export const isLoggedIn = (state: AuthState): boolean => state.status !== 'logout';

/** Today's date in Japan (the service's calendar), as YYYY-MM-DD. */
export function todayInJapan(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export interface RefreshDeps {
  readonly api?: ApiClient;
  readonly config?: RuntimeConfig;
  readonly today?: string;
  /** Where an individual goes when individuals are not supported (spec §1, §6). */
  readonly onUnsupported?: () => void;
}

const reset = () => authStore.setState(LOGGED_OUT, true);

/**
 * Fetches the current user and derives the spec §3 state. A response without `version` (or `id`)
 * is a visitor: logged out and reset. An individual is logged out and sent to /unsupported/ when
 * the runtime config says individuals are unsupported. The settings fetch
 * (`GET /api/system_settings/supress_entries/`) failing logs out (spec §8).
 */
export async function refreshAuth(deps: RefreshDeps = {}): Promise<AuthState> {
  const api = deps.api ?? apiClient;
  const config = deps.config ?? getRuntimeConfig();
  let me: CurrentUser;
  try {
    me = await api<CurrentUser>('/api/me/', { method: 'POST', body: {} });
  } catch {
    reset();
    return authStore.getState();
  }
  if (me.id == null || me.version == null) {
    reset();
    return authStore.getState();
  }
  if (isIndividual(me.corporate_division) && !config.individualsSupported) {
    await logout({ api });
    (deps.onUnsupported ?? (() => window.location.assign('/unsupported/')))();
    return authStore.getState();
  }
  let suppressEntries: SuppressEntries;
  try {
    suppressEntries = await api<SuppressEntries>('/api/system_settings/supress_entries/');
  } catch {
    await logout({ api });
    return authStore.getState();
  }
  authStore.setState(
    {
      status: userStatusOf(me),
      userId: me.id,
      isIndividual: isIndividual(me.corporate_division),
      hasSatisfiedProfile: me.has_satisfied_profile === true,
      allowRedirectToProfile: me.allow_redirect_to_profile === true,
      me,
      identity: identityStateOf(me, deps.today ?? todayInJapan()),
      suppressEntries,
      loaded: true,
    },
    true,
  );
  return authStore.getState();
}

/** Ends the session on the server (best effort) and forgets the user in this tab. */
export async function logout({ api = apiClient }: { api?: ApiClient } = {}): Promise<void> {
  try {
    await api('/api/auth/session/delete', { method: 'POST' });
  } catch {
    // Logged out locally either way; the server session expires on its own.
  }
  reset();
}
