import { ACCOUNT_MESSAGES, ProfileResponseSchema, type ProfileResponse } from '@app/contracts';
import { FORMAT_MESSAGES, MESSAGES } from '@app/contracts/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createUser, loggedIn, newAgent, startTestApi, type Agent, type TestApi, type TestUser } from '../../test/api';

let api: TestApi;
let user: TestUser;
let agent: Agent;
beforeAll(async () => {
  api = await startTestApi();
  user = await createUser(api);
  agent = await loggedIn(api, user);
});
afterAll(async () => {
  await api?.close();
});

const BLANK = ACCOUNT_MESSAGES.blank;
const CONFLICT = { detail: ACCOUNT_MESSAGES.versionConflict };
const PATCH_URLS = ['/api/profile/', '/api/profile_without_sector_and_business_summary/', '/api/profile_name_and_identity/'] as const;

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64, 7)]);
/** An identity front uploaded by the applicant (a name change goes with a document). */
async function identityFront(): Promise<number> {
  const response = await agent.upload('/api/uploads/', { kind: 'identity', side: 'front' }, { name: 'front.jpg', content: JPEG });
  return response.json<{ id: number }>().id;
}

/** The profile as the API answers it, read through the shared contract (a mismatch fails here). */
async function profile(of: Agent = agent): Promise<ProfileResponse> {
  const response = await of.get('/api/profile/');
  expect(response.statusCode).toBe(200);
  return ProfileResponseSchema.parse(response.json());
}

describe('GET /api/profile/', () => {
  it('the profile fields of spec §3 with their defaults, and the version', async () => {
    const response = await agent.get('/api/profile/');
    expect(response.statusCode).toBe(200);
    const body: unknown = response.json();
    expect(ProfileResponseSchema.safeParse(body).error).toBeUndefined();
    expect(body).toEqual({
      id: user.id,
      first_name: '太郎',
      last_name: '山田',
      corporate_division: 'corporate',
      company_name: '株式会社ヤマダ',
      email: user.email,
      identity_confirmation: 4,
      bank_account: '',
      office_phone: '',
      office_zipcode: '',
      office_prefecture: '',
      office_city: '',
      office_building_number: '',
      owner_phone: '',
      owner_zipcode: '',
      owner_prefecture: '',
      owner_city: '',
      owner_building_number: '',
      addfiles: [],
      identity_document_type: null,
      has_usable_password: true,
      sector: 'unknown',
      business_summary: '',
      can_edit_bank_account: true,
      has_entry_permission_when_delayed: true,
      version: 1,
    });
  });

  it('403 for a visitor', async () => {
    const response = await (await newAgent(api)).get('/api/profile/');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.notAuthenticated });
  });
});

