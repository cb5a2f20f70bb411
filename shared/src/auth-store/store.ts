import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { Api } from '../api-client';
import type { NetworkError } from '../api-client/errors';
import type { Me, MeResponse } from '@app/contracts/api/me';
import { isLoggedInMe } from '@app/contracts/api/me-kind';
import type { SuppressEntries } from '@app/contracts/api/system-settings';
import { identityStateOf, isIndividual, userStatusOf, type IdentityState, type UserStatus } from '@app/contracts/domain/identity';
import { getRuntimeConfig, type RuntimeConfig } from '../runtime/config';
import { recordInstance } from '../runtime/instances';
import { checkMinClientBuild } from '../runtime/min-client-build';
import { showToast } from '../ui/toast';
import type * as ClientModule from './client';
import { isVisitorAnswer, requestMe, requestSuppressEntries } from './me-request';

/**
 * The API client and the endpoints the store calls (./client.ts): loaded when a call needs them, so a
 * visitor's page never does. A chunk of the build that runs the store, with its own client, which
 * reports each answer's minimum client build to the core's check (this module's own import).
 */
interface Full extends Pick<typeof ClientModule, 'NetworkError' | 'readAnswer' | 'sessionEndpoints'> {
  readonly api: Api;
}
let full: Promise<Full> | undefined;
const loadFull = (): Promise<Full> =>
  (full ??= import('./client').then((lib) => ({
    NetworkError: lib.NetworkError,
    readAnswer: lib.readAnswer,
    sessionEndpoints: lib.sessionEndpoints,
    api: lib.createApi({ onMinClientBuild: checkMinClientBuild }),
  })));

/** The one auth store of the site (a module-federation singleton through @app/shared). */
export interface AuthState {
  readonly status: UserStatus;
  readonly userId: number | null;
  readonly isIndividual: boolean;
  readonly hasSatisfiedProfile: boolean;
  readonly allowRedirectToProfile: boolean;
  /** The current user as the contract describes it (`POST /api/me/`, spec §3). */
  readonly me: Me | null;
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
  readonly api?: Api;
  readonly config?: RuntimeConfig;
  readonly today?: string;
  /** Where an individual goes when individuals are not supported (spec §1, §6). */
  readonly onUnsupported?: () => void;
  /** No answer at all (offline): the §8 network error is shown (a toast by default). */
  readonly onNetworkError?: (error: NetworkError) => void;
  /**
   * The runtime config, still loading (the shell's start): the current-user request, which needs
   * nothing from it, goes out at once, and the config is read once this settles (a rejection is
   * refreshAuth's). Without it the config must be loaded already.
   */
  readonly configReady?: Promise<unknown>;
  /**
   * The page needs a logged-in user (the shell's start on such a route): the settings request goes
   * out with the current-user request rather than after its answer, one round trip less before the
   * page can render. Its answer is read only for a logged-in user, as before; a visitor's page never
   * sends it. Ignored with `api` (the settings are then asked for after the user, with that client).
   */
  readonly settingsAtOnce?: boolean;
  /**
   * A re-read of a page already shown (live status: focus, navigation, a notice of the stream).
   * Only an answer saying the session ended logs the tab out; any other failure (a 5xx, a broken
   * answer, the settings fetch failing) keeps what is shown, and the next re-read tries again. The
   * spec's "settings fetch failure: logout" is the first read's rule: a background re-read that a
   * busy server or a navigation cut short must not end a session the applicant is working in.
   */
  readonly background?: boolean;
}

const reset = () => authStore.setState(LOGGED_OUT, true);

/**
 * Fetches the current user and derives the spec §3 state. A response without `version` (or `id`)
 * is a visitor: logged out and reset. An individual is logged out and sent to /unsupported/ when
 * the runtime config says individuals are unsupported. The settings fetch
 * (`GET /api/system_settings/supress_entries/`) failing with an answer logs out (spec §8), except
 * in a `background` re-read. A network failure of either fetch (no answer at all) changes nothing
 * but shows the network error.
 */
