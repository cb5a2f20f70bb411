import { describe, expect, test } from 'vitest';
import { MESSAGES, PAYOUT_ACCOUNT_MESSAGES, REVIEW_STATUS } from '@app/contracts/domain';
import {
  changedPaths,
  emptyDocument,
  joinBankName,
  newBank,
  newClaim,
  splitBankName,
  type WizardClaim,
  type WizardDocument,
} from './document';
import {
  CHECK_MESSAGES,
  errorAt,
  fieldLabel,
  financialStepErrors,
  inPageOrder,
  invoiceStepErrors,
  stepOfPath,
  payoutStepErrors,
  submitChecks,
  withdrawalStepErrors,
} from './checks';
import { PAYOUT_FIELD_MESSAGES, payoutAccountString, payoutOf } from './payout';
import type { WizardUser } from './progress';

const file = (id: number, kind: string) => ({ id, kind, name: `${kind}.pdf` });

const completeClaim = (key = '1'): WizardClaim => ({
  ...newClaim(key),
  obliger_company_name: '株式会社サンプル商事',
  amount: '1000000',
  scheduled_deposit_amount_from_obliger: '999340',
  obliger_payment_date: '2026-07-31',
  is_fixed_debt: true,
  is_bank_transfer_from_obliger: true,
  receive_payment_account: {
    bank_name: joinBankName('みずほ', '渋谷'),
    deposit_type: 'ordinary',
    bank_account_number: '1234567',
    obliger_accounts: [{ holder_name: 'カ）サンプルシヨウジ' }],
  },
  contentfile_relations: [file(1, `invoice-${key}`)],
});

const completeInvoices = (): WizardDocument => ({
  ...emptyDocument(),
  purchase_amount_desired: '800000',
  purpose: '仕入れ代金',
  claims: [completeClaim()],
});

const user = (over: Partial<WizardUser> = {}): WizardUser => ({
  userStatus: 'login',
  hasSatisfiedProfile: true,
  identity_confirmation: REVIEW_STATUS.confirming,
  isIdentityExpired: false,
  financial_statements_status: REVIEW_STATUS.nothing,
  withdrawals_detail_status: REVIEW_STATUS.nothing,
  isIndividual: false,
  ...over,
});

describe('invoiceStepErrors', () => {
  test('a complete invoice step has none', () => {
    expect(invoiceStepErrors(completeInvoices())).toEqual({});
  });

  test('an empty claim: every submit rule of §5 by its field, and the requirements of the step', () => {
    const errors = invoiceStepErrors({ ...emptyDocument(), claims: [newClaim('1')] });
    expect(errors).toEqual({
      purchase_amount_desired: MESSAGES.required,
      purpose: MESSAGES.required,
      'claims.0.obliger_company_name': MESSAGES.required,
      'claims.0.amount': MESSAGES.required,
      'claims.0.scheduled_deposit_amount_from_obliger': MESSAGES.required,
      'claims.0.obliger_payment_date': MESSAGES.required,
      'claims.0.receive_payment_account.bank_name': MESSAGES.required,
      'claims.0.receive_payment_account.deposit_type': MESSAGES.depositType,
      'claims.0.receive_payment_account.bank_account_number': MESSAGES.bankAccountNumber,
      'claims.0.receive_payment_account.obliger_accounts.0.holder_name': MESSAGES.accountHolderName,
      'claims.0.is_fixed_debt': CHECK_MESSAGES.fixedDebt,
      'claims.0.is_bank_transfer_from_obliger': CHECK_MESSAGES.bankTransfer,
      'claims.0.contentfile_relations': CHECK_MESSAGES.invoiceFile,
    });
  });

  test('no claim at all: 請求書がありません。', () => {
    expect(invoiceStepErrors({ ...completeInvoices(), claims: [] })).toEqual({ claims: MESSAGES.noClaims });
  });

  test('a zero face amount (and so a desired amount above the total)', () => {
    expect(invoiceStepErrors({ ...completeInvoices(), claims: [{ ...completeClaim(), amount: '0' }] })).toEqual({
      'claims.0.amount': CHECK_MESSAGES.positiveAmount,
      purchase_amount_desired: CHECK_MESSAGES.desiredOverTotal('0円'),
    });
  });

  test.each([
    [
      'a bank without its branch',
      { receive_payment_account: { ...completeClaim().receive_payment_account, bank_name: 'みずほ' } },
      'claims.0.receive_payment_account.branch_name',
      MESSAGES.required,
    ],
    [
      'a branch without its bank',
      { receive_payment_account: { ...completeClaim().receive_payment_account, bank_name: joinBankName('', '渋谷') } },
      'claims.0.receive_payment_account.bank_name',
      MESSAGES.required,
    ],
  ] as const)('%s', (_name, change, path, message) => {
    expect(invoiceStepErrors({ ...completeInvoices(), claims: [{ ...completeClaim(), ...change }] })).toEqual({ [path]: message });
  });

  test('the purchase amount desired above the face total names the total', () => {
    expect(invoiceStepErrors({ ...completeInvoices(), purchase_amount_desired: '1000001' })).toEqual({
      purchase_amount_desired: CHECK_MESSAGES.desiredOverTotal('1,000,000円'),
    });
  });

  test('a scheduled deposit above the face is a warning, not an error', () => {
    expect(
      invoiceStepErrors({ ...completeInvoices(), claims: [{ ...completeClaim(), scheduled_deposit_amount_from_obliger: '1200000' }] }),
    ).toEqual({});
  });

  test('one invoice file in the entry is enough (the domain rule)', () => {
    const doc = {
      ...completeInvoices(),
      purchase_amount_desired: '1500000',
      claims: [completeClaim('1'), { ...completeClaim('2'), contentfile_relations: [] }],
    };
    expect(invoiceStepErrors(doc)).toEqual({});
  });
});

