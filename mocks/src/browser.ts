import { setupWorker } from 'msw/browser';
import { demoEntriesFixture, staffEntryDetailFixture } from './fixtures';
import { createMockBackend, initialMockState, MOCK_ACCOUNT } from './handlers';

/**
 * Starts the mock backend in the browser (a service worker answers `/api/*`): what `dev:mock`
 * runs before the remote mounts. The worker script is served at `/mockServiceWorker.js`. The
 * applicant has entries at each step of their life (`demoEntriesFixture`: sent back, offered,
 * paid) and the back office reviews the same ones — as separate copies: a decision in the back
 * office does not change the applicant's entry in mock mode (the real API does).
 */
export async function startMockApi(): Promise<void> {
  const demo = demoEntriesFixture();
  const { handlers } = createMockBackend(
    initialMockState({ entries: demo, review: [staffEntryDetailFixture(), ...demo.map((entry) => staffEntryDetailFixture({ entry }))] }),
  );
  await setupWorker(...handlers).start({ onUnhandledRequest: 'bypass', quiet: true });
  console.info(`[mock API] every /api call is answered in the browser. Log in as ${MOCK_ACCOUNT.email} / ${MOCK_ACCOUNT.password}.`);
}
