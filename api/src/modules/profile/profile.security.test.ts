import { ProfileResponseSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loggedIn, startTestApi, type Agent, type TestApi, type TestUser } from '../../test/api';

/**
 * One person's session reaches only their own profile: there is no way to name another account
 * (no id in the URL, ids in the body are ignored), and another person's session or stolen-looking
 * cookies do not help.
 */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64, 7)]);
async function identityFront(agent: Agent): Promise<number> {
  const response = await agent.upload('/api/uploads/', { kind: 'identity', side: 'front' }, { name: 'front.jpg', content: JPEG });
  return response.json<{ id: number }>().id;
}

let api: TestApi;
let alice: TestUser;
let bob: TestUser;
let aliceAgent: Agent;
let bobAgent: Agent;

beforeAll(async () => {
  api = await startTestApi();
  alice = await createUser(api, { last_name: '有栖', first_name: '花子' });
  bob = await createUser(api, { last_name: '坊', first_name: '太郎' });
  aliceAgent = await loggedIn(api, alice);
  bobAgent = await loggedIn(api, bob);
});
afterAll(async () => {
  await api?.close();
});

describe("another user's profile", () => {
  it('GET answers each session with its own profile only', async () => {
    expect((await aliceAgent.get('/api/profile/')).json()).toMatchObject({ id: alice.id, email: alice.email, last_name: '有栖' });
    expect((await bobAgent.get('/api/profile/')).json()).toMatchObject({ id: bob.id, email: bob.email, last_name: '坊' });
    expect((await bobAgent.post('/api/me/', {})).json()).toMatchObject({ id: bob.id });
  });

  it.each(['/api/profile/', '/api/profile_without_sector_and_business_summary/', '/api/profile_name_and_identity/'])(
    'PATCH %s with the other id in the body changes only the own profile',
    async (url) => {
      const aliceBefore: unknown = (await aliceAgent.get('/api/profile/')).json();
      // The name change takes a new identity document of Bob's own.
      const identity = url.includes('identity') ? { identity_document_type: 'passport', addfiles: [await identityFront(bobAgent)] } : {};
      const response = await bobAgent.patch(url, { id: alice.id, user: alice.id, email: alice.email, last_name: '改竄', ...identity });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: bob.id, email: bob.email, last_name: '改竄' });
      expect((await aliceAgent.get('/api/profile/')).json()).toEqual(aliceBefore);
    },
  );

  it('query strings or paths naming another user do not reach it', async () => {
    for (const url of [`/api/profile/?id=${alice.id}`, `/api/profile/?user=${alice.id}`]) {
      expect((await bobAgent.get(url)).json()).toMatchObject({ id: bob.id });
    }
    expect((await bobAgent.get(`/api/profile/${alice.id}/`)).statusCode).toBe(404);
    expect((await bobAgent.patch(`/api/profile/${alice.id}/`, { last_name: 'x' })).statusCode).toBe(404);
  });

  it("Bob's version number does not unlock Alice's profile, and the lock is per user", async () => {
    const bobVersion = ProfileResponseSchema.parse((await bobAgent.get('/api/profile/')).json()).version;
    const aliceBefore: unknown = (await aliceAgent.get('/api/profile/')).json();
    expect((await bobAgent.patch('/api/profile/', { version: bobVersion, business_summary: 'bob' })).statusCode).toBe(200);
    expect((await aliceAgent.get('/api/profile/')).json()).toEqual(aliceBefore);
  });

  it('a forged or partial session cookie is a visitor (403)', async () => {
    const token = bobAgent.cookies.get('sessionid')!;
    for (const forged of [`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, token.slice(0, 20), String(alice.id), '']) {
      const agent = await loggedIn(api, bob);
      agent.cookies.set('sessionid', forged);
      expect((await agent.get('/api/profile/')).statusCode).toBe(403);
      expect((await agent.patch('/api/profile/', { last_name: 'x' })).statusCode).toBe(403);
    }
  });

  it('the database id of a session is not the cookie: a copied sessions table is no use', async () => {
    const { rows } = await api.database.pool.query<{ id: string }>('select id from sessions where user_id = $1', [alice.id]);
    const agent = await loggedIn(api, bob);
    agent.cookies.set('sessionid', rows[0]!.id);
    expect((await agent.get('/api/profile/')).statusCode).toBe(403);
  });
});
