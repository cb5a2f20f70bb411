import { ACCOUNT_MESSAGES, STAFF_APPLICANTS_MESSAGES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicant, completeDocument, putDraft, uploadCompleteFiles, type Applicant } from '../modules/entries/testing';
import { createStaff, staffAgent, startTestApi, type Agent, type TestApi } from '../test/api';

/**
 * Ids and versions are PostgreSQL `integer` columns (at most 2,147,483,647), while the contracts
 * took any safe integer: an id or a version above that reached a query and answered 500 (found by
 * the catalogue fuzz test, catalogue-fuzz.test.ts). Each is a 400 naming the field now, and the
 * largest column value still is an id like any other (not found, or a stale version).
 */

const INT4_MAX = 2_147_483_647;
const TOO_BIG = INT4_MAX + 1;

let api: TestApi;
let someone: Applicant;
let staff: Agent;

beforeAll(async () => {
  api = await startTestApi();
  someone = await applicant(api);
  staff = await staffAgent(api, await createStaff(api, { role: 'reviewer' }));
});
afterAll(async () => {
  await api?.close();
});

const draftVersion = async (agent: Agent) => (await agent.get('/api/entries/draft/')).json<{ version: number }>().version;

describe('ids and versions beyond PostgreSQL integer', () => {
  it('PATCH /api/uploads/active_delinquency/ {ids}: 400, not 500', async () => {
    const response = await someone.agent.patch('/api/uploads/active_delinquency/', { ids: [TOO_BIG] });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<object>())).toEqual(['ids.0']);
    expect((await someone.agent.patch('/api/uploads/active_delinquency/', { ids: [INT4_MAX] })).statusCode).toBeLessThan(500);
  });

  it('PATCH /api/profile_name_and_identity/ {addfiles}: 400, not 500', async () => {
    const body = {
      first_name: '太郎',
      last_name: '山田',
      company_name: '株式会社ヤマダ',
      corporate_division: 'corporate',
      identity_document_type: 'passport',
      version: 1,
    };
    const response = await someone.agent.patch('/api/profile_name_and_identity/', { ...body, addfiles: [TOO_BIG] });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<object>())).toEqual(['addfiles.0']);
    const largest = await someone.agent.patch('/api/profile_name_and_identity/', { ...body, addfiles: [INT4_MAX] });
    expect(largest.statusCode).toBe(400);
    expect(largest.json<{ addfiles: string[] }>().addfiles).toContain(ACCOUNT_MESSAGES.fileNotFound(INT4_MAX));
  });

  it('PATCH /api/profile/ {version}: 400, not 500', async () => {
    const response = await someone.agent.patch('/api/profile/', { version: Number.MAX_SAFE_INTEGER });
    expect([response.statusCode, response.json()]).toEqual([400, { version: [ACCOUNT_MESSAGES.invalidInteger] }]);
    expect((await someone.agent.patch('/api/profile/', { version: INT4_MAX })).statusCode).toBe(409);
  });

  it('PUT /api/entries/draft/ {version} and a file id in the document: 400, not 500', async () => {
    const files = await uploadCompleteFiles(someone.agent);
    const document = completeDocument(files);
    const version = await draftVersion(someone.agent);

    const staleVersion = await putDraft(someone.agent, Number.MAX_SAFE_INTEGER, document);
    expect(staleVersion.statusCode).toBe(400);
    expect(Object.keys(staleVersion.json<object>())).toEqual(['version']);
    expect((await putDraft(someone.agent, INT4_MAX, document)).statusCode).toBe(409);

    const withFile = { ...document, financial_statement_files: [{ id: TOO_BIG, kind: 'pl' }] };
    const bigFile = await putDraft(someone.agent, version, withFile);
    expect(bigFile.statusCode).toBe(400);
    expect(Object.keys(bigFile.json<object>())).toEqual(['data.financial_statement_files.0.id']);
    expect(await draftVersion(someone.agent)).toBe(version);
  });

  it('GET /api/staff/applicants/?cursor= beyond the largest id: 400, not 500', async () => {
    const response = await staff.get(`/api/staff/applicants/?cursor=${TOO_BIG}`);
    expect([response.statusCode, response.json()]).toEqual([400, { cursor: [STAFF_APPLICANTS_MESSAGES.cursor] }]);
    expect((await staff.get(`/api/staff/applicants/?cursor=${INT4_MAX}`)).statusCode).toBe(200);
  });
});
