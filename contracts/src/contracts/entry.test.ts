import { describe, expect, test } from 'vitest';
import { FORMAT_MESSAGES, MESSAGES } from '../domain/messages';
import {
  ClaimSchema,
  DraftEntrySchema,
  EntryCreateSchema,
  EntryListSchema,
  EntryResubmitSchema,
  EntrySchema,
  entrySubmitSchema,
  type ClaimInput,
  type EntryInput,
} from './entry';

const claim = {
  id: 101,
  code: 'C-000101',
  status: 3,
  invoice_confirmation_status: 3,
  additional_doc_confirmation_status: 4,
  obliger_company_name: '株式会社売掛先',
  houjinbangou: '1234567890123',
  houjinbangou_address: '東京都千代田区',
  amount: '1000000.00',
  scheduled_deposit_amount_from_obliger: '1000000.00',
  purchase_principal_amount: '900000.00',
  purchase_amount: '854340.00',
  purchase_ratio: '0.9000',
  purchase_fee: '45000.00',
  purchase_fee_ratio: '0.0500',
  bank_charge: '660.00',
  obliger_payment_date: '2025-06-30',
  is_fixed_debt: true,
  is_bank_transfer_from_obliger: true,
  return_date: null,
  returned_at: null,
  cancelled_at: null,
  created_at: '2025-05-01T10:00:00+09:00',
  updated_at: '2025-05-02T10:00:00+09:00',
  contentfiles: [{ id: 9, kind: 'invoice-101', name: '請求書.pdf', content_type: 'application/pdf' }],
  metadata: null,
  receive_payment_account: {
    bank_name: 'みずほ銀行',
    deposit_type: 'ordinary',
    bank_account_number: '1234567',
    obliger_accounts: [{ holder_name: 'カ）ウリカケサキ' }],
  },
};

const entry = {
  id: 11,
  code: 'E-000011',
  status: 3,
  account_activity_statement_confirmation_status: 3,
  financial_statement_confirmation_status: 1,
  channel_type: 'web',
  purchase_amount_desired: '900000.00',
  purpose: '運転資金',
  description_of_inadequate_document: null,
  contracted_at: null,
  transferred_at: null,
  cancelled_at: null,
  reviewed_at: '2025-05-03T10:00:00+09:00',
  rejected_at: null,
  transaction_completed_at: null,
  created_at: '2025-05-01T10:00:00+09:00',
  updated_at: '2025-05-03T10:00:00+09:00',
  user: 42,
  claims: [claim],
  addfiles: [],
  metadata: { source: 'lp' },
  draft_entry_id: 5,
  auto_rejection_started_at: null,
  contract_period: '2025-05-10',
  bank_account: 'みずほ銀行 渋谷支店 普通 1234567 カ）ヤマダ',
};

describe('ClaimSchema', () => {
  test('parses a claim', () => {
    expect(ClaimSchema.parse(claim)).toEqual(claim);
  });

  test('a claim under review has no purchase figures yet', () => {
    const pending = {
      ...claim,
      status: 1,
      purchase_principal_amount: null,
      purchase_amount: null,
      purchase_ratio: null,
      purchase_fee: null,
      purchase_fee_ratio: null,
      bank_charge: null,
    };
    expect(ClaimSchema.safeParse(pending).success).toBe(true);
  });

  test.each<[string, Record<string, unknown>]>([
    ['an amount as a number', { amount: 1000000 }],
    ['a face amount with sen', { amount: '1000000.50' }],
    ['a negative scheduled deposit', { scheduled_deposit_amount_from_obliger: '-1' }],
    ['a purchase ratio above 1', { purchase_ratio: '1.2' }],
    ['a fee ratio of 1', { purchase_fee_ratio: '1' }],
    ['an unknown status', { status: 10 }],
    ['a payment date with time', { obliger_payment_date: '2025-06-30T00:00:00Z' }],
    ['an unknown deposit type', { receive_payment_account: { ...claim.receive_payment_account, deposit_type: 'savings' } }],
  ])('refuses %s', (_name, overrides) => {
    expect(ClaimSchema.safeParse({ ...claim, ...overrides }).success).toBe(false);
  });
});