describe('financialStepErrors', () => {
  test.each([
    ['nothing chosen', {}, user(), { can_submit_financial_statements: CHECK_MESSAGES.choose }],
    [
      'an individual without the tax return method',
      { can_submit_financial_statements: true },
      user({ isIndividual: true }),
      { tax_return_submissions: CHECK_MESSAGES.choose },
    ],
    [
      'corporate yes: pl, bs, breakdown, SG&A',
      { can_submit_financial_statements: true, financial_statement_files: [file(1, 'pl')] },
      user(),
      {
        'financial_statement_files.bs': '貸借対照表をアップロードしてください。',
        'financial_statement_files.breakdown_statement': '勘定科目内訳明細書をアップロードしてください。',
        'financial_statement_files.sga_expenses': '販売費及び一般管理費内訳書をアップロードしてください。',
      },
    ],
    [
      'corporate yes without SG&A expenses',
      {
        can_submit_financial_statements: true,
        no_sga_expenses: true,
        financial_statement_files: [file(1, 'pl'), file(2, 'bs'), file(3, 'breakdown_statement')],
      },
      user(),
      {},
    ],
    [
      'corporate no: the trial balance pair',
      { can_submit_financial_statements: false, financial_statement_files: [file(1, 'tb_pl')] },
      user(),
      { 'financial_statement_files.tb_bs': '試算表（貸借対照表）をアップロードしてください。' },
    ],
    [
      'individual e-Tax: the tax return',
      { can_submit_financial_statements: true, tax_return_submissions: 'eTax' },
      user({ isIndividual: true }),
      { 'financial_statement_files.tax_returns': '確定申告書をアップロードしてください。' },
    ],
    [
      'individual no: the opening notice',
      { can_submit_financial_statements: false },
      user({ isIndividual: true }),
      { 'financial_statement_files.business_opening': '開業届をアップロードしてください。' },
    ],
    ['already with us (confirming)', {}, user({ financial_statements_status: REVIEW_STATUS.confirming }), {}],
  ] as const)('%s', (_name, change, who, expected) => {
    expect(financialStepErrors({ ...emptyDocument(), ...change } as WizardDocument, who)).toEqual(expected);
  });
});

