import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { createMockBackend, initialMockState, staffMembersFixture, type MockState } from '@app/mocks';
import type { StaffSummary } from '@app/contracts';
import { BackofficeRouteView } from '../app/root';
import { staffSession } from '../staff/session';
import { server } from './server';

/** A staff member of the mock's accounts (`staffMembersFixture`), as `POST /api/staff/me/` answers them. */
export function mockStaff(role: 'reviewer' | 'approver' | 'admin'): StaffSummary {
  const member = staffMembersFixture().find((m) => m.role === role && m.disabled_at === null)!;
  return { id: member.id, email: member.email, name: member.name, role: member.role };
}

export interface Rendered {
  readonly backend: ReturnType<typeof createMockBackend>;
  /** The router's current path and query. */
  readonly location: () => string;
  readonly navigate: () => NavigateFunction;
}

/**
 * The back office at `path` as the browser would show it (route table, staff session, layout, page)
 * against the mock backend (MSW, the same contracts as the API); `state` sets up the backend, e.g.
 * `{ staff: mockStaff('reviewer') }` for a logged-in reviewer.
 */
export function renderBackoffice(path: string, state: Partial<MockState> = {}): Rendered {
  const backend = createMockBackend(initialMockState(state));
  server.use(...backend.handlers);
  staffSession.setState({ status: 'unknown' }, true);
  let current = path;
  let nav: NavigateFunction | null = null;
  function Probe() {
    const location = useLocation();
    nav = useNavigate();
    current = `${location.pathname}${location.search}`;
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <BackofficeRouteView />
      <Probe />
    </MemoryRouter>,
  );
  return { backend, location: () => current, navigate: () => nav! };
}
