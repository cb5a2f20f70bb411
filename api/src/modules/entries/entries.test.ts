import { ACCOUNT_MESSAGES } from '@app/shared/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loggedIn, newAgent, startTestApi, type TestApi } from '../../test/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('GET /api/entries/', () => {
  it('an applicant has no entries yet (entries are stored from the next issue on)', async () => {
    const agent = await loggedIn(api, await createUser(api));
    const response = await agent.get('/api/entries/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('403 for a visitor', async () => {
    const response = await (await newAgent(api)).get('/api/entries/');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.notAuthenticated });
  });
});
