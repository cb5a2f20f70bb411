import { describe, expect, test } from 'vitest';
import type { UploadedFileLike } from './financial-statements';
import { MESSAGES } from './messages';
import {
  REQUIRED_CLAIM_FIELDS,
  canSubmitEntry,
  entryWarnings,
  invoiceRequirements,
  isScheduledDepositOverFace,
  isUploadedInvoiceFile,
  validateClaimCount,
  validateClaimSubmit,
  validateEntrySubmit,
  validateReceivePaymentAccount,
  type ClaimInput,
  type EntryInput,
  type InvoiceRequirement,
  type ReceivePaymentAccountInput,
} from './validation-entry';

const account = (overrides: Partial<ReceivePaymentAccountInput> = {}): ReceivePaymentAccountInput => ({
  bank_name: 'みずほ銀行',
  deposit_type: 'ordinary',
  bank_account_number: '1234567',
  obliger_accounts: [{ holder_name: 'カ）ウリカケサキ' }],
  ...overrides,
});

const claim = (overrides: Partial<ClaimInput> = {}): ClaimInput => ({
  obliger_company_name: '株式会社売掛先',
  amount: '1000000.00',
  scheduled_deposit_amount_from_obliger: '1000000.00',
  obliger_payment_date: '2025-06-30',
  is_fixed_debt: true,
  is_bank_transfer_from_obliger: true,
  receive_payment_account: account(),
  ...overrides,
});

const entry = (overrides: Partial<EntryInput> = {}): EntryInput => ({
  purchase_amount_desired: '900000.00',
  purpose: '運転資金',
  claims: [claim()],
  ...overrides,
});

const claims = (count: number) => Array.from({ length: count }, () => claim());

describe('validateClaimCount', () => {
  test.each([
    [undefined, MESSAGES.noClaims],
    [null, MESSAGES.noClaims],
    [0, MESSAGES.noClaims],
    [1, undefined],
    [4, undefined],
    [5, undefined],
    [6, '申し込みに登録できる請求書は5個までです。'],
    [10, MESSAGES.tooManyClaims],
  ])('%s claims → %s', (count, message) => {
    const list = typeof count === 'number' ? claims(count) : count;
    expect(validateClaimCount(list)).toBe(message);
  });
});

describe('validateReceivePaymentAccount (first submit)', () => {
  const p = 'receive_payment_account';
  test.each<[ReceivePaymentAccountInput | null | undefined, Record<string, string>]>([
    [account(), {}],
    [account({ obliger_accounts: [] }), {}],
    [account({ obliger_accounts: null }), {}],
    [account({ obliger_accounts: undefined }), {}],
    [
      null,
      {
        [`${p}.bank_name`]: MESSAGES.required,
        [`${p}.deposit_type`]: MESSAGES.depositType,
        [`${p}.bank_account_number`]: MESSAGES.bankAccountNumber,
      },
    ],
    [
      undefined,
      {
        [`${p}.bank_name`]: MESSAGES.required,
        [`${p}.deposit_type`]: MESSAGES.depositType,
        [`${p}.bank_account_number`]: MESSAGES.bankAccountNumber,
      },
    ],
    [account({ bank_name: '　' }), { [`${p}.bank_name`]: '入力してください。' }],
    [account({ deposit_type: 'savings' }), { [`${p}.deposit_type`]: '普通か当座を選択してください。' }],
    [account({ bank_account_number: '123456' }), { [`${p}.bank_account_number`]: '7桁の半角数字で入力してください' }],
    [account({ bank_account_number: '12345678' }), { [`${p}.bank_account_number`]: MESSAGES.bankAccountNumber }],
    [
      account({ obliger_accounts: [{ holder_name: 'ヤマダ' }, { holder_name: 'ヲ' }, { holder_name: '' }, {}] }),
      {
        [`${p}.obliger_accounts.1.holder_name`]: MESSAGES.accountHolderName,
        [`${p}.obliger_accounts.2.holder_name`]: MESSAGES.accountHolderName,
        [`${p}.obliger_accounts.3.holder_name`]: MESSAGES.accountHolderName,
      },
    ],
    [
      account({ obliger_accounts: [{ holder_name: 'ア'.repeat(31) }] }),
      { [`${p}.obliger_accounts.0.holder_name`]: MESSAGES.accountHolderName },
    ],
    [account({ obliger_accounts: [{ holder_name: 'ア'.repeat(30) }] }), {}],
  ])('%o → %o', (value, errors) => {
    expect(validateReceivePaymentAccount(value)).toEqual(errors);
  });
});