describe('EntrySchema / EntryListSchema', () => {
  test('parses an entry and a list', () => {
    expect(EntrySchema.parse(entry)).toEqual({
      ...entry,
      inadequate_documents: [],
      has_contract_document: false,
      payout_hold_at: null,
      payout_hold_previous_bank_account: null,
      contract_party: null,
    });
    expect(EntryListSchema.parse([entry, { ...entry, id: 12, status: 1, claims: [] }])).toHaveLength(2);
  });

  test('contract_party (issue 23): the approved party, or null; an unknown division or a missing address refused', () => {
    const party = {
      corporate_division: 'corporate',
      company_name: '株式会社ツムギ商事',
      last_name: '山田',
      first_name: '太郎',
      address: { zipcode: '1000001', prefecture: '東京都', city: '千代田区千代田', building_number: '1-1' },
    };
    expect(EntrySchema.parse({ ...entry, status: 3, contract_party: party }).contract_party).toEqual(party);
    expect(EntrySchema.safeParse({ ...entry, contract_party: { ...party, corporate_division: 'other' } }).success).toBe(false);
    expect(EntrySchema.safeParse({ ...entry, contract_party: { ...party, address: undefined } }).success).toBe(false);
  });

  test.each<[string, Record<string, unknown>]>([
    ['an unknown status', { status: 7 }],
    ['a desired amount as a number', { purchase_amount_desired: 900000 }],
    ['a claim that does not parse', { claims: [{ ...claim, id: undefined }] }],
    ['no user', { user: undefined }],
    ['a review status out of range', { financial_statement_confirmation_status: 0 }],
  ])('refuses %s', (_name, overrides) => {
    expect(EntrySchema.safeParse({ ...entry, ...overrides }).success).toBe(false);
  });
});

const claimInput: ClaimInput = {
  obliger_company_name: '株式会社売掛先',
  amount: '1000000',
  scheduled_deposit_amount_from_obliger: '1000000',
  obliger_payment_date: '2025-06-30',
  is_fixed_debt: true,
  is_bank_transfer_from_obliger: true,
  receive_payment_account: {
    bank_name: 'みずほ銀行',
    deposit_type: 'ordinary',
    bank_account_number: '1234567',
    obliger_accounts: [{ holder_name: 'カ）ウリカケサキ' }],
  },
};
const entryInput: EntryInput = { purchase_amount_desired: '900000', purpose: '運転資金', claims: [claimInput] };

