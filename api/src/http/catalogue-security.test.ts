import {
  ACCOUNT_MESSAGES,
  endpoints,
  listEndpoints,
  pathParamNames,
  STAFF_MESSAGES,
  STAFF_ROLES,
  type AnyEndpoint,
  type StaffRole,
} from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicant, completeDocument, submit, upload, uploadCompleteFiles, type Applicant } from '../modules/entries/testing';
import type { Agent } from '../test/api';
import { PASSWORD, createStaff, loggedIn, newAgent, staffAgent, startTestApi, type TestApi } from '../test/api';

/**
 * The security checks generated from the endpoint catalogue (and the OpenAPI document the API
 * serves at /api/schema/), so that a new endpoint is checked as soon as it is declared:
 * - every unsafe endpoint refuses a missing and a wrong X-CSRFToken (403, Django's bodies);
 * - every endpoint that needs a login refuses a visitor (403, as DRF's session authentication);
 * - every staff endpoint refuses an applicant (403) and the staff roles it does not allow;
 * - every endpoint with a path parameter answers another applicant exactly as it answers an id
 *   nobody has (404), while the owner still reaches it. The resource is made by OWNERSHIP below:
 *   an endpoint with a path parameter and no entry there fails, so a new one cannot slip through.
 * csrf.test.ts keeps its hand list for what this file does not generate (origins, Referer,
 * malformed cookies, and a body each endpoint accepts once the check has passed).
 */

const catalogue: AnyEndpoint[] = listEndpoints(endpoints);
const unsafe = catalogue.filter((e) => e.csrf !== 'none');
const needsLogin = catalogue.filter((e) => e.access !== 'visitor');
const staffOnly = catalogue.filter((e) => typeof e.access === 'object');
const withParams = catalogue.filter((e) => pathParamNames(e.path).length > 0);
const rolesOf = (e: AnyEndpoint): readonly StaffRole[] => (typeof e.access === 'object' ? e.access.staff : []);
const staffRefusing = staffOnly.flatMap((e) => STAFF_ROLES.filter((role) => !rolesOf(e).includes(role)).map((role) => [e, role] as const));

/** A value of the right shape for each path parameter name (the access checks come before the params' validation anyway). */
const SAMPLE_PARAMS: Record<string, string> = { id: '1', code: '0001' };
const UNKNOWN_ID = '987654321';

function urlOf(e: AnyEndpoint, params: Record<string, string> = {}): string {
  return e.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name] ?? SAMPLE_PARAMS[name];
    if (value === undefined) throw new Error(`${e.id}: no sample value for the path parameter {${name}}: add one to SAMPLE_PARAMS`);
    return value;
  });
}

const call = (
  agent: Agent,
  e: AnyEndpoint,
  url: string,
  options: { body?: unknown; csrf?: boolean; headers?: Record<string, string> } = {},
) => agent.request(e.method, url, { ...options, body: options.body ?? (e.method === 'GET' || e.method === 'DELETE' ? undefined : {}) });

// ---------------------------------------------------------------------------------------------
// Who owns what: one fixture per endpoint with a path parameter
// ---------------------------------------------------------------------------------------------

interface OwnedResource {
  readonly params: Record<string, string>;
  /** A body the endpoint's schema accepts (so that the answer is about the id, not a 400). */
  readonly body?: unknown;
  /** An id of the right form that nothing has (default UNKNOWN_ID). */
  readonly unknown?: Record<string, string>;
}
type Fixture = { readonly owned: (owner: Applicant) => Promise<OwnedResource> } | { readonly notOwned: string };

async function submittedEntry(owner: Applicant): Promise<{ id: number; claimId: number; invoice: number }> {
  const files = await uploadCompleteFiles(owner.agent);
  const response = await submit(owner.agent, completeDocument(files));
  if (response.statusCode !== 201) throw new Error(`submit: ${response.statusCode} ${response.body}`);
  const entry = response.json<{ id: number; claims: { id: number }[] }>();
  return { id: entry.id, claimId: entry.claims[0]!.id, invoice: files.invoice };
}

