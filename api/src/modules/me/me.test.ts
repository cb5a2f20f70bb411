import { ACCOUNT_MESSAGES, MeSchema, ProfileResponseSchema } from '@app/contracts';
import { isProfileSatisfied } from '@app/contracts/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drfDateTime } from '../../accounts/users';
import { Agent, createUser, loggedIn, newAgent, startTestApi, type TestApi } from '../../test/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('POST /api/me/', () => {
  it('a visitor: 200 {} (no id, no version) and the csrftoken cookie', async () => {
    const agent = new Agent(api.app);
    const response = await agent.post('/api/me/', {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    const csrf = response.cookies.find((c) => c.name === 'csrftoken');
    expect(csrf).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: 31_449_600 });
    expect(csrf?.value).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(csrf?.httpOnly).toBeUndefined(); // the page's script reads it
    expect(String(response.headers['set-cookie'])).toMatch(
      /^csrftoken=[A-Za-z0-9]{32}; Max-Age=31449600; Path=\/; Expires=[^;]+ GMT; SameSite=Lax$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps a well-formed csrftoken (refreshed) and replaces a malformed one', async () => {
    const agent = await newAgent(api);
    const token = agent.cookies.get('csrftoken');
    await agent.post('/api/me/', {});
    expect(agent.cookies.get('csrftoken')).toBe(token);

    const broken = new Agent(api.app);
    broken.cookies.set('csrftoken', 'short');
    const response = await broken.post('/api/me/', {}, { csrf: false });
    expect(response.statusCode).toBe(200);
    expect(broken.cookies.get('csrftoken')).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('an empty body or none at all', async () => {
    const agent = await newAgent(api);
    expect((await agent.post('/api/me/')).statusCode).toBe(200);
    const empty = await agent.request('POST', '/api/me/', { headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(200);
  });

  it('a logged-in user: every "current user" field of spec §3, parsed by the shared contract', async () => {
    const user = await createUser(api, { corporate_division: 'individual', last_name: '佐藤', first_name: '花子' });
    const agent = await loggedIn(api, user);
    const response = await agent.post('/api/me/', {});
    expect(response.statusCode).toBe(200);
    const body: unknown = response.json();
    expect(MeSchema.safeParse(body).error).toBeUndefined();
    const now = '2026-04-01T09:00:00.000000+09:00'; // the test clock's start, as DRF writes it in Japan
    expect(body).toEqual({
      id: user.id,
      email: user.email,
      first_name: '花子',
      last_name: '佐藤',
      create_time: now,
      update_time: now,
      corporate_division: 'individual',
      company_name: '',
      office_zipcode: '',
      owner_zipcode: '',
      identity_confirmation: 4,
      identity_valid_date: null,
      financial_statements_valid_date: null,
      last_withdrawals_detail_date: null,
      withdrawals_detail_status: 4,
      financial_statements_status: 4,
      addfiles: [],
      version: 1,
      has_usable_password: true,
      has_pre_entry_declined: false,
      has_satisfied_profile: false,
      allow_redirect_to_profile: true,
      last_login: now,
      visited_at_entry_page_after_mail_verification: null,
      user_segment: null,
      owner_phone: '',
    });
    expect(body).not.toHaveProperty('password_hash');
  });

  it('has_satisfied_profile once names, owner contact and (corporations) office are complete', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    const owner = { owner_phone: '0312345678', owner_zipcode: '1500002', owner_prefecture: '東京都', owner_city: '渋谷区渋谷1-1' };
    const office = { office_phone: '0312345679', office_zipcode: '1500001', office_prefecture: '東京都', office_city: '渋谷区神宮前1-1' };
    await agent.patch('/api/profile/', owner);
    expect((await agent.post('/api/me/', {})).json()).toMatchObject({ has_satisfied_profile: false });
    await agent.patch('/api/profile/', office);
    expect((await agent.post('/api/me/', {})).json()).toMatchObject({ has_satisfied_profile: true });
    await agent.patch('/api/profile/', { owner_city: '\u3000' });
    expect((await agent.post('/api/me/', {})).json()).toMatchObject({ has_satisfied_profile: false });
  });

  it('has_satisfied_profile of an individual: names and owner contact, no company or office (the domain rule)', async () => {
    const user = await createUser(api, { corporate_division: 'individual' });
    const agent = await loggedIn(api, user);
    const owner = { owner_phone: '0312345678', owner_zipcode: '1500002', owner_prefecture: '東京都', owner_city: '渋谷区渋谷1-1' };
    const profile = ProfileResponseSchema.parse((await agent.patch('/api/profile/', owner)).json());
    expect(profile).toMatchObject({ company_name: '', office_phone: '', office_city: '' });
    expect(isProfileSatisfied(profile)).toBe(true);
    expect((await agent.post('/api/me/', {})).json()).toMatchObject({ has_satisfied_profile: true });
  });
});

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64, 7)]);