describe('validateClaimSubmit', () => {
  test.each(REQUIRED_CLAIM_FIELDS)('%s is required on submit and resubmit', (field) => {
    for (const value of [undefined, null, '', '  ']) {
      expect(validateClaimSubmit(claim({ [field]: value }), 'submit')).toEqual({ [field]: '入力してください。' });
      expect(validateClaimSubmit(claim({ [field]: value }), 'resubmit')).toEqual({ [field]: '入力してください。' });
    }
  });

  test('the required fields are the four of the spec, in form order', () => {
    expect(REQUIRED_CLAIM_FIELDS).toEqual([
      'obliger_company_name',
      'amount',
      'scheduled_deposit_amount_from_obliger',
      'obliger_payment_date',
    ]);
  });

  test.each<[ClaimInput, Record<string, string>, Record<string, string>]>([
    [claim(), {}, {}],
    // the bank rules apply on the first submit only
    [claim({ receive_payment_account: account({ bank_name: '' }) }), { 'receive_payment_account.bank_name': MESSAGES.required }, {}],
    [
      claim({ receive_payment_account: account({ deposit_type: null }) }),
      { 'receive_payment_account.deposit_type': MESSAGES.depositType },
      {},
    ],
    [
      claim({ receive_payment_account: null }),
      {
        'receive_payment_account.bank_name': MESSAGES.required,
        'receive_payment_account.deposit_type': MESSAGES.depositType,
        'receive_payment_account.bank_account_number': MESSAGES.bankAccountNumber,
      },
      {},
    ],
    [
      claim({ amount: '', receive_payment_account: account({ obliger_accounts: [{ holder_name: 'やまだ' }] }) }),
      { amount: MESSAGES.required, 'receive_payment_account.obliger_accounts.0.holder_name': MESSAGES.accountHolderName },
      { amount: MESSAGES.required },
    ],
    [
      {},
      {
        obliger_company_name: MESSAGES.required,
        amount: MESSAGES.required,
        scheduled_deposit_amount_from_obliger: MESSAGES.required,
        obliger_payment_date: MESSAGES.required,
        'receive_payment_account.bank_name': MESSAGES.required,
        'receive_payment_account.deposit_type': MESSAGES.depositType,
        'receive_payment_account.bank_account_number': MESSAGES.bankAccountNumber,
      },
      {
        obliger_company_name: MESSAGES.required,
        amount: MESSAGES.required,
        scheduled_deposit_amount_from_obliger: MESSAGES.required,
        obliger_payment_date: MESSAGES.required,
      },
    ],
  ])('%o → submit %o, resubmit %o', (value, submit, resubmit) => {
    expect(validateClaimSubmit(value, 'submit')).toEqual(submit);
    expect(validateClaimSubmit(value, 'resubmit')).toEqual(resubmit);
  });
});

describe('validateEntrySubmit', () => {
  test.each(['submit', 'resubmit'] as const)('a complete entry passes on %s', (kind) => {
    expect(validateEntrySubmit(entry(), kind)).toEqual({});
    expect(canSubmitEntry(entry(), kind)).toBe(true);
  });

  test.each<[string, EntryInput, Record<string, string>]>([
    ['desired amount missing', entry({ purchase_amount_desired: '' }), { purchase_amount_desired: MESSAGES.required }],
    ['purpose missing', entry({ purpose: ' ' }), { purpose: MESSAGES.required }],
    [
      'both missing',
      entry({ purchase_amount_desired: null, purpose: undefined }),
      { purchase_amount_desired: MESSAGES.required, purpose: MESSAGES.required },
    ],
    ['no claims', entry({ claims: [] }), { claims: '請求書がありません。' }],
    ['claims missing', entry({ claims: null }), { claims: MESSAGES.noClaims }],
    ['5 claims', entry({ claims: claims(5) }), {}],
    ['6 claims', entry({ claims: claims(6) }), { claims: MESSAGES.tooManyClaims }],
    ['6 claims, one incomplete: only the count', entry({ claims: [...claims(5), {}] }), { claims: MESSAGES.tooManyClaims }],
    ['6 claims and no purpose', entry({ purpose: '', claims: claims(6) }), { purpose: MESSAGES.required, claims: MESSAGES.tooManyClaims }],
    [
      'second claim incomplete',
      entry({ claims: [claim(), claim({ obliger_company_name: '', obliger_payment_date: null })] }),
      { 'claims.1.obliger_company_name': MESSAGES.required, 'claims.1.obliger_payment_date': MESSAGES.required },
    ],
  ])('%s', (_name, value, errors) => {
    expect(validateEntrySubmit(value, 'submit')).toEqual(errors);
    expect(canSubmitEntry(value, 'submit')).toBe(Object.keys(errors).length === 0);
  });

  test('first submit checks each claim’s bank account, resubmit does not', () => {
    const value = entry({
      claims: [
        claim(),
        claim({ receive_payment_account: account({ bank_account_number: '１２３４５６７', obliger_accounts: [{ holder_name: 'ﾔﾏﾀﾞ' }] }) }),
      ],
    });
    expect(validateEntrySubmit(value, 'submit')).toEqual({
      'claims.1.receive_payment_account.bank_account_number': MESSAGES.bankAccountNumber,
      'claims.1.receive_payment_account.obliger_accounts.0.holder_name': MESSAGES.accountHolderName,
    });
    expect(validateEntrySubmit(value, 'resubmit')).toEqual({});
    expect(canSubmitEntry(value, 'submit')).toBe(false);
    expect(canSubmitEntry(value, 'resubmit')).toBe(true);
  });
});