describe('withdrawalStepErrors', () => {
  test('no account, then an account with everything missing, then a complete passbook and an incomplete ib', () => {
    expect(withdrawalStepErrors(emptyDocument(), user())).toEqual({ banks: CHECK_MESSAGES.noBanks });
    expect(withdrawalStepErrors({ ...emptyDocument(), banks: [newBank('1')] }, user())).toEqual({
      'banks.0.bank_name': MESSAGES.required,
      'banks.0.branch_name': MESSAGES.required,
      'banks.0.bank_account_number': MESSAGES.required,
      'banks.0.contentfile_relations.passbook_cover': '通帳の表紙をアップロードしてください。',
      'banks.0.contentfile_relations.passbook_details': '通帳の明細ページをアップロードしてください。',
    });
    const passbook = {
      ...newBank('1'),
      bank_name: 'みずほ',
      branch_name: '渋谷',
      bank_account_number: '1234567',
      contentfile_relations: [file(1, 'passbook_cover'), file(2, 'passbook_details')],
    };
    const ib = {
      ...passbook,
      key: '2',
      file_format: 'ib' as const,
      bank_account_number: '１２３',
      contentfile_relations: [file(3, 'ib_details')],
    };
    expect(withdrawalStepErrors({ ...emptyDocument(), banks: [passbook, ib] }, user())).toEqual({
      'banks.1.bank_account_number': MESSAGES.bankAccountNumber,
      'banks.1.contentfile_relations.ib_info': '口座情報の画面をアップロードしてください。',
    });
  });

  test('already with us (confirmed): nothing asked', () => {
    expect(withdrawalStepErrors(emptyDocument(), user({ withdrawals_detail_status: REVIEW_STATUS.confirmed }))).toEqual({});
  });
});

describe('submitChecks', () => {
  test('every step, and the profile step as a message of its own', () => {
    const check = submitChecks(
      completeInvoices(),
      user({ hasSatisfiedProfile: false, financial_statements_status: REVIEW_STATUS.confirmed }),
    );
    expect(check.fieldErrors).toEqual({ banks: CHECK_MESSAGES.noBanks, bank_account: PAYOUT_ACCOUNT_MESSAGES.required });
    expect(check.formErrors).toEqual([CHECK_MESSAGES.profile]);
  });
});

describe('payoutStepErrors', () => {
  const payout = (over = {}) => ({
    bank_name: 'りそな',
    branch_name: '新宿',
    deposit_type: 'ordinary' as const,
    bank_account_number: '1234567',
    account_holder_name: 'カ）ツムギ',
    ...over,
  });
  test('nothing entered: 振込先口座を入力してください。 on bank_account (the server’s field)', () => {
    expect(payoutStepErrors(emptyDocument())).toEqual({ bank_account: PAYOUT_ACCOUNT_MESSAGES.required });
    expect(
      payoutStepErrors({
        ...emptyDocument(),
        payout_account: payout({ bank_name: '', branch_name: '', deposit_type: null, bank_account_number: '', account_holder_name: ' ' }),
      }),
    ).toEqual({
      bank_account: PAYOUT_ACCOUNT_MESSAGES.required,
    });
  });
  test('an account string without its fields (saved by an older page) is accepted as it is', () => {
    expect(payoutStepErrors({ ...emptyDocument(), bank_account: 'りそな 新宿 普通 1234567 カ）ツムギ' })).toEqual({});
  });
  test('complete: nothing; typed the way people type (full-width digits, half-width kana) is fine', () => {
    expect(payoutStepErrors({ ...emptyDocument(), payout_account: payout() })).toEqual({});
    expect(
      payoutStepErrors({
        ...emptyDocument(),
        payout_account: payout({ bank_account_number: '１２３４５６７', account_holder_name: 'ｶ)ﾂﾑｷﾞ' }),
      }),
    ).toEqual({});
  });
  test('each field by the spec’s rules', () => {
    expect(
      payoutStepErrors({
        ...emptyDocument(),
        payout_account: payout({
          bank_name: '',
          branch_name: '新 宿',
          deposit_type: null,
          bank_account_number: '12345',
          account_holder_name: 'ヲ',
        }),
      }),
    ).toEqual({
      'payout_account.bank_name': MESSAGES.blank,
      'payout_account.branch_name': PAYOUT_FIELD_MESSAGES.space,
      'payout_account.deposit_type': MESSAGES.blank,
      'payout_account.bank_account_number': MESSAGES.bankAccountNumber,
      'payout_account.account_holder_name': MESSAGES.accountHolderName,
    });
  });
  test('the account string follows the fields: formed when valid, null otherwise', () => {
    expect(payoutAccountString(payout({ account_holder_name: 'ｶ)ﾂﾑｷﾞ' }))).toBe('りそな 新宿 普通 1234567 カ）ツムギ');
    expect(payoutAccountString(payout({ bank_account_number: '12' }))).toBeNull();
    expect(payoutAccountString(null)).toBeNull();
    expect(payoutOf('りそな 新宿 当座 1234567')).toEqual(payout({ deposit_type: 'checking', account_holder_name: '' }));
    expect(payoutOf('壊れた')).toBeNull();
  });
});

