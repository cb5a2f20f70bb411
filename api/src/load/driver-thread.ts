import { parentPort, workerData } from 'node:worker_threads';
import { drive, type DriveOptions } from './driver';

/**
 * The worker side of a load run (run.ts starts it through driver-worker.mjs): drives the
 * applicants and posts the figures back. The activation links are asked of the API's side, which
 * reads them from the mail outbox.
 */
export interface LinkRequest {
  readonly type: 'link';
  readonly id: number;
  readonly email: string;
}
export interface LinkAnswer {
  readonly type: 'link';
  readonly id: number;
  readonly uid?: string | null;
  readonly token?: string | null;
  readonly error?: string;
}

const port = parentPort;
if (port === null) throw new Error('driver-thread.ts runs in a worker thread');
const waiting = new Map<number, (answer: LinkAnswer) => void>();
let nextId = 1;
port.on('message', (answer: LinkAnswer) => waiting.get(answer.id)?.(answer));

const result = await drive(workerData as DriveOptions, async (email) => {
  const id = nextId++;
  const answer = await new Promise<LinkAnswer>((resolve) => {
    waiting.set(id, resolve);
    port.postMessage({ type: 'link', id, email } satisfies LinkRequest);
  });
  waiting.delete(id);
  if (answer.error !== undefined) throw new Error(answer.error);
  return { uid: answer.uid ?? null, token: answer.token ?? null };
});
port.postMessage({ type: 'done', result });
