import { setupWorker } from 'msw/browser';
import { createMockBackend, MOCK_ACCOUNT } from './handlers';

/**
 * Starts the mock backend in the browser (a service worker answers `/api/*`): what `dev:mock`
 * runs before the remote mounts. The worker script is served at `/mockServiceWorker.js`.
 */
export async function startMockApi(): Promise<void> {
  const { handlers } = createMockBackend();
  await setupWorker(...handlers).start({ onUnhandledRequest: 'bypass', quiet: true });
  console.info(`[mock API] every /api call is answered in the browser. Log in as ${MOCK_ACCOUNT.email} / ${MOCK_ACCOUNT.password}.`);
}
