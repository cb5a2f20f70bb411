import * as z from 'zod/mini';

/**
 * `GET /api/health/`: whether the API and its database answer (200 ok, 503 error). `embedded` says
 * whether the database is the embedded PostgreSQL; `version` is the server's version when it answered.
 */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({
    status: z.enum(['ok', 'error']),
    embedded: z.boolean(),
    version: z.optional(z.string()),
  }),
});
export type Health = z.infer<typeof HealthSchema>;

/** `GET /api/schema/`: the OpenAPI 3.1 document of every endpoint (generated from the catalogue). */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>;