describe('POST /api/me/ reads the session, the user and the files in one query', () => {
  it('addfiles: the profile attachments as GET /api/profile/ lists them (fields, sides, order); others not', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    const uploadOf = async (kind: string, side?: 'front' | 'back') => {
      const response = await agent.upload('/api/uploads/', side ? { kind, side } : { kind }, {
        name: `${kind}-${side ?? 'none'}.jpg`,
        content: JPEG,
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ id: number }>().id;
    };
    const back = await uploadOf('identity', 'back');
    const front = await uploadOf('identity', 'front');
    await uploadOf('identity', 'front'); // uploaded, never attached: not listed
    expect((await agent.patch('/api/profile/', { identity_document_type: 'drivingLicence', addfiles: [front, back] })).statusCode).toBe(
      200,
    );

    const me = (await agent.post('/api/me/', {})).json<{ addfiles: unknown[] }>();
    const profile = (await agent.get('/api/profile/')).json<{ addfiles: unknown[] }>();
    expect(me.addfiles).toHaveLength(2);
    expect(me.addfiles).toEqual(profile.addfiles);
    expect(me.addfiles).toEqual(
      expect.arrayContaining([
        { id: front, kind: 'identity', side: 'front', name: 'identity-front.jpg', content_type: 'image/jpeg' },
        { id: back, kind: 'identity', side: 'back', name: 'identity-back.jpg', content_type: 'image/jpeg' },
      ]),
    );
    // Another applicant's /api/me/ lists none of them.
    const other = await loggedIn(api, await createUser(api));
    expect((await other.post('/api/me/', {})).json()).toMatchObject({ addfiles: [] });
  });

  it('has_usable_password is false for an account without a password; a session of another token is a visitor', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    await api.database.pool.query('update users set password_hash = null where id = $1', [user.id]);
    expect((await agent.post('/api/me/', {})).json()).toMatchObject({ id: user.id, has_usable_password: false });

    const stranger = await newAgent(api);
    stranger.cookies.set('sessionid', `${agent.cookies.get('sessionid')}x`);
    expect((await stranger.post('/api/me/', {})).json()).toEqual({});
  });

  it('one SQL statement per call for a logged-in user, none for a visitor', async () => {
    const agent = await loggedIn(api, await createUser(api));
    const visitor = await newAgent(api);
    // The pool the API's queries use (its own role: db/database.ts).
    const pool = (api.database.drizzle as typeof api.database.drizzle & { $client: typeof api.database.pool }).$client;
    const queries: string[] = [];
    const original = pool.query.bind(pool);
    pool.query = ((...args: Parameters<typeof pool.query>) => {
      const config = args[0] as string | { text: string };
      queries.push(typeof config === 'string' ? config : config.text);
      return original(...args);
    }) as typeof pool.query;
    try {
      await agent.post('/api/me/', {});
      expect(queries).toHaveLength(1);
      queries.length = 0;
      await visitor.post('/api/me/', {});
      expect(queries).toEqual([]);
    } finally {
      pool.query = original;
    }
  });
});

describe('POST /api/me/visited_at_entry_page_after_mail_verification', () => {
  it('sets the time of the first visit and answers the current user', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    const first = await agent.post('/api/me/visited_at_entry_page_after_mail_verification');
    expect(first.statusCode).toBe(200);
    const at = drfDateTime(api.clock.now());
    expect(first.json()).toMatchObject({ id: user.id, visited_at_entry_page_after_mail_verification: at });
    api.clock.advance(60_000);
    const second = await agent.post('/api/me/visited_at_entry_page_after_mail_verification');
    expect(second.json()).toMatchObject({ visited_at_entry_page_after_mail_verification: at });
    expect((await agent.post('/api/me/', {})).json()).toMatchObject({ visited_at_entry_page_after_mail_verification: at });
  });

  it('403 for a visitor', async () => {
    const agent = await newAgent(api);
    const response = await agent.post('/api/me/visited_at_entry_page_after_mail_verification');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.notAuthenticated });
  });
});
