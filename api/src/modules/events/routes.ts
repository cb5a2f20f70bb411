import { PassThrough } from 'node:stream';
import { CHANGE_EVENT, endpoints, type ChangeNotice } from '@app/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { AppDrizzle } from '../../db/database';
import { sessions, users } from '../../db/schema';
import { implement, type Implementation } from '../../http/endpoints';
import { ApiError } from '../../http/errors';
import { NoticeHub, listenerClientFor } from './hub';

/**
 * The stream's timing. `heartbeatMs`: a comment line this often, so that proxies and load balancers
 * (most close a connection silent for 60 s) keep it open; `sessionCheckMs`: how often the stream
 * checks that its session is still live (an idle expiry; a logout or a revoked session is checked at
 * once, through the channel); `retryMs`: the `retry:` hint for EventSource's own reconnect. Tests
 * shorten them.
 */
export const liveStatusTiming = { heartbeatMs: 25_000, sessionCheckMs: 60_000, retryMs: 5_000 };

/** 503 when the listening connection cannot be opened (the database is down): the browser backs off. */
const UNAVAILABLE_DETAIL = 'ただいまライブ更新を利用できません。';

/** Whether the session (by its stored id) is still live, without sliding it: an open stream is not the applicant's activity. */
async function sessionIsLive(db: AppDrizzle, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now), eq(users.isActive, true)))
    .limit(1);
  return rows.length > 0;
}

const noticeLines = (notice: ChangeNotice): string => `event: ${CHANGE_EVENT}\ndata: ${JSON.stringify(notice)}\n\n`;

/**
 * `GET /api/events/`: the applicant's live-status stream (server-sent events). It says only that
 * something changed (`event: changed`, `data: {"kind":"entry","id":12}`); the page reads the data
 * through the API as usual. One hub per app (= per API process) listens to PostgreSQL for all of
 * that process's streams (hub.ts). The stream ends when the session does (logout, revoked, expired),
 * when the listener loses the database, and when the server closes.
 */
export const eventRoutes = (ctx: AppContext): Implementation[] => {
  const hub = new NoticeHub({
    client: () => listenerClientFor(ctx.db)(),
    log: (line) => console.error(`[api] ${line}`),
  });
  const stream = implement(endpoints.events.stream, async ({ reply, auth }) => {
    let unsubscribe: (() => void) | undefined;
    const body = new PassThrough();
    let ended = false;
    const timers: NodeJS.Timeout[] = [];
    const end = () => {
      if (ended) return;
      ended = true;
      for (const timer of timers) clearInterval(timer);
      unsubscribe?.();
      body.end();
    };
    const checkSession = () =>
      void sessionIsLive(ctx.db, auth.session.id, ctx.now()).then(
        (live) => {
          if (!live) end();
        },
        () => end(),
      );
    try {
      unsubscribe = await hub.subscribe({
        userId: auth.user.id,
        onNotice: (notice) => {
          if (!ended) body.write(noticeLines(notice));
        },
        onSessionCheck: checkSession,
        onLost: end,
      });
    } catch {
      throw new ApiError(503, { detail: UNAVAILABLE_DETAIL });
    }
    // The browser went away (tab closed, navigation, network): nothing more to send. It may have
    // gone while the stream was being subscribed: then it ends at once.
    reply.raw.on('close', end);
    if (reply.raw.destroyed) end();
    reply
      .header('Content-Type', 'text/event-stream; charset=utf-8')
      // Not stored, but no-store would also keep some proxies from streaming; no-transform: no gzip on the way.
      .header('Cache-Control', 'no-cache, no-transform')
      // nginx (and proxies that read it) pass the events on at once instead of buffering them.
      .header('X-Accel-Buffering', 'no');
    if (ended) return body;
    body.write(`retry: ${liveStatusTiming.retryMs}\n: open\n\n`);
    timers.push(setInterval(() => body.write(': keep-alive\n\n'), liveStatusTiming.heartbeatMs).unref());
    timers.push(setInterval(checkSession, liveStatusTiming.sessionCheckMs).unref());
    return body;
  });
  return [
    {
      endpoint: stream.endpoint,
      register(app, context) {
        stream.register(app, context);
        // Open streams would keep the server from closing: they end first, then the listener.
        app.addHook('preClose', async () => hub.close());
      },
    },
  ];
};
