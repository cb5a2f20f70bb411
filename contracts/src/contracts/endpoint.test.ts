import * as z from 'zod/mini';
import { describe, expect, test } from 'vitest';
import {
  defineCatalogue,
  endpoint,
  endpointsOf,
  errorsOf,
  group,
  listEndpoints,
  pathOf,
  successOf,
  type AnyEndpoint,
  type ShortSuccess,
} from './endpoint';
import { endpoints } from './endpoints';
import { sessionEndpoints } from './endpoints-session';
import { ValidationErrorBodySchema } from './errors';

const ok = { status: 200, schema: z.object({}) } as const;

describe('endpoint()', () => {
  test('unsafe methods need the CSRF token, safe ones not; logged-in access adds 403 forbidden', () => {
    const patch = endpoint({
      method: 'PATCH',
      path: '/api/x/',
      tag: 't',
      summary: 's',
      access: 'applicant',
      success: ok,
      errors: ['validation'],
    });
    expect([patch.csrf, patch.errors]).toEqual(['required', ['validation', 'forbidden', 'csrf']]);
    expect(Object.keys(patch.responses)).toEqual(['200', '400', '403']);
    expect(patch.responses[400]).toBe(ValidationErrorBodySchema);
    const get = endpoint({ method: 'GET', path: '/api/x/', tag: 't', summary: 's', access: 'visitor', success: ok });
    expect([get.csrf, get.errors, Object.keys(get.responses)]).toEqual(['none', [], ['200']]);
  });
  test.each([
    ['a path parameter without a schema', { path: '/api/x/{id}/' }, 'path parameters {id} but params {}'],
    ['a schema for no parameter', { path: '/api/x/', params: z.object({ id: z.string() }) }, 'path parameters {} but params {id}'],
    ['a safe method with a CSRF check', { method: 'GET', csrf: 'required' }, 'a safe method has no CSRF check'],
    ['both a JSON and a multipart body', { body: z.object({}), multipart: z.object({}) }, 'body or multipart, not both'],
    ['an Idempotency-Key on a safe method', { method: 'GET', access: 'applicant', idempotent: true }, 'an Idempotency-Key is for unsafe'],
    ["an Idempotency-Key on a visitor's request", { idempotent: true }, 'an Idempotency-Key is for unsafe'],
  ])('refuses %s', (_label, change, message) => {
    const spec = { method: 'POST', path: '/api/x/', tag: 't', summary: 's', access: 'visitor', success: ok, ...change };
    expect(() => endpoint(spec as Parameters<typeof endpoint>[0])).toThrow(message);
  });
});

describe('idempotent: true (issue 27)', () => {
  test('implies a malformed key (400), the same key in progress (409) and with another request (422)', () => {
    const post = endpoint({ method: 'POST', path: '/api/x/', tag: 't', summary: 's', access: 'applicant', success: ok, idempotent: true });
    expect(post.errors).toEqual(['forbidden', 'csrf', 'validation', 'conflict', 'idempotencyMismatch']);
    expect(Object.keys(post.responses)).toEqual(['200', '400', '403', '409', '422']);
  });
  test('the money-related creates and decisions of the catalogue honour it, and nothing else', () => {
    const idempotent = listEndpoints(endpoints)
      .filter((e) => e.spec.idempotent === true)
      .map((e) => e.id)
      .sort();
    expect(idempotent).toEqual([
      'entries.cancel',
      'entries.contract',
      'entries.create',
      'entries.review',
      'staff.claims.action',
      'staff.claims.decision',
      'staff.entries.action',
      'staff.entries.approve',
      'staff.entries.confirmBankAccount',
      'staff.entries.documents',
      'uploads.create',
    ]);
  });
});

describe('endpointsOf()', () => {
  const { GET, POST, PUT, PATCH, DELETE } = endpointsOf({ tag: 't', access: 'applicant' });
  const body = z.object({ name: z.string() });

  test("an endpoint is endpoint() of its method and path, the group's tag and access, and its own spec", () => {
    const short = POST('/api/x/{id}/', { summary: 's', params: z.object({ id: z.string() }), body, ok: body, errors: ['notFound'] });
    const long = endpoint({
      method: 'POST',
      path: '/api/x/{id}/',
      tag: 't',
      summary: 's',
      access: 'applicant',
      params: short.spec.params,
      body,
      success: { status: 200, schema: body },
      errors: ['validation', 'notFound'],
    });
    expect(short).toEqual(long);
    expect(short.spec).toEqual(long.spec);
    expect(Object.keys(short.spec)).not.toContain('ok');
  });
  test("an endpoint's own access and tag win over the group's", () => {
    const own = GET('/api/x/', { summary: 's', tag: 'u', access: 'visitor', ok: body });
    expect([own.spec.tag, own.access, own.errors]).toEqual(['u', 'visitor', []]);
  });
  test('one constructor per method', () => {
    const made = [GET, POST, PUT, PATCH, DELETE].map((make) => make('/api/x/', { summary: 's', noContent: true }).method);
    expect(made).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  });
});

