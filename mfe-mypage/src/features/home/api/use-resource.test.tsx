import { act, renderHook, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { bumpDataGeneration } from '@app/shared';
import { useResource } from './use-resource';

/**
 * Live status (issue 22): a section reads its data again when the data generation moves (the tab
 * shown again, a stale navigation, a notice of the stream), quietly: no loading state, and a failed
 * re-read keeps the data shown. An explicit retry still shows loading, then the failure.
 */
test('re-reads quietly when the generation moves; a failed quiet re-read keeps the data; a retry shows its failure', async () => {
  let reads = 0;
  let failing = false;
  const load = vi.fn(() => (failing ? Promise.reject(new Error('offline')) : Promise.resolve(++reads)));
  const { result } = renderHook(() => useResource(load));
  await waitFor(() => expect(result.current.resource).toEqual({ status: 'ready', data: 1 }));

  act(() => bumpDataGeneration('notice', { kind: 'entry', id: 1 }));
  expect(result.current.resource).toEqual({ status: 'ready', data: 1 });
  await waitFor(() => expect(result.current.resource).toEqual({ status: 'ready', data: 2 }));

  failing = true;
  act(() => bumpDataGeneration('visible'));
  await waitFor(() => expect(load).toHaveBeenCalledTimes(3));
  // One task boundary (not a wait on time): every promise callback of the failed read has run by then.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(result.current.resource).toEqual({ status: 'ready', data: 2 });

  act(() => result.current.reload());
  expect(result.current.resource).toEqual({ status: 'loading' });
  await waitFor(() => expect(result.current.resource.status).toBe('failed'));
});