describe('scheduled deposit over face (warning)', () => {
  test.each([
    ['1000000', '1000001', true],
    ['1000000.00', '1000000.00', false],
    ['1000000', '999999', false],
    ['0', '1', true],
    ['', '1000', false],
    ['1000', '', false],
    [null, '1000', false],
    ['1000', undefined, false],
    ['1000', '1000.5', false],
    ['abc', '1000', false],
  ])('face %j, scheduled %j → %s', (amount, scheduled, over) => {
    const value = claim({ amount, scheduled_deposit_amount_from_obliger: scheduled });
    expect(isScheduledDepositOverFace(value)).toBe(over);
    expect(entryWarnings(entry({ claims: [value] }))).toEqual(
      over
        ? {
            'claims.0.scheduled_deposit_amount_from_obliger':
              '「売掛先からの銀行振込金額」が「請求書額面（税込）」より大きいためご確認ください',
          }
        : {},
    );
  });

  test('warns per claim and never blocks a submit', () => {
    const value = entry({
      claims: [
        claim(),
        claim({ scheduled_deposit_amount_from_obliger: '2000000' }),
        claim({ amount: '1', scheduled_deposit_amount_from_obliger: '2' }),
      ],
    });
    expect(entryWarnings(value)).toEqual({
      'claims.1.scheduled_deposit_amount_from_obliger': MESSAGES.scheduledDepositOverFace,
      'claims.2.scheduled_deposit_amount_from_obliger': MESSAGES.scheduledDepositOverFace,
    });
    expect(validateEntrySubmit(value, 'submit')).toEqual({});
    expect(invoiceRequirements(value, [{ kind: 'invoice-1', id: 1 }]).complete).toBe(true);
  });

  test.each([{}, { claims: null }])('no claims, no warning (%o)', (value) => {
    expect(entryWarnings(value)).toEqual({});
  });
});

describe('isUploadedInvoiceFile', () => {
  test.each<[UploadedFileLike, boolean]>([
    [{ kind: 'invoice', id: 1 }, true],
    [{ kind: 'invoice-12', id: 'a1', error: false }, true],
    [{ kind: 'invoice-x', id: 0, error: null }, true],
    [{ kind: 'invoice-12', id: 1, error: true }, false],
    [{ kind: 'invoice-12', id: null }, false],
    [{ kind: 'invoice-12' }, false],
    [{ kind: 'additional_doc-12', id: 1 }, false],
    [{ kind: 'invoices', id: 1 }, false],
    [{ kind: 'pl', id: 1 }, false],
  ])('%o → %s', (file, uploaded) => {
    expect(isUploadedInvoiceFile(file)).toBe(uploaded);
  });
});

