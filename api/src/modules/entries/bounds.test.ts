import { HUMAN_TEXT_MESSAGES } from '@app/contracts';
import { FORMAT_MESSAGES } from '@app/contracts/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/api';
import { ENTRY_MESSAGES } from './messages';
import {
  applicant,
  completeClaim,
  completeDocument,
  putDraft,
  saveOver,
  uploadCompleteFiles,
  type Applicant,
  type Document,
} from './testing';

/**
 * Issue 23 item 7: entry text and numbers are bounded, and no input of the draft or the entry
 * answers 500 — each one a 400 naming its field in Japanese. The test clock is 2026-04-01 (JST).
 */
let api: TestApi;
let a: Applicant;
let document: Document;
beforeAll(async () => {
  api = await startTestApi();
  a = await applicant(api);
  document = completeDocument(await uploadCompleteFiles(a.agent));
});
afterAll(async () => {
  await api?.close();
});

type Claim = Document['claims'][number];
const withClaim = (change: (claim: Claim) => Claim): Document => ({ ...document, claims: [change(document.claims[0]!)] });
const errorsOf = (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBe(400);
  return response.json() as Record<string, unknown>;
};
const draftErrors = async (data: unknown) => {
  const current = (await a.agent.get('/api/entries/draft/')).json<{ version: number }>().version;
  return errorsOf(await putDraft(a.agent, current, data));
};
/** Submits without saving the body as the draft first (the draft would refuse it). */
const submitErrors = async (data: Document) => {
  const version = await saveOver(a.agent, document);
  return errorsOf(await a.agent.post('/api/entries/', { ...data, draft_version: version }));
};

describe('amounts within the column (numeric(15,0))', () => {
  it('a face amount of 10^16: the draft and the entry answer 400 on the field', async () => {
    const huge = withClaim((claim) => ({ ...claim, amount: '10000000000000000' }));
    expect(await draftErrors(huge)).toEqual({ 'data.claims.0.amount': [FORMAT_MESSAGES.yenTooLarge] });
    expect(await submitErrors(huge)).toMatchObject({ 'claims.0.amount': [FORMAT_MESSAGES.yenTooLarge] });
  });
  it('the desired amount too', async () => {
    const errors = await submitErrors({ ...document, purchase_amount_desired: '1000000000000000' });
    expect(errors['purchase_amount_desired']).toContain(FORMAT_MESSAGES.yenTooLarge);
  });
});

describe('due dates: real and within the window', () => {
  it.each([
    ['0000-12-31', FORMAT_MESSAGES.dateOutOfRange],
    ['2026-02-30', FORMAT_MESSAGES.date],
    ['9999-12-31', FORMAT_MESSAGES.dateOutOfRange],
  ])('%s: 400 on the field, in the draft and the entry', async (date, message) => {
    const body = withClaim((claim) => ({ ...claim, obliger_payment_date: date }));
    const draft = await draftErrors(body);
    expect(draft).toEqual({ 'data.claims.0.obliger_payment_date': [message] });
    expect(await submitErrors(body)).toMatchObject({ 'claims.0.obliger_payment_date': [message] });
  });
  it.each([
    ['2001-01-01', ENTRY_MESSAGES.dueDatePast],
    ['2026-03-31', ENTRY_MESSAGES.dueDatePast],
    ['2027-04-02', ENTRY_MESSAGES.dueDateTooFar],
  ])('%s at submission: refused with its reason (a draft keeps it)', async (date, message) => {
    const body = withClaim((claim) => ({ ...claim, obliger_payment_date: date }));
    const version = await saveOver(a.agent, body);
    const response = await a.agent.post('/api/entries/', { ...body, draft_version: version });
    expect(errorsOf(response)).toMatchObject({ 'claims.0.obliger_payment_date': [message] });
  });
});

describe('human text: no control characters, one line where a line is meant', () => {
  it('\\u0000 in the purpose: 400 on the field', async () => {
    const body = { ...document, purpose: '仕入れ\u0000資金' };
    expect(await draftErrors(body)).toEqual({ 'data.purpose': [HUMAN_TEXT_MESSAGES.forbiddenCharacters] });
    expect(await submitErrors(body)).toMatchObject({ purpose: [HUMAN_TEXT_MESSAGES.forbiddenCharacters] });
  });
  it('\\u0000 in a payer name or a payer holder name: 400 on the field', async () => {
    const company = withClaim((claim) => ({ ...claim, obliger_company_name: '株式会社\u0000サンプル' }));
    expect(await draftErrors(company)).toEqual({ 'data.claims.0.obliger_company_name': [HUMAN_TEXT_MESSAGES.forbiddenCharacters] });
    expect(await submitErrors(company)).toMatchObject({ 'claims.0.obliger_company_name': [HUMAN_TEXT_MESSAGES.forbiddenCharacters] });
    const holder = withClaim((claim) => ({
      ...claim,
      receive_payment_account: { ...claim.receive_payment_account, obliger_accounts: [{ holder_name: 'ｶ)ｻﾝﾌﾟﾙ\u0000' }] },
    }));
    expect(await draftErrors(holder)).toEqual({
      'data.claims.0.receive_payment_account.obliger_accounts.0.holder_name': [HUMAN_TEXT_MESSAGES.forbiddenCharacters],
    });
  });
  it('a line break or a bidi override in a payer name: refused', async () => {
    for (const name of ['株式会社サンプル\n至急ご連絡ください', '株式会社\u202Eサンプル']) {
      const body = withClaim((claim) => ({ ...claim, obliger_company_name: name }));
      expect(await draftErrors(body)).toHaveProperty(['data.claims.0.obliger_company_name']);
    }
  });
  it('a purpose may hold several lines', async () => {
    await saveOver(a.agent, { ...document, purpose: '仕入れ資金\n人件費' });
  });
  it('a 60,000-character payer name: refused as too long', async () => {
    const body = withClaim((claim) => ({ ...claim, obliger_company_name: 'あ'.repeat(60_000) }));
    expect(await draftErrors(body)).toHaveProperty(['data.claims.0.obliger_company_name']);
  });
});

describe('the whole POST /api/entries/ body is capped like the draft', () => {
  it('a body over 256 KB: 400 with the reason, nothing created', async () => {
    const claims = ['1', '2', '3', '4', '5'].map((key) => ({ ...completeClaim(key), houjinbangou_address: 'あ'.repeat(60_000) }));
    const version = await saveOver(a.agent, document);
    const response = await a.agent.post('/api/entries/', { ...document, claims, draft_version: version });
    expect(errorsOf(response)).toEqual({ non_field_errors: [ENTRY_MESSAGES.entryTooLarge] });
    expect((await a.agent.get('/api/entries/')).json()).toEqual([]);
  });

  it('a body nested 5,000 arrays deep: 400, not 500 (found by the catalogue fuzz test)', async () => {
    const response = await a.agent.request('POST', '/api/entries/', {
      body: `${'['.repeat(5000)}${']'.repeat(5000)}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(errorsOf(response)).toEqual({ non_field_errors: [ENTRY_MESSAGES.entryTooLarge] });
    const inClaims = await a.agent.request('POST', '/api/entries/', {
      body: `{"claims":${'['.repeat(5000)}${']'.repeat(5000)},"draft_version":1}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(errorsOf(inClaims)).toEqual({ non_field_errors: [ENTRY_MESSAGES.entryTooLarge] });
    expect((await a.agent.get('/api/entries/')).json()).toEqual([]);
  });
});