const issues = (result: { error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('EntryCreateSchema (first submit) and EntryResubmitSchema', () => {
  test('a complete entry passes both', () => {
    expect(EntryCreateSchema.parse(entryInput)).toEqual(entryInput);
    expect(EntryResubmitSchema.parse(entryInput)).toEqual(entryInput);
    expect(entrySubmitSchema('submit').safeParse(entryInput).success).toBe(true);
  });

  test.each<[string, EntryInput, Record<string, string>, Record<string, string>]>([
    [
      'nothing',
      {},
      { purchase_amount_desired: MESSAGES.required, purpose: MESSAGES.required, claims: MESSAGES.noClaims },
      { purchase_amount_desired: MESSAGES.required, purpose: MESSAGES.required, claims: MESSAGES.noClaims },
    ],
    ['5 claims', { ...entryInput, claims: Array(5).fill(claimInput) }, {}, {}],
    [
      '6 claims',
      { ...entryInput, claims: Array(6).fill(claimInput) },
      { claims: MESSAGES.tooManyClaims },
      { claims: MESSAGES.tooManyClaims },
    ],
    [
      'a claim with blanks',
      { ...entryInput, claims: [{ ...claimInput, obliger_company_name: ' ', amount: '' }] },
      { 'claims.0.obliger_company_name': MESSAGES.required, 'claims.0.amount': MESSAGES.required },
      { 'claims.0.obliger_company_name': MESSAGES.required, 'claims.0.amount': MESSAGES.required },
    ],
    [
      'bank details only checked on the first submit',
      {
        ...entryInput,
        claims: [
          {
            ...claimInput,
            receive_payment_account: { bank_name: '', bank_account_number: '123', obliger_accounts: [{ holder_name: 'ヲ' }] },
          },
        ],
      },
      {
        'claims.0.receive_payment_account.bank_name': MESSAGES.required,
        'claims.0.receive_payment_account.deposit_type': MESSAGES.depositType,
        'claims.0.receive_payment_account.bank_account_number': MESSAGES.bankAccountNumber,
        'claims.0.receive_payment_account.obliger_accounts.0.holder_name': MESSAGES.accountHolderName,
      },
      {},
    ],
  ])('%s', (_name, value, submit, resubmit) => {
    expect(issues(EntryCreateSchema.safeParse(value))).toEqual(submit);
    expect(issues(EntryResubmitSchema.safeParse(value))).toEqual(resubmit);
  });

  test.each<[string, EntryInput, Record<string, string>]>([
    ['a desired amount with sen', { ...entryInput, purchase_amount_desired: '900000.5' }, { purchase_amount_desired: FORMAT_MESSAGES.yen }],
    ['a full-width amount', { ...entryInput, claims: [{ ...claimInput, amount: '１０００' }] }, { 'claims.0.amount': FORMAT_MESSAGES.yen }],
    [
      'an impossible date',
      { ...entryInput, claims: [{ ...claimInput, obliger_payment_date: '2025-02-30' }] },
      { 'claims.0.obliger_payment_date': FORMAT_MESSAGES.date },
    ],
    [
      'an unknown deposit type (refused on resubmit too)',
      {
        ...entryInput,
        claims: [{ ...claimInput, receive_payment_account: { ...claimInput.receive_payment_account, deposit_type: 'savings' as never } }],
      },
      { 'claims.0.receive_payment_account.deposit_type': MESSAGES.depositType },
    ],
  ])('format: %s', (_name, value, expected) => {
    expect(issues(EntryCreateSchema.safeParse(value))).toEqual(expected);
    expect(issues(EntryResubmitSchema.safeParse(value))).toEqual(expected);
  });
});

describe('DraftEntrySchema', () => {
  test('an empty draft gets empty lists', () => {
    expect(DraftEntrySchema.parse({})).toEqual({ banks: [], claims: [] });
  });

  test('a draft in progress', () => {
    const draft = {
      id: 5,
      banks: [
        {
          bank_name: 'みずほ銀行',
          bank_account_number: '',
          file_format: 'unknown',
          contentfile_relations: [{ id: 3, kind: 'withdrawals_detail-0' }],
        },
      ],
      bank_account: 'みずほ銀行 渋谷支店',
      claims: [{ obliger_company_name: '株式会社売掛先', amount: '', contentfile_relations: [] }],
      can_submit_financial_statements: null,
      tax_return_submissions: 'eTax',
    };
    expect(DraftEntrySchema.parse(draft)).toEqual(draft);
  });

  test('bank and claim lists get empty file relations', () => {
    expect(DraftEntrySchema.parse({ banks: [{}], claims: [{}] })).toEqual({
      banks: [{ contentfile_relations: [] }],
      claims: [{ contentfile_relations: [] }],
    });
  });

  test.each<[string, Record<string, unknown>]>([
    ['an unknown file format', { banks: [{ file_format: 'pdf' }] }],
    ['an unreadable amount', { claims: [{ amount: 'abc' }] }],
    ['an unknown tax return method', { tax_return_submissions: 'fax' }],
    ['a relation without id', { claims: [{ contentfile_relations: [{ kind: 'invoice-1' }] }] }],
  ])('refuses %s', (_name, value) => {
    expect(DraftEntrySchema.safeParse(value).success).toBe(false);
  });
});