describe('errorsOf()', () => {
  const schema = z.object({});
  test.each([
    ['a body', { body: schema }, ['validation']],
    ['a query', { query: schema, errors: ['notFound'] }, ['validation', 'notFound']],
    ['a multipart form', { multipart: schema, errors: ['validation'] }, ['validation']],
    ['nothing to read', { errors: ['notFound'] }, ['notFound']],
    ['nothing at all', {}, []],
  ] as const)('validation is implied by %s', (_label, short, errors) => {
    expect(errorsOf(short)).toEqual(errors);
  });
  test('an endpoint without failures of its own has no errors in its spec', () => {
    const { GET } = endpointsOf({ tag: 't', access: 'visitor' });
    expect(GET('/api/x/', { summary: 's', ok: schema }).spec).not.toHaveProperty('errors');
  });
});

describe('group()', () => {
  test('declares its endpoints with its defaults and names them under the group', () => {
    const g = group('g', { tag: 't', access: 'applicant' }, ({ GET }) => ({ list: GET('/api/g/', { summary: 's', noContent: true }) }));
    expect([g.list.id, g.list.spec.tag, g.list.access]).toEqual(['g.list', 't', 'applicant']);
  });
});

describe('successOf()', () => {
  test.each([
    ['ok', { ok: ok.schema }, { status: 200, schema: ok.schema }],
    ['created', { created: ok.schema }, { status: 201, schema: ok.schema }],
    ['noContent', { noContent: true }, { status: 204, schema: null }],
    ['file', { file: true }, { status: 200, schema: null, file: true }],
  ] as const)('%s', (_label, short, success) => {
    expect(successOf(short as ShortSuccess)).toEqual(success);
  });
  test.each([
    ['none', {}],
    ['two', { ok: ok.schema, created: ok.schema }],
  ])('refuses %s', (_label, short) => {
    expect(() => successOf(short as ShortSuccess)).toThrow('a success answer is one of ok, created, noContent, file');
  });
});

describe('defineCatalogue()', () => {
  test('names each endpoint by its dotted key', () => {
    expect(endpoints.profile.patchWithoutSector.id).toBe('profile.patchWithoutSector');
    expect(sessionEndpoints.me.get.id).toBe('me.get');
    expect(endpoints.auth.logout).toBe(sessionEndpoints.auth.logout);
  });
  test('refuses one method and path under two names', () => {
    const twice = () =>
      defineCatalogue({
        a: endpoint({ method: 'GET', path: '/api/x/', tag: 't', summary: 's', access: 'visitor', success: ok }),
        b: { c: endpoint({ method: 'GET', path: '/api/x/', tag: 't', summary: 's', access: 'visitor', success: ok }) },
      });
    expect(twice).toThrow('GET /api/x/ is both a and b.c');
  });
  test('every endpoint of the session catalogue is in the whole catalogue, under the same id', () => {
    const all = new Map(listEndpoints(endpoints).map((e) => [e.id, e]));
    for (const e of listEndpoints(sessionEndpoints)) expect(all.get(e.id)).toBe(e);
  });
  test('the spec §7 calls that exist so far, each under /api with the API spelling', () => {
    const routes = listEndpoints(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/auth/',
        'POST /api/auth/session/delete',
        'POST /api/me/',
        'GET /api/system_settings/supress_entries/',
        'PATCH /api/profile_without_sector_and_business_summary/',
      ]),
    );
    for (const route of routes) expect(route).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api\//);
  });
});

describe('paths', () => {
  const withParams = { id: 'x', path: '/api/entries/{id}/contract/' } as unknown as AnyEndpoint;
  test('pathOf fills and encodes parameters', () => {
    expect(pathOf(withParams, { id: 12 })).toBe('/api/entries/12/contract/');
    expect(pathOf(withParams, { id: '1/2' })).toBe('/api/entries/1%2F2/contract/');
  });
});
