import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { UserStatus } from '../routes/guards';
import { recordInstance } from '../runtime/instances';

/**
 * The one auth store of the site (a module-federation singleton through @app/shared). Until the
 * accounts issue lands it only knows "logged out": there is no login yet, so nothing pretends.
 */
export interface AuthState {
  readonly status: UserStatus;
  readonly userId: number | null;
  readonly isIndividual: boolean;
  readonly hasSatisfiedProfile: boolean;
  readonly allowRedirectToProfile: boolean;
}

export const LOGGED_OUT: AuthState = {
  status: 'logout',
  userId: null,
  isIndividual: false,
  hasSatisfiedProfile: false,
  allowRedirectToProfile: false,
};

export const authStore = createStore<AuthState>()(() => LOGGED_OUT);
recordInstance('@app/shared/auth-store', authStore);

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}

export const isLoggedIn = (state: AuthState): boolean => state.status !== 'logout';
