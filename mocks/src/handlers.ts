import type { HttpHandler } from 'msw';
import { listEndpoints } from '@app/contracts/api/endpoint';
import { endpoints } from '@app/contracts/api/endpoints';
import { initialMockState, type MockState } from './state';
import { accountHandlers } from './handlers/accounts';
import { entryHandlers } from './handlers/entries';
import { lookupHandlers } from './handlers/lookups';
import { profileHandlers } from './handlers/profile';
import { staffHandlers } from './handlers/staff';
import { staffDecisionHandlers } from './handlers/staff-decisions';
import { uploadHandlers } from './handlers/uploads';

export { MockReply, answer, failure, failureReply, mock, mswPath, offline, type MockCall, type MockResolver } from './reply';
export { MOCK_ACCOUNT, MOCK_STAFF, initialMockState, type MockState } from './state';

/**
 * Handlers for every endpoint of the catalogue, sharing one state: register, log in (MOCK_ACCOUNT or
 * any account registered since), log out, the current user, the profile (with its version check),
 * the password flows and the settings. Bodies are validated with the same contracts as the API.
 */
export function createMockBackend(state: MockState = initialMockState()): { handlers: HttpHandler[]; state: MockState } {
  // In this order: MSW tries handlers in order (the draft's before `/api/entries/:id/`).
  const handlers = {
    ...accountHandlers(state),
    ...profileHandlers(state),
    ...uploadHandlers(state),
    ...entryHandlers(state),
    ...lookupHandlers(state),
    ...staffHandlers(state),
    ...staffDecisionHandlers(state),
  };
  const missing = listEndpoints(endpoints).filter((endpoint) => !(endpoint.id in handlers));
  if (missing.length > 0) throw new Error(`the mock backend does not answer ${missing.map((m) => m.id).join(', ')}`);
  return { handlers: Object.values(handlers), state };
}