describe('invoiceRequirements', () => {
  const invoice: UploadedFileLike = { kind: 'invoice-1', id: 10, error: false };

  test('complete entry with an uploaded invoice', () => {
    expect(invoiceRequirements(entry(), [invoice])).toEqual({ complete: true, missing: [] });
  });

  test.each<[string, EntryInput, readonly UploadedFileLike[], InvoiceRequirement[]]>([
    ['no desired amount', entry({ purchase_amount_desired: '' }), [invoice], ['purchaseAmountDesired']],
    ['desired amount 0', entry({ purchase_amount_desired: '0.00' }), [invoice], ['purchaseAmountDesired']],
    ['desired amount not whole yen', entry({ purchase_amount_desired: '1000.50' }), [invoice], ['purchaseAmountDesired']],
    ['desired amount above the total face', entry({ purchase_amount_desired: '1000001' }), [invoice], ['purchaseAmountDesired']],
    ['desired amount equal to the total face', entry({ purchase_amount_desired: '1000000' }), [invoice], []],
    ['desired amount within two claims', entry({ purchase_amount_desired: '1500000', claims: claims(2) }), [invoice], []],
    ['desired amount 1 yen', entry({ purchase_amount_desired: '1' }), [invoice], []],
    ['no purpose', entry({ purpose: '' }), [invoice], ['purpose']],
    ['no claims', entry({ claims: [] }), [invoice], ['claims']],
    ['claims missing', entry({ claims: undefined }), [invoice], ['claims']],
    ['5 claims', entry({ claims: claims(5) }), [invoice], []],
    ['6 claims', entry({ claims: claims(6) }), [invoice], ['claims']],
    ['not fixed debt', entry({ claims: [claim({ is_fixed_debt: false })] }), [invoice], ['fixedDebt']],
    ['fixed debt unknown', entry({ claims: [claim({ is_fixed_debt: null })] }), [invoice], ['fixedDebt']],
    ['not by bank transfer', entry({ claims: [claim({ is_bank_transfer_from_obliger: false })] }), [invoice], ['bankTransfer']],
    ['bank transfer unknown', entry({ claims: [claim({ is_bank_transfer_from_obliger: undefined })] }), [invoice], ['bankTransfer']],
    ['no obliger name', entry({ claims: [claim({ obliger_company_name: '' })] }), [invoice], ['claimFields']],
    ['no payment date', entry({ claims: [claim({ obliger_payment_date: null })] }), [invoice], ['claimFields']],
    ['no face amount', entry({ claims: [claim({ amount: '' })] }), [invoice], ['claimFields', 'amounts']],
    ['face amount 0', entry({ claims: [claim({ amount: '0' })] }), [invoice], ['purchaseAmountDesired', 'amounts']],
    ['face amount with sen', entry({ claims: [claim({ amount: '1000000.10' })] }), [invoice], ['amounts']],
    ['scheduled deposit 0', entry({ claims: [claim({ scheduled_deposit_amount_from_obliger: '0' })] }), [invoice], ['amounts']],
    [
      'scheduled deposit not a number',
      entry({ claims: [claim({ scheduled_deposit_amount_from_obliger: '百万' })] }),
      [invoice],
      ['amounts'],
    ],
    ['no bank name', entry({ claims: [claim({ receive_payment_account: account({ bank_name: ' ' }) })] }), [invoice], ['bankDetails']],
    [
      '6-digit number',
      entry({ claims: [claim({ receive_payment_account: account({ bank_account_number: '123456' }) })] }),
      [invoice],
      ['bankDetails'],
    ],
    ['no deposit type', entry({ claims: [claim({ receive_payment_account: account({ deposit_type: '' }) })] }), [invoice], ['bankDetails']],
    [
      'invalid holder name',
      entry({ claims: [claim({ receive_payment_account: account({ obliger_accounts: [{ holder_name: 'ヲ' }] }) })] }),
      [invoice],
      ['holderNames'],
    ],
    [
      'second holder invalid',
      entry({ claims: [claim({ receive_payment_account: account({ obliger_accounts: [{ holder_name: 'ア' }, { holder_name: '' }] }) })] }),
      [invoice],
      ['holderNames'],
    ],
    [
      'no payer account',
      entry({ claims: [claim({ receive_payment_account: account({ obliger_accounts: [] }) })] }),
      [invoice],
      ['holderNames'],
    ],
    [
      'no receive-payment account',
      entry({ claims: [claim({ receive_payment_account: null })] }),
      [invoice],
      ['bankDetails', 'holderNames'],
    ],
    ['no upload', entry(), [], ['invoiceFile']],
    ['failed upload only', entry(), [{ ...invoice, error: true }], ['invoiceFile']],
    ['another kind only', entry(), [{ kind: 'additional_doc-1', id: 3 }], ['invoiceFile']],
    [
      'one good invoice among failures',
      entry(),
      [
        { ...invoice, error: true },
        { kind: 'invoice-2', id: 11 },
      ],
      [],
    ],
    ['nothing at all', {}, [], ['purchaseAmountDesired', 'purpose', 'claims', 'invoiceFile']],
    [
      'an empty claim',
      entry({ claims: [{}] }),
      [invoice],
      ['fixedDebt', 'bankTransfer', 'claimFields', 'amounts', 'bankDetails', 'holderNames'],
    ],
    [
      'each reason once, whichever claim',
      entry({ claims: [claim({ is_fixed_debt: false }), claim({ is_fixed_debt: false, amount: 'x' })] }),
      [invoice],
      ['fixedDebt', 'amounts'],
    ],
  ])('%s', (_name, value, uploads, missing) => {
    expect(invoiceRequirements(value, uploads)).toEqual({ complete: missing.length === 0, missing });
  });
});
