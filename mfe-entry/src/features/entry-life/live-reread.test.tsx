import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { bumpDataGeneration } from '@app/shared';
import { installMswServer, server } from '../../testing/server';
import { entries, renderAt, startBackend } from './testing';

installMswServer();
afterEach(cleanup);

/**
 * Live status (issue 22): when the data generation moves (a staff decision announced by the
 * stream, the tab shown again), the entry's page reads the entry again through the API and shows
 * the new status in place: no loading state in between, and a failed re-read keeps what is shown.
 */
const current = async () =>
  (await screen.findByRole('list', { name: '審査の状況' })).querySelector('[aria-current="step"]')?.textContent ?? '';

test('a decision made meanwhile shows after the generation moves, without the loading state', async () => {
  const backend = startBackend({ entries: [entries.underReview()] });
  renderAt('/entry/detail/21');
  expect(await current()).toContain('審査中');

  // Staff sent it back meanwhile (the mock backend's state is the API's).
  backend.state.entries = [{ ...entries.inadequate(), id: 21 }];
  act(() => bumpDataGeneration('notice', { kind: 'entry', id: 21 }));
  // What is shown stays while the entry is read again.
  expect(screen.queryByText('読み込み中…')).toBeNull();
  expect(within(await screen.findByRole('list', { name: '審査の状況' })).getAllByRole('listitem').length).toBeGreaterThan(0);
  await expect.poll(current).toContain('書類の不備あり');
});

test('a re-read that fails keeps the entry shown', async () => {
  const backend = startBackend({ entries: [entries.underReview()] });
  renderAt('/entry/detail/21');
  expect(await current()).toContain('審査中');
  let refused = 0;
  server.events.on('response:mocked', ({ request, response }) => {
    if (new URL(request.url).pathname === '/api/entries/21/' && response.status === 403) refused += 1;
  });
  backend.state.me = null; // the next read is refused (403)
  act(() => bumpDataGeneration('visible'));
  await expect.poll(() => refused).toBe(1);
  expect(await current()).toContain('審査中');
  expect(screen.queryByRole('alert')).toBeNull();
});
