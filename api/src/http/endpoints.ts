import {
  ERROR_CASES,
  IdempotencyHeadersSchema,
  type AnyEndpoint,
  type BodyOf,
  type Endpoint,
  type EndpointSpec,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type StaffRole,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod/mini';
import type { Authenticated } from '../accounts/sessions';
import type { AppContext } from '../context';
import { idempotencyKeyOf, runIdempotent, type IdempotencyOwner } from './idempotency';
import { loginRequired } from './login-required';
import { requireAuth } from './session';
import { requireStaff, staffRequired, type StaffPrincipal } from './staff-session';

/**
 * Routes from the endpoint catalogue (`@app/contracts` `endpoints`): a module says which
 * endpoint it implements and with what handler; method, path, CSRF mode, who may call, the request
 * schemas and the response schema per status all come from the catalogue. TypeScript holds the
 * handler to the contract (what it receives is the validated body/params/query, what it returns is
 * the success body), and at run time Fastify validates the request and serializes the answer with
 * the same schemas, so nothing the catalogue does not describe goes in or out.
 */

/**
 * What a handler receives. Applicant endpoints also get the logged-in session (`auth`); staff
 * endpoints the logged-in staff member (`staff`: id, email, name, role), whose role is one of theirs.
 */
export interface HandlerInput<E extends AnyEndpoint> {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly body: BodyOf<E>;
  readonly params: ParamsOf<E>;
  readonly query: QueryOf<E>;
}
type AuthOf<E extends AnyEndpoint> = E['spec']['access'] extends 'applicant'
  ? { readonly auth: Authenticated }
  : E['spec']['access'] extends { readonly staff: readonly StaffRole[] }
    ? { readonly staff: StaffPrincipal }
    : object;

/**
 * A handler returns the success body (`undefined` for a 204, the bytes for a file download);
 * cookies and headers go through `reply`.
 */
export type Handler<E extends AnyEndpoint> = (
  input: HandlerInput<E> & AuthOf<E>,
) => Promise<E['spec']['success'] extends { file: true } ? Readable : ResponseOf<E>>;

/** One endpoint with its handler: what a module exports. */
export interface Implementation {
  readonly endpoint: AnyEndpoint;
  readonly register: (app: FastifyInstance, ctx: AppContext | undefined) => void;
}

/** The Fastify path: `/api/entries/{id}/` → `/api/entries/:id/`. */
export const fastifyPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

const NO_CONTENT = z.null();

/** Response schemas per status, for Fastify's serializer and the API document. */
function responseSchemas(endpoint: AnyEndpoint): Record<number, unknown> {
  const responses: Record<number, unknown> = {};
  for (const [status, schema] of Object.entries(endpoint.responses)) {
    // A file download is bytes, not JSON: no schema (the summary says what it is).
    if (schema === null && endpoint.spec.success.file === true && Number(status) === endpoint.spec.success.status) continue;
    // A 204 has no body: documented as null (Fastify sends nothing).
    responses[Number(status)] = schema ?? NO_CONTENT;
  }
  return responses;
}

/** A description of each status for the API document. */
function describedErrors(endpoint: AnyEndpoint): string {
  return endpoint.errors
    .map((errorCase) => `${ERROR_CASES[errorCase].status} ${errorCase}: ${ERROR_CASES[errorCase].description}`)
    .join('\n');
}

/** Declares the handler of one catalogue endpoint. */
export function implement<Spec extends EndpointSpec>(endpoint: Endpoint<Spec>, handler: Handler<Endpoint<Spec>>): Implementation {
  return {
    endpoint,
    register(app, ctx) {
      const access = endpoint.access;
      // Staff endpoints: a staff session (staff_sessionid, never the applicant's) with one of these roles.
      const staffRoles = typeof access === 'object' ? access.staff : undefined;
      if (staffRoles !== undefined && staffRoles.length === 0) throw new Error(`${endpoint.id}: a staff endpoint names no role`);
      if (access !== 'visitor' && ctx === undefined)
        throw new Error(`${endpoint.id}: ${staffRoles ? 'a staff' : 'an applicant'} endpoint needs the app context`);
      const { spec } = endpoint;
      const route: RouteOptions = {
        method: endpoint.method,
        url: fastifyPath(endpoint.path),
        config: { csrf: endpoint.csrf === 'none' ? 'exempt' : endpoint.csrf },
        // A file download goes as stored (PDFs and images are compressed formats already; ranges).
        ...(spec.success.file === true ? { compress: false } : {}),
        schema: {
          operationId: endpoint.id,
          summary: spec.summary,
          description: describedErrors(endpoint),
          tags: [spec.tag],
          ...(spec.params ? { params: spec.params } : {}),
          ...(spec.query ? { querystring: spec.query } : {}),
          ...(spec.body ? { body: spec.body } : {}),
          // Idempotency-Key (issue 27): validated (400) and documented.
          ...(spec.idempotent === true ? { headers: IdempotencyHeadersSchema } : {}),
          response: responseSchemas(endpoint),
        },
        // DRF checks permissions before it reads the body: a visitor gets 403 whatever they sent.
        ...(access === 'applicant' && ctx !== undefined ? { preValidation: loginRequired(ctx) } : {}),
        ...(staffRoles !== undefined && ctx !== undefined ? { preValidation: staffRequired(ctx, staffRoles) } : {}),
        handler: async (request, reply) => {
          const auth = access === 'applicant' && ctx !== undefined ? { auth: await requireAuth(ctx, request) } : {};
          const staff = staffRoles !== undefined && ctx !== undefined ? { staff: await requireStaff(ctx, request, staffRoles) } : {};
          const input = { request, reply, body: request.body, params: request.params, query: request.query, ...auth, ...staff };
          const run = () =>
            (handler as (input: HandlerInput<AnyEndpoint> & { auth?: Authenticated; staff?: StaffPrincipal }) => Promise<unknown>)(
              input as HandlerInput<AnyEndpoint>,
            );
          // An Idempotency-Key (issue 27): the first answer of this user's key, or this one kept with it.
          const key = spec.idempotent === true && ctx !== undefined ? idempotencyKeyOf(request) : undefined;
          const owner: IdempotencyOwner | undefined =
            'auth' in auth && auth.auth !== undefined
              ? `applicant:${auth.auth.user.id}`
              : 'staff' in staff && staff.staff !== undefined
                ? `staff:${staff.staff.id}`
                : undefined;
          if (key !== undefined && owner !== undefined && ctx !== undefined) {
            return runIdempotent(
              ctx,
              request,
              reply,
              owner,
              key,
              async () => {
                const result = await run();
                return { status: spec.success.status, body: spec.success.schema === null ? undefined : result };
              },
              spec.multipart !== undefined,
            );
          }
          const result = await run();
          if (reply.sent) return reply;
          reply.code(spec.success.status);
          return spec.success.schema === null && spec.success.file !== true ? reply.send() : reply.send(result);
        },
      };
      app.route(route);
    },
  };
}

/** Registers implementations; each endpoint at most once. */
export function registerImplementations(
  app: FastifyInstance,
  ctx: AppContext | undefined,
  implementations: readonly Implementation[],
): void {
  const seen = new Set<string>();
  for (const implementation of implementations) {
    if (seen.has(implementation.endpoint.id)) throw new Error(`${implementation.endpoint.id} is implemented twice`);
    seen.add(implementation.endpoint.id);
    implementation.register(app, ctx);
  }
}
