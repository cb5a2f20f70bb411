import { ACCOUNT_MESSAGES, ProfileResponseSchema, type ProfileResponse } from '@app/contracts';
import { IDENTITY_DOCUMENT_MESSAGES, PROFILE_MESSAGES, REVIEW_STATUS } from '@app/contracts/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createUser, loggedIn, mailsTo, startTestApi, type Agent, type TestApi, type TestUser } from '../../test/api';

/**
 * Identity documents through the profile (issue #9): attaching the applicant's own identity uploads
 * submits the identity (確認中), the names lock while it is being checked or confirmed, and a name
 * change goes with a new document.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64, 7)]);

async function newApplicant(overrides: Record<string, unknown> = {}): Promise<{ user: TestUser; agent: Agent }> {
  const user = await createUser(api, overrides);
  return { user, agent: await loggedIn(api, user) };
}

async function upload(agent: Agent, kind: string, side?: 'front' | 'back'): Promise<number> {
  const response = await agent.upload('/api/uploads/', side ? { kind, side } : { kind }, {
    name: `${kind}-${side ?? ''}.jpg`,
    content: JPEG,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

async function profile(agent: Agent): Promise<ProfileResponse> {
  return ProfileResponseSchema.parse((await agent.get('/api/profile/')).json());
}

async function setIdentity(user: TestUser, status: number, validDate: string | null = null): Promise<void> {
  await api.database.pool.query('update users set identity_confirmation = $2, identity_valid_date = $3 where id = $1', [
    user.id,
    status,
    validDate,
  ]);
}

describe('submitting the identity through PATCH /api/profile/', () => {
  it('a driving licence front and back: 確認中, the type, both files listed with their sides (profile and me), audited', async () => {
    const { user, agent } = await newApplicant();
    const front = await upload(agent, 'identity', 'front');
    const back = await upload(agent, 'identity', 'back');
    const response = await agent.patch('/api/profile/', { identity_document_type: 'drivingLicence', addfiles: [front, back] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      identity_confirmation: REVIEW_STATUS.confirming,
      identity_document_type: 'drivingLicence',
      addfiles: [
        { id: front, kind: 'identity', side: 'front', name: 'identity-front.jpg', content_type: 'image/jpeg' },
        { id: back, kind: 'identity', side: 'back', name: 'identity-back.jpg', content_type: 'image/jpeg' },
      ],
    });
    const me = (await agent.post('/api/me/', {})).json<{ addfiles: { id: number }[]; identity_confirmation: number }>();
    expect(me.identity_confirmation).toBe(REVIEW_STATUS.confirming);
    expect(me.addfiles.map((f) => f.id)).toEqual([front, back]);
    const audit = (await auditRows(api, 'identity.submitted')).filter((r) => r.subject_id === String(user.id));
    expect(audit.at(-1)?.data).toEqual({
      before: { identity_confirmation: REVIEW_STATUS.nothing, identity_document_type: null },
      after: { identity_confirmation: REVIEW_STATUS.confirming, identity_document_type: 'drivingLicence' },
      files: [front, back],
    });
  });

  it.each<[string, string, ('front' | 'back')[], string[]]>([
    ['a driving licence without its back', 'drivingLicence', ['front'], [IDENTITY_DOCUMENT_MESSAGES.sideMissing('back')]],
    [
      'the back of an individual number card',
      'individualNumber',
      ['front', 'back'],
      [IDENTITY_DOCUMENT_MESSAGES.sideNotAccepted('individualNumber', 'back')],
    ],
    [
      'a passport without the photo page',
      'passport',
      ['back'],
      [IDENTITY_DOCUMENT_MESSAGES.sideMissing('front'), IDENTITY_DOCUMENT_MESSAGES.sideNotAccepted('passport', 'back')],
    ],
  ])('400 for %s; nothing changes', async (_label, type, sides, problems) => {
    const { agent } = await newApplicant();
    const ids = [];
    for (const side of sides) ids.push(await upload(agent, 'identity', side));
    const before = await profile(agent);
    const response = await agent.patch('/api/profile/', { identity_document_type: type, addfiles: ids });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ addfiles: problems });
    expect(await profile(agent)).toEqual(before);
  });

  it('400 for identity files without the document type', async () => {
    const { agent } = await newApplicant();
    const front = await upload(agent, 'identity', 'front');
    const response = await agent.patch('/api/profile/', { addfiles: [front] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ identity_document_type: [IDENTITY_DOCUMENT_MESSAGES.typeRequired] });
  });

  it('400 for a file of a kind the profile does not take; a delinquency document is taken', async () => {
    const { agent } = await newApplicant();
    const pl = await upload(agent, 'pl');
    const refused = await agent.patch('/api/profile/', { addfiles: [pl] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ addfiles: [`ファイル "${pl}" はプロフィールに添付できない種類のファイルです。`] });
    const delinquency = await upload(agent, 'delinquency');
    const taken = await agent.patch('/api/profile/', { addfiles: [delinquency] });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({
      addfiles: [{ id: delinquency, kind: 'delinquency' }],
      identity_confirmation: REVIEW_STATUS.nothing,
    });
  });

  it("another applicant's upload id is not found (400), and stays unattached", async () => {
    const alice = await newApplicant();
    const bob = await newApplicant();
    const alicesFront = await upload(alice.agent, 'identity', 'front');
    const response = await bob.agent.patch('/api/profile/', { identity_document_type: 'passport', addfiles: [alicesFront] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ addfiles: [ACCOUNT_MESSAGES.fileNotFound(alicesFront)] });
    expect((await profile(bob.agent)).identity_confirmation).toBe(REVIEW_STATUS.nothing);
    expect((await profile(alice.agent)).addfiles).toEqual([]);
    const viaNameChange = await bob.agent.patch('/api/profile_name_and_identity/', {
      last_name: '改竄',
      identity_document_type: 'passport',
      addfiles: [alicesFront],
    });
    expect(viaNameChange.statusCode).toBe(400);
    expect((await profile(bob.agent)).last_name).not.toBe('改竄');
  });
});

describe('the identity lock', () => {
  it.each([REVIEW_STATUS.confirming, REVIEW_STATUS.confirmed])(
    'identity %i: names, company name and division cannot change through PATCH /api/profile/; other fields can',
    async (status) => {
      const { user, agent } = await newApplicant();
      await setIdentity(user, status, status === REVIEW_STATUS.confirmed ? '2030-01-01' : null);
      const before = await profile(agent);
      for (const url of ['/api/profile/', '/api/profile_without_sector_and_business_summary/']) {
        const response = await agent.patch(url, {
          last_name: '佐藤',
          first_name: '次郎',
          company_name: '株式会社サトウ',
          corporate_division: 'individual',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          last_name: [IDENTITY_DOCUMENT_MESSAGES.locked],
          first_name: [IDENTITY_DOCUMENT_MESSAGES.locked],
          company_name: [IDENTITY_DOCUMENT_MESSAGES.locked],
          corporate_division: [IDENTITY_DOCUMENT_MESSAGES.locked],
        });
      }
      expect(await profile(agent)).toEqual(before);
      // The same values sent back (a full form) and other fields are fine.
      const same = await agent.patch('/api/profile/', {
        last_name: ` ${before.last_name}`,
        company_name: before.company_name,
        owner_city: '港区',
      });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toMatchObject({ owner_city: '港区', last_name: before.last_name, identity_confirmation: status });
    },
  );

  it.each([REVIEW_STATUS.inadequate, REVIEW_STATUS.nothing, REVIEW_STATUS.expired])(
    'identity %i: the names change freely',
    async (status) => {
      const { user, agent } = await newApplicant();
      await setIdentity(user, status);
      const response = await agent.patch('/api/profile/', { last_name: '佐藤' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ last_name: '佐藤', identity_confirmation: status });
    },
  );

  it('a name change with a new document: names change, identity back to 確認中, the valid date cleared, the old document detached', async () => {
    const { user, agent } = await newApplicant();
    const oldFront = await upload(agent, 'identity', 'front');
    expect((await agent.patch('/api/profile/', { identity_document_type: 'passport', addfiles: [oldFront] })).statusCode).toBe(200);
    await setIdentity(user, REVIEW_STATUS.confirmed, '2031-03-31');
    const front = await upload(agent, 'identity', 'front');
    const back = await upload(agent, 'identity', 'back');
    const { version } = await profile(agent);
    const response = await agent.patch('/api/profile_name_and_identity/', {
      version,
      last_name: '佐藤',
      company_name: '株式会社サトウ',
      identity_document_type: 'drivingLicence',
      addfiles: [front, back],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      last_name: '佐藤',
      company_name: '株式会社サトウ',
      identity_confirmation: REVIEW_STATUS.confirming,
      identity_document_type: 'drivingLicence',
      addfiles: [{ id: front }, { id: back }],
      version: version + 1,
    });
    const me = (await agent.post('/api/me/', {})).json<{ identity_valid_date: string | null }>();
    expect(me.identity_valid_date).toBeNull();
    // The old file is still the applicant's (listed in uploads), only no longer attached.
    const listed = (await agent.get('/api/uploads/')).json<{ id: number }[]>();
    expect(listed.map((u) => u.id)).toContain(oldFront);
  });

  it('the division can be chosen but not set back to none', async () => {
    const { agent } = await newApplicant();
    const response = await agent.patch('/api/profile/', { corporate_division: 'none' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ corporate_division: [PROFILE_MESSAGES.divisionNone] });
  });
});

describe('bank account change notification', () => {
  it('mails the applicant with the account number masked; an unchanged account sends nothing', async () => {
    const { user, agent } = await newApplicant();
    const before = (await mailsTo(api, user.email)).length;
    const account = 'みずほ銀行 渋谷支店 普通 1234567 ヤマダ　タロウ';
    expect((await agent.patch('/api/profile/', { bank_account: account })).statusCode).toBe(200);
    const mails = await mailsTo(api, user.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.subject).toContain('振込先口座を変更しました');
    expect(mails.at(-1)?.text).toContain('****567');
    expect(mails.at(-1)?.text).not.toContain('1234567');
    expect((await agent.patch('/api/profile/', { bank_account: account, owner_city: '港区' })).statusCode).toBe(200);
    expect(await mailsTo(api, user.email)).toHaveLength(before + 1);
  });
});

describe('a submitted identity document', () => {
  it('cannot be deleted (400), an unsubmitted upload can, and another applicant gets 404 for both', async () => {
    const { agent } = await newApplicant();
    const other = await newApplicant();
    const front = await upload(agent, 'identity', 'front');
    const spare = await upload(agent, 'identity', 'front');
    expect((await agent.patch('/api/profile/', { identity_document_type: 'passport', addfiles: [front] })).statusCode).toBe(200);
    expect((await other.agent.delete(`/api/uploads/${front}/`)).statusCode).toBe(404);
    expect((await other.agent.delete(`/api/uploads/${spare}/`)).statusCode).toBe(404);
    const refused = await agent.delete(`/api/uploads/${front}/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      non_field_errors: ['提出済みの書類は削除できません。差し替える場合は、新しい書類を提出してください。'],
    });
    expect((await profile(agent)).addfiles.map((f) => f.id)).toEqual([front]);
    expect((await agent.delete(`/api/uploads/${spare}/`)).statusCode).toBe(204);
  });
});