const entryFixture =
  (body?: (entry: Awaited<ReturnType<typeof submittedEntry>>) => unknown) =>
  async (owner: Applicant): Promise<OwnedResource> => {
    const entry = await submittedEntry(owner);
    return { params: { id: String(entry.id) }, body: body?.(entry) };
  };

const uploadFixture = async (owner: Applicant): Promise<OwnedResource> => ({
  params: { id: String(await upload(owner.agent, 'invoice', '請求書.pdf')) },
});

/** The owner logged in on a second device: that session (the current one cannot be ended this way). */
const otherSessionFixture = async (owner: Applicant): Promise<OwnedResource> => {
  await loggedIn(api, owner.user);
  const sessions = (await owner.agent.get('/api/profile/sessions/')).json<{ id: string; current: boolean }[]>();
  const other = sessions.find((session) => !session.current);
  if (other === undefined) throw new Error(`no second session in ${JSON.stringify(sessions)}`);
  return { params: { id: other.id }, unknown: { id: 'f'.repeat(32) } };
};

const STAFF_SEE_ALL = 'a staff endpoint: staff see every applicant’s data; an applicant gets 403 (checked above)';

/** Keyed by catalogue id. A missing key fails the test of that endpoint. */
const OWNERSHIP: Record<string, Fixture> = {
  'entries.get': { owned: entryFixture() },
  'entries.review': { owned: entryFixture((e) => ({ files: [{ id: e.invoice, group: 'invoice', claim_id: e.claimId }] })) },
  'entries.cancel': { owned: entryFixture() },
  'entries.contract': { owned: entryFixture(() => ({ agreed: true })) },
  'entries.contractDocument': { owned: entryFixture() },
  'entries.changeBankAccount': {
    owned: entryFixture(() => ({ password: PASSWORD, bank_account: 'みずほ銀行 渋谷支店 普通 7654321 カ）ベツメイギ' })),
  },
  'uploads.content': { owned: uploadFixture },
  'uploads.delete': { owned: uploadFixture },
  'accountSessions.revoke': { owned: otherSessionFixture },
  'banks.branches': { notOwned: 'a bank code of the public 全銀 directory' },
  'postalCodes.get': { notOwned: 'a postal code of the public directory' },
  'staff.entries.get': { notOwned: STAFF_SEE_ALL },
  'staff.entries.documents': { notOwned: STAFF_SEE_ALL },
  'staff.entries.action': { notOwned: STAFF_SEE_ALL },
  'staff.entries.assignee': { notOwned: STAFF_SEE_ALL },
  'staff.entries.approve': { notOwned: STAFF_SEE_ALL },
  'staff.entries.confirmBankAccount': { notOwned: STAFF_SEE_ALL },
  'staff.entries.contractDocument': { notOwned: STAFF_SEE_ALL },
  'staff.claims.decision': { notOwned: STAFF_SEE_ALL },
  'staff.claims.action': { notOwned: STAFF_SEE_ALL },
  'staff.uploads.content': { notOwned: STAFF_SEE_ALL },
  'staff.users.identity': { notOwned: STAFF_SEE_ALL },
  'staff.applicants.get': { notOwned: STAFF_SEE_ALL },
  'staff.applicants.addNote': { notOwned: STAFF_SEE_ALL },
};

// ---------------------------------------------------------------------------------------------

let api: TestApi;
let someone: Applicant;
const staffAgents = new Map<StaffRole, Agent>();

beforeAll(async () => {
  api = await startTestApi();
  someone = await applicant(api);
  for (const role of STAFF_ROLES) staffAgents.set(role, await staffAgent(api, await createStaff(api, { role })));
});
afterAll(async () => {
  await api?.close();
});

/** A logged-in caller the endpoint would let through (so a 403 is the CSRF check's, not the login's). */
const allowedCaller = (e: AnyEndpoint): Agent => (typeof e.access === 'object' ? staffAgents.get(rolesOf(e)[0]!)! : someone.agent);

