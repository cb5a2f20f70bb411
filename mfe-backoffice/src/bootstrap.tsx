// Standalone mount, for working on the back office alone with its own dev server (`dev`, or
// `dev:mock` with the in-browser mock API instead of the real one; never part of a production build).
import { createRoot } from 'react-dom/client';
import { CONTAINERS, containerFor, ensureStyles, loadRuntimeConfig } from '@app/shared';
import { BackofficeRoot } from './app/root';

async function start(): Promise<void> {
  await ensureStyles();
  if (__MOCK_API__) {
    const [mocks, { MOCK_STAFF }] = await Promise.all([import('@app/mocks/browser'), import('@app/mocks')]);
    await mocks.startMockApi();
    console.info(`[mock API] staff: ${MOCK_STAFF.email} / ${MOCK_STAFF.password}, code ${MOCK_STAFF.otp}.`);
  }
  await loadRuntimeConfig();
  createRoot(containerFor(CONTAINERS.backoffice)).render(<BackofficeRoot />);
}

void start();
