import * as z from 'zod/mini';

/**
 * `GET /api/health/`: whether the API and its database answer — only that (200 ok, 503 error). A
 * visitor learns no versions and nothing of the database; the API's log and startup line have them.
 */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
});
export type Health = z.infer<typeof HealthSchema>;

/**
 * `GET /api/health/ready/` (issue 27): whether this API process takes new requests — `ready`, or
 * `draining` from the moment it was told to stop (SIGTERM) while it finishes what it started, or
 * `error` when its database does not answer. A proxy's health check sends no traffic to a 503.
 */
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'draining', 'error']),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

/** `GET /api/schema/`: the OpenAPI 3.1 document of every endpoint (generated from the catalogue). */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>;
