import type { ChangeNotice } from '@app/contracts';
import pg from 'pg';
import { NOTICE_CHANNEL, parseChannelMessage } from './notify';

/** One open stream, as the hub sees it. */
export interface NoticeSubscriber {
  readonly userId: number;
  /** Something of this applicant changed. */
  readonly onNotice: (notice: ChangeNotice) => void;
  /** A session of this applicant ended somewhere: is this stream's still live? */
  readonly onSessionCheck: () => void;
  /** The listening connection dropped: notices may have been missed, the stream should end. */
  readonly onLost: () => void;
}

export interface NoticeHubOptions {
  /** A new client for the listening connection (not connected yet). */
  readonly client: () => pg.Client;
  readonly log: (line: string) => void;
}

/**
 * The API process's end of the live-status channel: ONE PostgreSQL connection (not one per stream)
 * that LISTENs on `applicant_events` and hands every notice to this process's streams of that
 * applicant. It connects when the first stream opens and stays connected; when the connection drops
 * (PostgreSQL restarted, the network), every stream is told (`onLost`: notices may have been missed,
 * so the stream ends and the browser, reconnecting, reads the page again) and the next stream to
 * open connects again. `close()` (the app closing) ends it for good.
 */
export class NoticeHub {
  private readonly subscribers = new Map<number, Set<NoticeSubscriber>>();
  private listening: Promise<pg.Client> | undefined;
  private closed = false;

  constructor(private readonly options: NoticeHubOptions) {}

  /** Open streams (all applicants). */
  get size(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  /**
   * Adds a stream once the channel is being listened to (a notice committed after this resolves
   * reaches it). Rejects when the database cannot be reached. Returns the unsubscribe function.
   */
  async subscribe(subscriber: NoticeSubscriber): Promise<() => void> {
    await this.listen();
    let set = this.subscribers.get(subscriber.userId);
    if (set === undefined) this.subscribers.set(subscriber.userId, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.subscribers.get(subscriber.userId) === set) this.subscribers.delete(subscriber.userId);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const listening = this.listening;
    this.listening = undefined;
    this.dropAll();
    const client = await listening?.catch(() => undefined);
    await client?.end().catch(() => undefined);
  }

  private listen(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('the notice hub is closed'));
    this.listening ??= this.connect();
    return this.listening;
  }

  /** Not async: the promise kept in `listening` must be this very one (onLost compares them). */
  private connect(): Promise<pg.Client> {
    const client = this.options.client();
    let lost = false;
    // This connection's promise (what `listening` holds while it is the listener).
    const mine: { promise?: Promise<pg.Client> } = {};
    const onLost = (reason: string) => {
      if (lost) return;
      lost = true;
      if (this.closed) return;
      this.options.log(`live-status listener: connection lost (${reason}); streams end and the next one reconnects`);
      // A promise of this client is no longer the listener; the next subscribe connects anew.
      if (this.listening === mine.promise) this.listening = undefined;
      void client.end().catch(() => undefined);
      this.dropAll();
    };
    // Without an 'error' listener a dropped connection would crash the process.
    client.on('error', (error) => onLost(error.message));
    client.on('end', () => onLost('ended'));
    client.on('notification', (message) => {
      if (message.channel !== NOTICE_CHANNEL) return;
      const parsed = parseChannelMessage(message.payload);
      if (parsed === null) return;
      for (const subscriber of [...(this.subscribers.get(parsed.u) ?? [])]) {
        if ('session' in parsed) subscriber.onSessionCheck();
        else subscriber.onNotice(parsed.notice);
      }
    });
    mine.promise = (async () => {
      try {
        await client.connect();
        await client.query(`LISTEN ${client.escapeIdentifier(NOTICE_CHANNEL)}`);
        return client;
      } catch (error) {
        lost = true;
        if (this.listening === mine.promise) this.listening = undefined;
        await client.end().catch(() => undefined);
        throw error;
      }
    })();
    return mine.promise;
  }

  /** Every stream is told the listener is gone (each then unsubscribes). */
  private dropAll(): void {
    const all = [...this.subscribers.values()].flatMap((set) => [...set]);
    this.subscribers.clear();
    for (const subscriber of all) subscriber.onLost();
  }
}

/**
 * The hub's listening client: the connection settings of the pool behind the API's drizzle handle
 * (the same role and database, embedded or DATABASE_URL).
 */
export function listenerClientFor(db: object): () => pg.Client {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) throw new Error('live status: the database handle has no pg pool');
  // pg keeps the password out of the options' enumerable keys: named here, or a spread would lose it.
  return () => new pg.Client({ ...pool.options, password: pool.options.password });
}
