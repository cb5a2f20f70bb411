import * as z from 'zod/mini';
import { WEB_VITALS } from '../domain/telemetry';
import { REMOTES } from '../remotes';
import { ROUTES } from '../routes/table';

/**
 * `POST /api/telemetry/` (issue 26): what the shell sends with `navigator.sendBeacon`, a batch of
 * field signals of one page view. No session needed and no CSRF token (a beacon cannot carry a
 * header; the body changes nothing anyone owns); bounded in size and count, rate-limited per client;
 * every message scrubbed (`scrubMessage`) before sending and again on the server. Tags are ids, never
 * URLs: the route id of the route table, the owning remote and its version, the deployment revision
 * and the canary the browser is in.
 */

/** Where the shell sends its batches (`navigator.sendBeacon`, a JSON body). */
export const TELEMETRY_PATH = '/api/telemetry/';

/** At most this many signals in one batch (the shell sends more batches rather than a larger one). */
export const TELEMETRY_BATCH_MAX = 50;
/** The largest body the endpoint reads (bytes). */
export const TELEMETRY_BODY_MAX_BYTES = 32 * 1024;

const ROUTE_IDS = ROUTES.map((route) => route.id) as [string, ...string[]];
const REMOTE_NAMES = ['shell', ...REMOTES] as const;

/** Where a signal comes from: ids only. */
export const TelemetryTagsSchema = z.object({
  route: z.enum(ROUTE_IDS),
  remote: z.enum(REMOTE_NAMES),
  /** The remote's published version (`0.1.0-67ee67d8c2`). */
  version: z.string().check(z.regex(/^[0-9A-Za-z.+-]{1,64}$/)),
  /** The deployment manifest's revision the page started with. */
  revision: z.int().check(z.nonnegative()),
  /** Whether this remote's version is a canary for this browser (the remote and version say which). */
  canary: z.boolean(),
  /** A staff member's pinned preview: kept out of the canary's numbers. */
  preview: z.boolean(),
});
export type TelemetryTags = z.infer<typeof TelemetryTagsSchema>;

const errorKinds = ['uncaught', 'rejection', 'boundary', 'remote-load', 'contract'] as const;

export const TelemetrySignalSchema = z.discriminatedUnion('type', [
  /**
   * A page view; `first`: the first one of this remote version in this browser tab's session
   * (sessionStorage), so the sum of `first` over any window counts sessions without any id.
   */
  z.object({ type: z.literal('pageview'), first: z.boolean() }),
  z.object({
    type: z.literal('error'),
    kind: z.enum(errorKinds),
    message: z.string().check(z.maxLength(1000)),
    /** The stack's top frame as the browser printed it (the server keeps it without origin and query). */
    frame: z.nullable(z.string().check(z.maxLength(500))),
  }),
  z.object({
    type: z.literal('vital'),
    name: z.enum(WEB_VITALS),
    value: z.number().check(z.nonnegative(), z.lte(600_000)),
  }),
]);
export type TelemetrySignal = z.infer<typeof TelemetrySignalSchema>;

/** One tag set's signals. */
export const TelemetryBatchSchema = z.object({
  tags: TelemetryTagsSchema,
  signals: z.array(TelemetrySignalSchema).check(z.minLength(1), z.maxLength(TELEMETRY_BATCH_MAX)),
});
export type TelemetryBatch = z.infer<typeof TelemetryBatchSchema>;

/** At most this many tag sets in one beacon. */
export const TELEMETRY_BEACON_MAX_BATCHES = 10;

/**
 * What the shell sends: everything waiting in one beacon, a batch per tag set (a page view on one
 * route, a vital of another, an error of a third remote), at most TELEMETRY_BATCH_MAX signals in all.
 * One request per flush, not one per route the person went through. (A single batch, as the shells
 * before @app/shared 0.16 sent it, is read by the endpoint as an envelope of one: a page left open
 * across a deploy still counts.)
 */
export const TelemetryEnvelopeSchema = z.object({
  batches: z.array(TelemetryBatchSchema).check(
    z.minLength(1),
    z.maxLength(TELEMETRY_BEACON_MAX_BATCHES),
    z.refine((batches) => batches.reduce((sum, batch) => sum + batch.signals.length, 0) <= TELEMETRY_BATCH_MAX, {
      error: `at most ${TELEMETRY_BATCH_MAX} signals in one beacon`,
    }),
  ),
});
export type TelemetryEnvelope = z.infer<typeof TelemetryEnvelopeSchema>;
