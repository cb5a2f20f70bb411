import { ACCOUNT_MESSAGES, NOT_FOUND_DETAIL, type AccountSession } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionLimits } from '../../accounts/sessions';
import type { Agent } from '../../test/api';
import { auditRows, createUser, newAgent, startTestApi, type TestApi } from '../../test/api';
import { deviceOf } from './service';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const me = async (agent: Agent) => (await agent.post('/api/me/', {})).json<{ id?: number }>();

async function loginFrom(email: string, password: string, userAgent: string, persistLoginState = false): Promise<Agent> {
  const agent = await newAgent(api);
  const response = await agent.post('/api/auth/', { email, password, persistLoginState }, { headers: { 'user-agent': userAgent } });
  if (response.statusCode !== 200) throw new Error(`login: ${response.statusCode} ${response.body}`);
  return agent;
}

describe('idle limits', () => {
  it(`a persistent session unused for ${sessionLimits.persistentIdleMs / DAY} days ends, though its 14 days are not over`, async () => {
    const user = await createUser(api);
    const agent = await loginFrom(user.email, user.password, ANDROID_CHROME, true);
    api.clock.advance(sessionLimits.persistentIdleMs - MINUTE);
    expect((await me(agent)).id).toBe(user.id);
    // Used: the idle limit counts again from now.
    api.clock.advance(sessionLimits.persistentIdleMs - MINUTE);
    expect((await me(agent)).id).toBe(user.id);
    // Another one, left alone one minute too long, well within its 14 days.
    const unused = await loginFrom(user.email, user.password, IPHONE_SAFARI, true);
    api.clock.advance(sessionLimits.persistentIdleMs + MINUTE);
    expect(sessionLimits.persistentIdleMs + MINUTE).toBeLessThan(14 * DAY);
    expect(await me(unused)).toEqual({});
  });

  it('a persistent session in use still ends 14 days after the login', async () => {
    const user = await createUser(api);
    const agent = await loginFrom(user.email, user.password, ANDROID_CHROME, true);
    for (let day = 1; day < 14; day++) {
      api.clock.advance(DAY);
      expect((await me(agent)).id).toBe(user.id);
    }
    api.clock.advance(DAY);
    expect(await me(agent)).toEqual({});
  });
});

describe('the session list', () => {
  it('shows each device in plain words, when it was last used, and which one is this; newest use first', async () => {
    const user = await createUser(api);
    const phone = await loginFrom(user.email, user.password, ANDROID_CHROME, true);
    api.clock.advance(10 * MINUTE);
    const iphone = await loginFrom(user.email, user.password, IPHONE_SAFARI);
    const list = (await iphone.get('/api/profile/sessions/')).json<AccountSession[]>();
    expect(list.map(({ device, persistent, current }) => ({ device, persistent, current }))).toEqual([
      { device: 'Safari / iPhone', persistent: false, current: true },
      { device: 'Chrome / Android', persistent: true, current: false },
    ]);
    expect(list[0]!.last_seen_at).toBe(api.clock.now().toISOString());
    expect(list[0]!.id).toMatch(/^[0-9a-f]{32}$/);
    // The id is neither the cookie nor the row's key.
    const { rows } = await api.database.pool.query<{ id: string }>('select id from sessions where user_id = $1', [user.id]);
    for (const row of rows) expect(list.map((s) => s.id)).not.toContain(row.id);
    expect((await phone.get('/api/profile/sessions/')).json<AccountSession[]>().find((s) => s.current)?.device).toBe('Chrome / Android');
  });

  it('a visitor gets 403', async () => {
    const visitor = await newAgent(api);
    expect((await visitor.get('/api/profile/sessions/')).statusCode).toBe(403);
    expect((await visitor.post('/api/profile/sessions/logout_all/', {})).statusCode).toBe(403);
  });
});

describe('ending sessions', () => {
  it('ends another session of mine (204, audited); that device is logged out, this one is not', async () => {
    const user = await createUser(api);
    const phone = await loginFrom(user.email, user.password, ANDROID_CHROME, true);
    const desk = await loginFrom(user.email, user.password, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/133.0');
    const other = (await desk.get('/api/profile/sessions/')).json<AccountSession[]>().find((s) => !s.current)!;
    expect((await desk.delete(`/api/profile/sessions/${other.id}/`)).statusCode).toBe(204);
    expect(await me(phone)).toEqual({});
    expect((await me(desk)).id).toBe(user.id);
    expect((await auditRows(api, 'account.session_revoked')).filter((r) => r.subject_id === String(user.id))).toHaveLength(1);
    // Gone now.
    expect((await desk.delete(`/api/profile/sessions/${other.id}/`)).statusCode).toBe(404);
  });

  it("another applicant's session id: 404, and that session lives on", async () => {
    const owner = await createUser(api);
    const stranger = await createUser(api);
    const ownerAgent = await loginFrom(owner.email, owner.password, ANDROID_CHROME);
    const strangerAgent = await loginFrom(stranger.email, stranger.password, IPHONE_SAFARI);
    const ownerSession = (await ownerAgent.get('/api/profile/sessions/')).json<AccountSession[]>()[0]!;
    const response = await strangerAgent.delete(`/api/profile/sessions/${ownerSession.id}/`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: NOT_FOUND_DETAIL });
    expect((await me(ownerAgent)).id).toBe(owner.id);
  });

  it('this device’s own session is not ended here (400: log out instead)', async () => {
    const user = await createUser(api);
    const agent = await loginFrom(user.email, user.password, ANDROID_CHROME);
    const current = (await agent.get('/api/profile/sessions/')).json<AccountSession[]>()[0]!;
    const response = await agent.delete(`/api/profile/sessions/${current.id}/`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: [ACCOUNT_MESSAGES.currentSessionNotRevocable] });
    expect((await me(agent)).id).toBe(user.id);
  });

  it('log out everywhere: every session of mine ends, this one included (cookie cleared, audited); others’ do not', async () => {
    const user = await createUser(api);
    const someoneElse = await createUser(api);
    const phone = await loginFrom(user.email, user.password, ANDROID_CHROME, true);
    const desk = await loginFrom(user.email, user.password, IPHONE_SAFARI);
    const bystander = await loginFrom(someoneElse.email, someoneElse.password, ANDROID_CHROME);
    const response = await desk.post('/api/profile/sessions/logout_all/', {});
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === 'sessionid')?.value).toBe('');
    expect(await me(phone)).toEqual({});
    expect(await me(desk)).toEqual({});
    expect((await me(bystander)).id).toBe(someoneElse.id);
    const rows = (await auditRows(api, 'account.logged_out_everywhere')).filter((r) => r.subject_id === String(user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toMatchObject({ sessions: 2 });
  });
});

describe('deviceOf', () => {
  it.each([
    [ANDROID_CHROME, 'Chrome / Android'],
    [IPHONE_SAFARI, 'Safari / iPhone'],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
      'Chrome / iPad',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge / Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      'Safari / Mac',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox / Linux'],
    ['curl/8.5.0', '不明な端末'],
    ['', '不明な端末'],
    [null, '不明な端末'],
  ])('%s → %s', (userAgent, device) => {
    expect(deviceOf(userAgent)).toBe(device);
  });
});
