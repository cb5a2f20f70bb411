import { ACCOUNT_MESSAGES, COMMON_PASSWORDS, validatePassword } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeUid } from '../../accounts/tokens';
import { createUser, lastMailTo, linkIn, loggedIn, newAgent, PASSWORD, registration, startTestApi, type TestApi } from '../../test/api';
import { staffPasswordProblems } from '../staff/command';
import { BREACHED_PASSWORDS } from './common-passwords';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

/** Passwords on the large list that the pages' short list does not know and that break no other rule. */
const listedOnly = [...BREACHED_PASSWORDS].filter(
  (password) => password.length >= 12 && !COMMON_PASSWORDS.has(password) && !/^\d+$/.test(password) && /[a-z]/.test(password),
);

describe('new passwords are checked against a large common/breached password list (@zxcvbn-ts/language-common)', () => {
  it('the list is large (at least 10,000 entries, Django has 20,000) and held in a Set', () => {
    expect(BREACHED_PASSWORDS).toBeInstanceOf(Set);
    expect(BREACHED_PASSWORDS.size).toBeGreaterThanOrEqual(10_000);
    expect(listedOnly.length).toBeGreaterThan(100);
  });

  it('validatePassword in the API refuses them (case-insensitively), with the one explained message', () => {
    const password = listedOnly[0]!;
    expect(validatePassword(password)).toEqual([ACCOUNT_MESSAGES.passwordTooCommon]);
    expect(validatePassword(password.toUpperCase())).toEqual([ACCOUNT_MESSAGES.passwordTooCommon]);
    expect(ACCOUNT_MESSAGES.passwordTooCommon).toMatch(/流出/);
    expect(validatePassword(PASSWORD)).toEqual([]);
  });

  it('registration: 400 on password', async () => {
    const response = await (await newAgent(api)).post('/api/register/', registration({ password: listedOnly[1] }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password: [ACCOUNT_MESSAGES.passwordTooCommon] });
  });

  it('password change and password reset: 400 on new_password2', async () => {
    const user = await createUser(api);
    const agent = await loggedIn(api, user);
    const password = listedOnly[2]!;
    const change = await agent.post('/api/password/change/', { old_password: PASSWORD, new_password1: password, new_password2: password });
    expect(change.json()).toEqual({ new_password2: [ACCOUNT_MESSAGES.passwordTooCommon] });

    await (await newAgent(api)).post('/api/password/reset/', { email: user.email });
    const link = linkIn(await lastMailTo(api, user.email), '/profile/password/reset/reset/');
    const confirm = await (
      await newAgent(api)
    ).post('/api/password/reset/confirm/', {
      uid: link.searchParams.get('uid') ?? encodeUid(user.id),
      token: link.searchParams.get('token'),
      new_password1: password,
      new_password2: password,
    });
    expect(confirm.json()).toEqual({ new_password2: [ACCOUNT_MESSAGES.passwordTooCommon] });
  });

  it('staff passwords (the operator command) too', () => {
    const password = listedOnly.find((p) => p.length >= 12)!;
    expect(staffPasswordProblems(password, { email: 'reviewer@tsumugi.example.jp', name: '審査 花子' })).toEqual([
      ACCOUNT_MESSAGES.passwordTooCommon,
    ]);
  });
});