describe('the catalogue is what /api/schema/ documents', () => {
  it('one operation per catalogue endpoint, named by its id', async () => {
    const response = await (await newAgent(api)).get('/api/schema/');
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, Record<string, { operationId: string }>> }>();
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => `${operation.operationId} ${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(catalogue.map((e) => `${e.id} ${e.method} ${e.path}`).sort());
  });

  it('the generated lists are not empty (the filters above still match the catalogue’s shape)', () => {
    expect(unsafe.length).toBeGreaterThan(20);
    expect(needsLogin.length).toBeGreaterThan(20);
    expect(staffOnly.length).toBeGreaterThan(5);
    expect(withParams.length).toBeGreaterThan(5);
  });
});

describe.each(unsafe.map((e) => [e.id, e] as const))('CSRF: %s', (_id, e) => {
  it(`${e.method} ${e.path} refuses a missing X-CSRFToken`, async () => {
    const response = await call(allowedCaller(e), e, urlOf(e), { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'CSRF Failed: CSRF token missing.' });
  });

  it(`${e.method} ${e.path} refuses a wrong X-CSRFToken`, async () => {
    const agent = allowedCaller(e);
    const wrong = 'b'.repeat(32);
    expect(agent.cookies.get('csrftoken')).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(agent.cookies.get('csrftoken')).not.toBe(wrong);
    const response = await call(agent, e, urlOf(e), { csrf: false, headers: { 'x-csrftoken': wrong } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'CSRF Failed: CSRF token incorrect.' });
  });
});

describe.each(needsLogin.map((e) => [e.id, e] as const))('login: %s', (_id, e) => {
  it(`${e.method} ${e.path} refuses a visitor (403, with a valid CSRF token)`, async () => {
    const visitor = await newAgent(api);
    const response = await call(visitor, e, urlOf(e));
    expect(response.statusCode).toBe(403);
    const detail = e.access === 'applicant' ? ACCOUNT_MESSAGES.notAuthenticated : STAFF_MESSAGES.notAuthenticated;
    expect(response.json()).toEqual({ detail });
  });
});

describe.each(staffOnly.map((e) => [e.id, e] as const))('staff: %s', (_id, e) => {
  it(`${e.method} ${e.path} refuses a logged-in applicant (403)`, async () => {
    const response = await call(someone.agent, e, urlOf(e));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: STAFF_MESSAGES.notAuthenticated });
  });
});

describe.each(staffRefusing.map(([e, role]) => [e.id, role, e] as const))('staff roles: %s refuses %s', (_id, role, e) => {
  it(`${e.method} ${e.path} answers 403 to a ${role}`, async () => {
    const response = await call(staffAgents.get(role)!, e, urlOf(e));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: STAFF_MESSAGES.permissionDenied });
  });
});

describe.each(withParams.map((e) => [e.id, e] as const))('another applicant’s id: %s', (_id, e) => {
  it(`${e.method} ${e.path}: another applicant gets the answer of an id nobody has (404); the owner does not`, async () => {
    const fixture = OWNERSHIP[e.id];
    if (fixture === undefined) {
      throw new Error(
        `${e.id} (${e.method} ${e.path}) has a path parameter but no fixture: add it to OWNERSHIP in api/src/http/catalogue-security.test.ts ` +
          '(`owned`: create the resource as its owner; or `notOwned` with the reason nobody owns it)',
      );
    }
    if ('notOwned' in fixture) {
      expect(fixture.notOwned).not.toBe('');
      // Nothing to own; for staff endpoints the applicant's 403 is checked above.
      if (typeof e.access === 'object') expect(fixture.notOwned).toBe(STAFF_SEE_ALL);
      return;
    }
    const owner = await applicant(api);
    const resource = await fixture.owned(owner);
    const unknown = await call(owner.agent, e, urlOf(e, { ...resource.params, ...(resource.unknown ?? { id: UNKNOWN_ID }) }), {
      body: resource.body,
    });
    expect(unknown.statusCode).toBe(404);

    const other: LightMyRequestResponse = await call(someone.agent, e, urlOf(e, resource.params), { body: resource.body });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());

    // The owner reaches it (and the other applicant's try changed nothing that stops them).
    const own = await call(owner.agent, e, urlOf(e, resource.params), { body: resource.body });
    expect(own.statusCode === 404 && own.body === unknown.body, `the owner got ${own.statusCode} ${own.body}`).toBe(false);
    expect(own.statusCode).toBeLessThan(500);
  });
});