describe('PATCH /api/profile/', () => {
  it('changes the given fields (trimmed), bumps the version, answers the profile and writes the audit', async () => {
    const { version } = await profile();
    const response = await agent.patch('/api/profile/', {
      version,
      office_phone: ' 0312345678 ',
      office_zipcode: '1500002',
      office_prefecture: '東京都',
      office_city: '渋谷区渋谷1-1-1',
      office_building_number: null,
      sector: 'construction',
      business_summary: '内装工事',
      bank_account: 'みずほ銀行 渋谷支店 普通 1234567 ヤマダ（カ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      office_phone: '03-1234-5678',
      office_building_number: '',
      sector: 'construction',
      business_summary: '内装工事',
      bank_account: 'みずほ銀行 渋谷支店 普通 1234567 ヤマダ（カ',
      first_name: '太郎',
      version: version + 1,
    });
    expect(await profile()).toEqual(response.json());
    const audit = (await auditRows(api, 'account.profile_updated')).filter((r) => r.subject_id === String(user.id)).at(-1);
    expect(audit?.data).toEqual({
      fields: [
        'bank_account',
        'business_summary',
        'office_building_number',
        'office_city',
        'office_phone',
        'office_prefecture',
        'office_zipcode',
        'sector',
      ],
      version: version + 1,
    });
  });

  it('409 for a stale version, and nothing changes', async () => {
    const before = await profile();
    expect((await agent.patch('/api/profile/', { version: before.version, business_summary: '一回目' })).statusCode).toBe(200);
    const stale = await agent.patch('/api/profile/', { version: before.version, business_summary: '二回目', first_name: '次郎' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual(CONFLICT);
    const after = await profile();
    expect(after.business_summary).toBe('一回目');
    expect(after.first_name).toBe(before.first_name);
    expect(after.version).toBe(before.version + 1);
  });

  it('409 on every PATCH endpoint', async () => {
    for (const url of PATCH_URLS) {
      const { version } = await profile();
      const identity = url.includes('identity') ? { identity_document_type: 'passport', addfiles: [await identityFront()] } : {};
      const response = await agent.patch(url, { version: version - 1, first_name: '三郎', ...identity });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(CONFLICT);
    }
    expect((await profile()).first_name).not.toBe('三郎');
  });

  it('two saves of the same version at once: one 200, one 409', async () => {
    const { version } = await profile();
    const answers = await Promise.all([
      agent.patch('/api/profile/', { version, business_summary: 'A' }),
      agent.patch('/api/profile/', { version, business_summary: 'B' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await profile()).version).toBe(version + 1);
  });

  it('without a version, the change applies (last write wins) and still bumps the version', async () => {
    const { version } = await profile();
    const response = await agent.patch('/api/profile/', { owner_city: '新宿区' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ version: version + 1 });
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['blank names', { first_name: ' ', last_name: '' }, { first_name: [BLANK], last_name: [BLANK] }],
    ['a corporation without a company name', { company_name: ' ' }, { company_name: [BLANK] }],
    ['a version that is not a number', { version: 'x' }, { version: [ACCOUNT_MESSAGES.invalidInteger] }],
    ['a version of 0', { version: 0 }, { version: [ACCOUNT_MESSAGES.invalidInteger] }],
    ['an unknown file', { addfiles: [7] }, { addfiles: [ACCOUNT_MESSAGES.fileNotFound(7)] }],
    ['a bank account string that does not parse', { bank_account: 'みずほ銀行' }, { bank_account: [FORMAT_MESSAGES.bankAccount] }],
    ['a deposit type other than 普通/当座', { bank_account: 'みずほ銀行 渋谷支店 貯蓄 1234567' }, { bank_account: [MESSAGES.depositType] }],
    [
      'a bank account number of 6 digits',
      { bank_account: 'みずほ銀行 渋谷支店 普通 123456' },
      { bank_account: [MESSAGES.bankAccountNumber] },
    ],
  ])('400 for %s; nothing changes', async (_label, body, errors) => {
    const before = await profile();
    const response = await agent.patch('/api/profile/', { version: before.version, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(await profile()).toEqual(before);
  });

  it('an unknown sector or division: 400 on that field', async () => {
    const response = await agent.patch('/api/profile/', { sector: 'piracy', corporate_division: 'club' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['corporate_division', 'sector']);
  });

  it('the bank account cannot change when can_edit_bank_account is false', async () => {
    await api.database.pool.query('update users set can_edit_bank_account = false where id = $1', [user.id]);
    try {
      const before = await profile();
      const response = await agent.patch('/api/profile/', { bank_account: 'りそな銀行 新宿支店 当座 7654321' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ bank_account: [ACCOUNT_MESSAGES.bankAccountLocked] });
      // Sending the same value back is fine.
      expect((await agent.patch('/api/profile/', { bank_account: before.bank_account })).statusCode).toBe(200);
    } finally {
      await api.database.pool.query('update users set can_edit_bank_account = true where id = $1', [user.id]);
    }
  });

  it('read-only fields are ignored', async () => {
    const before = await profile();
    const response = await agent.patch('/api/profile/', {
      id: 999,
      email: 'evil@example.jp',
      identity_confirmation: 3,
      can_edit_bank_account: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...before, version: before.version + 1 });
  });

  it('403 for a visitor, before the body is read', async () => {
    const response = await (await newAgent(api)).patch('/api/profile/', { version: 'x' });
    expect(response.statusCode).toBe(403);
  });
});

describe('PATCH /api/profile_without_sector_and_business_summary/', () => {
  it('changes the other fields and ignores sector and business_summary', async () => {
    const before = await profile();
    const response = await agent.patch('/api/profile_without_sector_and_business_summary/', {
      version: before.version,
      owner_phone: '０９０１２３４５６７８',
      sector: 'finance_and_insurance',
      business_summary: '無視される',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...before, owner_phone: '090-1234-5678', version: before.version + 1 });
  });
});

describe('PATCH /api/profile_name_and_identity/', () => {
  it('400 without an identity document: the names need one', async () => {
    const before = await profile();
    const response = await agent.patch('/api/profile_name_and_identity/', { version: before.version, last_name: '鈴木' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['addfiles', 'identity_document_type']);
    expect(await profile()).toEqual(before);
  });

  it('400 for blank names', async () => {
    const response = await agent.patch('/api/profile_name_and_identity/', {
      last_name: '',
      identity_document_type: 'passport',
      addfiles: [1],
    });
    expect(response.json()).toMatchObject({ last_name: [BLANK] });
  });
});