export async function refreshAuth(deps: RefreshDeps = {}): Promise<AuthState> {
  // The request goes out before the client is loaded (and before the runtime config, if it is still
  // loading); a visitor's `{}` needs no more.
  const sent = deps.api ? undefined : requestMe();
  const settingsSent = deps.api || deps.settingsAtOnce !== true ? undefined : requestSuppressEntries();
  await deps.configReady;
  const config = deps.config ?? getRuntimeConfig();
  let me: Me;
  let lib: Full | undefined;
  try {
    let answer: MeResponse;
    if (deps.api) {
      lib = await loadFull();
      answer = await deps.api(lib.sessionEndpoints.me.get);
    } else {
      const raw = await (sent ?? requestMe());
      if (isVisitorAnswer(raw)) {
        reset();
        return authStore.getState();
      }
      lib = await loadFull();
      answer = lib.readAnswer(lib.sessionEndpoints.me.get, raw);
    }
    if (!isLoggedInMe(answer)) {
      reset();
      return authStore.getState();
    }
    me = answer;
  } catch (error) {
    if (lib && error instanceof lib.NetworkError) return keepOnNetworkError(error, deps);
    // A re-read that failed keeps what the page shows (the user was read before).
    if (deps.background === true && isLoggedIn(authStore.getState())) return authStore.getState();
    reset();
    return authStore.getState();
  }
  const api = deps.api ?? lib.api;
  if (isIndividual(me.corporate_division) && !config.individualsSupported) {
    await logout({ api });
    (deps.onUnsupported ?? (() => window.location.assign('/unsupported/')))();
    return authStore.getState();
  }
  let suppressEntries: SuppressEntries;
  try {
    const settingsEndpoint = lib.sessionEndpoints.systemSettings.suppressEntries;
    suppressEntries = settingsSent ? lib.readAnswer(settingsEndpoint, await settingsSent) : await api(settingsEndpoint);
  } catch (error) {
    // No answer (offline, or the request cut off by a navigation) says nothing about the session.
    if (error instanceof lib.NetworkError) return keepOnNetworkError(error, deps);
    const previous = authStore.getState().suppressEntries;
    if (deps.background === true && previous !== null) suppressEntries = previous;
    else {
      await logout({ api });
      return authStore.getState();
    }
  }
  authStore.setState(
    {
      status: userStatusOf(me),
      userId: me.id,
      isIndividual: isIndividual(me.corporate_division),
      hasSatisfiedProfile: me.has_satisfied_profile,
      allowRedirectToProfile: me.allow_redirect_to_profile,
      me,
      identity: identityStateOf(me, deps.today ?? todayInJapan()),
      suppressEntries,
      loaded: true,
    },
    true,
  );
  return authStore.getState();
}

/** Offline for a moment is not a logout: whoever was logged in stays so, and is told. */
function keepOnNetworkError(error: NetworkError, deps: RefreshDeps): AuthState {
  (deps.onNetworkError ?? ((e: NetworkError) => showToast(e.message, 'error')))(error);
  if (!authStore.getState().loaded) authStore.setState({ loaded: true });
  return authStore.getState();
}

/** Ends the session on the server (best effort) and forgets the user in this tab. */
export async function logout({ api }: { api?: Api } = {}): Promise<void> {
  try {
    const lib = await loadFull();
    await (api ?? lib.api)(lib.sessionEndpoints.auth.logout);
  } catch {
    // Logged out locally either way; the server session expires on its own.
  }
  reset();
}

export {
  STALE_AFTER_MS,
  bumpDataGeneration,
  createRevalidator,
  isStale,
  revalidationStore,
  subscribeLiveNotices,
  useDataGeneration,
  type LiveNotice,
  type RevalidationState,
  type Revalidator,
} from './revalidate';