describe('paths', () => {
  test.each([
    ['claims.0.amount', 'submitInvoices', '請求書 1：請求書の額面（税込）'],
    ['claims.2.receive_payment_account.obliger_accounts.1.holder_name', 'submitInvoices', '請求書 3：振込名義'],
    ['claims.0.contentfile_relations', 'submitInvoices', '請求書 1：請求書のファイル'],
    ['purchase_amount_desired', 'submitInvoices', '買取希望額'],
    ['tax_return_submissions', 'submitFinancialStatements', '確定申告の方法'],
    ['financial_statement_files.sga_expenses', 'submitFinancialStatements', '販売費及び一般管理費内訳書'],
    ['banks.1.contentfile_relations.ib_info', 'submitWithdrawalsDetail', '口座 2：口座情報の画面'],
    ['banks', 'submitWithdrawalsDetail', '入出金明細の口座'],
    ['financial_statement_files', 'submitFinancialStatements', '決算書のファイル'],
    ['claims.1.receive_payment_account.obliger_accounts', 'submitInvoices', '請求書 2：振込名義'],
    ['banks.0.contentfile_relations', 'submitWithdrawalsDetail', '口座 1：ファイル'],
    ['profile', 'submitProfile', '登録情報・本人確認'],
    ['bank_account', 'submitWithdrawalsDetail', '振込先口座'],
    ['payout_account.account_holder_name', 'submitWithdrawalsDetail', '振込先口座：口座名義'],
    ['payout_account.bank_account_number', 'submitWithdrawalsDetail', '振込先口座：口座番号'],
    ['draft_version', null, 'draft_version'],
  ] as const)('%s → %s, %s', (path, step, label) => {
    expect(stepOfPath(path)).toBe(step);
    expect(fieldLabel(path)).toBe(label);
  });

  test('errors are listed in page order', () => {
    expect(
      inPageOrder([
        'banks.0.bank_name',
        'purpose',
        'claims.1.amount',
        'claims.0.is_fixed_debt',
        'claims.0.amount',
        'can_submit_financial_statements',
        'non_field',
      ]),
    ).toEqual([
      'claims.0.amount',
      'claims.0.is_fixed_debt',
      'claims.1.amount',
      'purpose',
      'can_submit_financial_statements',
      'banks.0.bank_name',
      'non_field',
    ]);
  });

  test('errorAt reads a field or the first error under it', () => {
    const errors = { 'claims.0.contentfile_relations.1.id': 'ファイルが見つかりません。', purpose: 'x' };
    expect(errorAt(errors, 'claims.0.contentfile_relations')).toBe('ファイルが見つかりません。');
    expect(errorAt(errors, 'purpose')).toBe('x');
    expect(errorAt(errors, 'claims.1.contentfile_relations')).toBeUndefined();
  });

  test('what another tab changed, as labels', () => {
    const mine = { ...completeInvoices(), purpose: 'a', claims: [completeClaim('1')] };
    const theirs = {
      ...completeInvoices(),
      purpose: 'b',
      claims: [{ ...completeClaim('1'), amount: '2000000', contentfile_relations: [] }, completeClaim('2')],
    };
    const labels = [...new Set(inPageOrder(changedPaths(mine, theirs)).map(fieldLabel))];
    expect(labels).toEqual(['請求書 1：請求書の額面（税込）', '請求書 1：請求書のファイル', '請求書 2', '資金の使い道']);
    expect(changedPaths(mine, { ...mine, purchase_amount_desired: '800000', no_sga_expenses: null, banks: [] })).toEqual([]);
  });

  test('bank and branch in one bank_name', () => {
    expect(splitBankName(joinBankName('みずほ', '渋谷'))).toEqual({ bank: 'みずほ', branch: '渋谷' });
    expect(splitBankName('みずほ銀行')).toEqual({ bank: 'みずほ銀行', branch: '' });
    expect(joinBankName('みずほ', '')).toBe('みずほ');
    expect(splitBankName(null)).toEqual({ bank: '', branch: '' });
  });
});
