import type { LightMyRequestResponse } from 'fastify';
import { REVIEW_STATUS } from '@app/contracts/domain';
import { createUser, loggedIn, type Agent, type TestApi, type TestUser } from '../../test/api';

/** Fixtures of the entry tests (drafts.test.ts, entries.test.ts) and the autosave benchmark. */

export const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export interface Applicant {
  readonly user: TestUser;
  readonly agent: Agent;
}

/** The profile every corporation needs to be "satisfied" (profile.ts), and an identity under review. */
const SATISFIED_PROFILE = `
  owner_phone = '090-1234-5678', owner_zipcode = '1500002', owner_prefecture = '東京都', owner_city = '渋谷区渋谷1-1-1',
  office_phone = '03-1234-5678', office_zipcode = '1000005', office_prefecture = '東京都', office_city = '千代田区丸の内1-1-1'`;

export interface ApplicantOptions {
  /** Registration overrides (e.g. `corporate_division: 'individual'`). */
  readonly registration?: Record<string, unknown>;
  /** Fill the profile (default true). */
  readonly profile?: boolean;
  /** identity_confirmation (default confirming). */
  readonly identity?: number;
}

/** A logged-in applicant who may apply: profile satisfied, identity confirming (unless told otherwise). */
export async function applicant(api: TestApi, options: ApplicantOptions = {}): Promise<Applicant> {
  const user = await createUser(api, options.registration ?? {});
  if (options.profile ?? true) await api.database.pool.query(`update users set ${SATISFIED_PROFILE} where id = $1`, [user.id]);
  await api.database.pool.query('update users set identity_confirmation = $2 where id = $1', [
    user.id,
    options.identity ?? REVIEW_STATUS.confirming,
  ]);
  return { user, agent: await loggedIn(api, user) };
}

/** Uploads a small PDF of `kind`; its id. */
export async function upload(agent: Agent, kind: string, name = `${kind}.pdf`): Promise<number> {
  const response = await agent.upload('/api/uploads/', { kind }, { name, content: PDF });
  if (response.statusCode !== 201) throw new Error(`upload ${kind}: ${response.statusCode} ${response.body}`);
  return response.json<{ id: number }>().id;
}

export const putDraft = (agent: Agent, version: number, data: unknown): Promise<LightMyRequestResponse> =>
  agent.request('PUT', '/api/entries/draft/', { body: { version, data } });

/** The files of a complete corporate entry (financial statements, passbook pair, one invoice). */
export interface CompleteFiles {
  readonly invoice: number;
  readonly additional: number;
  readonly pl: number;
  readonly bs: number;
  readonly breakdown: number;
  readonly sga: number;
  readonly cover: number;
  readonly details: number;
}

export async function uploadCompleteFiles(agent: Agent): Promise<CompleteFiles> {
  return {
    invoice: await upload(agent, 'invoice', '請求書.pdf'),
    additional: await upload(agent, 'additional_doc', '注文書.pdf'),
    pl: await upload(agent, 'pl'),
    bs: await upload(agent, 'bs'),
    breakdown: await upload(agent, 'breakdown_statement'),
    sga: await upload(agent, 'sga_expenses'),
    cover: await upload(agent, 'passbook_cover'),
    details: await upload(agent, 'passbook_details'),
  };
}

/** A claim every §5 rule accepts (its payer's name typed in half-width katakana). */
export function completeClaim(key: string, files: readonly { id: number; kind: string }[] = []) {
  return {
    key,
    obliger_company_name: '株式会社サンプル商事',
    houjinbangou: '1010001000006',
    houjinbangou_address: '東京都千代田区丸の内１丁目１－１',
    amount: '1100000',
    scheduled_deposit_amount_from_obliger: '1100000',
    obliger_payment_date: '2026-06-30',
    is_fixed_debt: true,
    is_bank_transfer_from_obliger: true,
    receive_payment_account: {
      bank_name: 'みずほ銀行',
      deposit_type: 'ordinary',
      bank_account_number: '1234567',
      obliger_accounts: [{ holder_name: 'ｶ)ｻﾝﾌﾟﾙｼｮｳｼﾞ' }],
    },
    contentfile_relations: files,
  };
}

/** The payout account (振込先口座) of the complete document, as the wizard sends it. */
export const PAYOUT_ACCOUNT = 'りそな銀行 新宿支店 普通 1234567 カ）ツムギシヨウジ';

/** A corporate entry every rule accepts, with its files. */
export function completeDocument(files: CompleteFiles) {
  return {
    purchase_amount_desired: '1000000',
    purpose: '仕入れ資金',
    claims: [
      completeClaim('1', [
        { id: files.invoice, kind: 'invoice-1' },
        { id: files.additional, kind: 'additional_doc-1' },
      ]),
    ],
    bank_account: PAYOUT_ACCOUNT,
    banks: [
      {
        key: '1',
        bank_name: 'みずほ銀行',
        branch_name: '渋谷支店',
        bank_account_number: '7654321',
        file_format: 'passbook',
        contentfile_relations: [
          { id: files.cover, kind: 'passbook_cover' },
          { id: files.details, kind: 'passbook_details' },
        ],
      },
    ],
    can_submit_financial_statements: true,
    tax_return_submissions: null,
    no_sga_expenses: false,
    financial_statement_files: [
      { id: files.pl, kind: 'pl' },
      { id: files.bs, kind: 'bs' },
      { id: files.breakdown, kind: 'breakdown_statement' },
      { id: files.sga, kind: 'sga_expenses' },
    ],
  };
}

export type Document = ReturnType<typeof completeDocument>;

/** Saves `data` over the applicant's current draft; the new version. */
export async function saveOver(agent: Agent, data: unknown): Promise<number> {
  const current = (await agent.get('/api/entries/draft/')).json<{ version: number }>().version;
  const response = await putDraft(agent, current, data);
  if (response.statusCode !== 200) throw new Error(`draft: ${response.statusCode} ${response.body}`);
  return response.json<{ version: number }>().version;
}

/** Saves the document as the draft, then submits it. */
export async function submit(agent: Agent, data: Record<string, unknown>): Promise<LightMyRequestResponse> {
  const version = await saveOver(agent, data);
  return agent.post('/api/entries/', { ...data, draft_version: version });
}
