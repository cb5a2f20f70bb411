import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Tokens from '../../accounts/tokens';
import type * as Templates from '../../mail/templates';
import { MAIL_SUBJECTS } from '../../mail/templates';
import { createUser, mailsTo, newAgent, registerUser, startTestApi, type TestApi } from '../../test/api';

// Counts the work a reset request does (tokens drawn and hashed, reset mails built), wrapping the
// real functions: a known and an unknown address must cost the same, so the time tells nothing.
const work = vi.hoisted(() => ({ randomToken: 0, hashToken: 0, passwordResetMail: 0 }));

vi.mock('../../accounts/tokens', async (importOriginal) => {
  const actual = await importOriginal<typeof Tokens>();
  return {
    ...actual,
    randomToken: () => (work.randomToken++, actual.randomToken()),
    hashToken: (token: string) => (work.hashToken++, actual.hashToken(token)),
  };
});
vi.mock('../../mail/templates', async (importOriginal) => {
  const actual = await importOriginal<typeof Templates>();
  return {
    ...actual,
    passwordResetMail: (input: Parameters<typeof actual.passwordResetMail>[0]) => (
      work.passwordResetMail++,
      actual.passwordResetMail(input)
    ),
  };
});

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

async function workFor(email: string): Promise<typeof work> {
  const agent = await newAgent(api);
  const before = { ...work };
  expect((await agent.post('/api/password/reset/', { email })).statusCode).toBe(200);
  return {
    randomToken: work.randomToken - before.randomToken,
    hashToken: work.hashToken - before.hashToken,
    passwordResetMail: work.passwordResetMail - before.passwordResetMail,
  };
}

describe('POST /api/password/reset/ does the same work for every address', () => {
  it('a known address, an unknown one and one not activated: a token drawn and hashed and a mail built each; only the known one is sent', async () => {
    const user = await createUser(api);
    const inactive = await registerUser(api);
    const known = await workFor(user.email);
    expect(known).toEqual({ randomToken: 1, hashToken: 1, passwordResetMail: 1 });
    expect(await workFor('nobody-ever@example.jp')).toEqual(known);
    expect(await workFor(inactive.email)).toEqual(known);
    expect((await mailsTo(api, user.email)).filter((mail) => mail.subject === MAIL_SUBJECTS.passwordReset)).toHaveLength(1);
    expect(await mailsTo(api, 'nobody-ever@example.jp')).toEqual([]);
  });
});
