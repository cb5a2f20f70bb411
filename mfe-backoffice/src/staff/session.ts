import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { UnauthorizedError } from '@app/shared';
import { isLoggedInStaff, STAFF_MESSAGES, type StaffSummary } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { staffApi } from './api';

/**
 * Who is using the back office: the staff member of `POST /api/staff/me/`, kept here, inside the
 * remote. The applicants' auth store (@app/shared) is never read or written: a staff session and an
 * applicant session are different people, even in one browser.
 */
export type StaffSessionState =
  | { readonly status: 'unknown' }
  | { readonly status: 'loading' }
  | { readonly status: 'visitor' }
  | { readonly status: 'staff'; readonly staff: StaffSummary }
  | { readonly status: 'error'; readonly message: string };

export const staffSession = createStore<StaffSessionState>()(() => ({ status: 'unknown' }));

export const useStaffSession = (): StaffSessionState => useStore(staffSession);

/** Asks the API who is logged in as staff (also hands out the csrftoken cookie). */
export async function refreshStaff(): Promise<void> {
  staffSession.setState({ status: 'loading' }, true);
  try {
    const me = await staffApi(endpoints.staff.me.get);
    staffSession.setState(isLoggedInStaff(me) ? { status: 'staff', staff: me } : { status: 'visitor' }, true);
  } catch (error) {
    staffSession.setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }, true);
  }
}

export function setStaff(staff: StaffSummary): void {
  staffSession.setState({ status: 'staff', staff }, true);
}

export async function logoutStaff(): Promise<void> {
  try {
    await staffApi(endpoints.staff.auth.logout);
  } finally {
    staffSession.setState({ status: 'visitor' }, true);
  }
}

/**
 * A staff endpoint answered "not logged in as staff" (the session ended: 30 minutes idle, 8 hours,
 * an account disabled): forget the staff member, so the page sends them to the login. True when so.
 */
export function endSessionIfStaffLoggedOut(error: unknown): boolean {
  if (error instanceof UnauthorizedError && error.status === 403 && error.message === STAFF_MESSAGES.notAuthenticated) {
    staffSession.setState({ status: 'visitor' }, true);
    return true;
  }
  return false;
}
