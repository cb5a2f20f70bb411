import {
  ACCOUNT_FILE_LABELS,
  BANK_FILE_KINDS,
  FINANCIAL_STATEMENT_FILE_KINDS,
  FINANCIAL_STATEMENT_REQUIRED_FILES,
  MESSAGES,
  PAYOUT_ACCOUNT_MESSAGES,
  formatYen,
  invoiceRequirements,
  isAccountStepDone,
  isBlank,
  isFinancialStatementsDone,
  isUploadedInvoiceFile,
  isWithdrawalsDetailDone,
  parseYen,
  requiredAccountActivityFiles,
  requiredFinancialStatementFiles,
  sumYen,
  UPLOAD_KIND_LABELS,
  uploadedKinds,
  validateBankAccountNumber,
  validateEntrySubmit,
  validateRequired,
  type EntryFormStep,
  type UploadKind,
} from '@app/contracts/domain';
import { splitBankName, type WizardDocument } from './document';
import { isPayoutEmpty, payoutFieldErrors } from './payout';
import { financialTypeOf, type WizardUser } from './progress';

/**
 * What stops a step from being done, as messages by field path (the paths of the form and of the
 * API's 400 bodies: `claims.0.amount`). The rules are the domain's (`validateEntrySubmit`,
 * `invoiceRequirements`, `requiredFinancialStatementFiles`, `requiredAccountActivityFiles`); this
 * file only says where on the page each unmet rule is shown, and in which words when the spec gives
 * none.
 */
export type FieldErrors = Readonly<Record<string, string>>;

export const CHECK_MESSAGES = {
  fixedDebt: '確定した債権であることをご確認のうえ、チェックを入れてください。',
  bankTransfer: '売掛先から銀行振込で支払われることをご確認のうえ、チェックを入れてください。',
  positiveAmount: '1円以上の金額を入力してください。',
  desiredOverTotal: (total: string) => `買取希望額は、請求書の額面の合計（${total}）以下で入力してください。`,
  invoiceFile: '請求書のファイルをアップロードしてください。',
  choose: '選択してください。',
  upload: (label: string) => `${label}をアップロードしてください。`,
  noBanks: '入出金明細を提出する口座を追加してください。',
  profile: '登録情報の入力と本人確認書類の提出を済ませてください。',
} as const;

/** The upload kinds the wizard asks for. */
const WIZARD_FILE_KINDS = [
  'invoice',
  'additional_doc',
  ...FINANCIAL_STATEMENT_FILE_KINDS,
  ...BANK_FILE_KINDS,
] as const satisfies readonly UploadKind[];

/** Labels of the upload kinds the wizard asks for: the domain's, the bank's own files as an account names them. */
export const FILE_LABELS: Readonly<Partial<Record<UploadKind, string>>> = Object.fromEntries(
  WIZARD_FILE_KINDS.map((kind) => [kind, (ACCOUNT_FILE_LABELS as Partial<Record<UploadKind, string>>)[kind] ?? UPLOAD_KIND_LABELS[kind]]),
);

const fileLabel = (kind: UploadKind): string => FILE_LABELS[kind] ?? kind;

// ---------------------------------------------------------------------------------------------
// Paths, steps and labels
// ---------------------------------------------------------------------------------------------

/** The upload field of a claim's invoices and a step's files, as error paths. */
export const claimFilesPath = (index: number) => `claims.${index}.contentfile_relations`;
export const financialFilePath = (kind: UploadKind) => `financial_statement_files.${kind}`;
export const bankFilePath = (index: number, kind: UploadKind) => `banks.${index}.contentfile_relations.${kind}`;

/** The step whose page shows the field (null: not a field of any step; shown at the top). */
export function stepOfPath(path: string): EntryFormStep | null {
  const head = path.split('.')[0] ?? '';
  if (['purchase_amount_desired', 'purpose', 'claims'].includes(head)) return 'submitInvoices';
  if (['can_submit_financial_statements', 'tax_return_submissions', 'no_sga_expenses', 'financial_statement_files'].includes(head))
    return 'submitFinancialStatements';
  if (['banks', 'bank_account', 'payout_account'].includes(head)) return 'submitWithdrawalsDetail';
  if (head === 'profile') return 'submitProfile';
  return null;
}

const FIELD_LABELS: Readonly<Record<string, string>> = {
  purchase_amount_desired: '買取希望額',
  purpose: '資金の使い道',
  claims: '請求書',
  obliger_company_name: '売掛先の会社名',
  amount: '請求書の額面（税込）',
  scheduled_deposit_amount_from_obliger: '売掛先からの銀行振込金額',
  obliger_payment_date: '入金予定日',
  is_fixed_debt: '確定債権の確認',
  is_bank_transfer_from_obliger: '銀行振込の確認',
  bank_name: '金融機関名',
  branch_name: '支店名',
  deposit_type: '預金種別',
  bank_account_number: '口座番号',
  holder_name: '振込名義',
  contentfile_relations: 'ファイル',
  file_format: '明細の形式',
  can_submit_financial_statements: '決算書の有無',
  tax_return_submissions: '確定申告の方法',
  no_sga_expenses: '販売費及び一般管理費内訳書',
  financial_statement_files: '決算書のファイル',
  banks: '入出金明細の口座',
  bank_account: '振込先口座',
  payout_account: '振込先口座',
  account_holder_name: '口座名義',
  profile: '登録情報・本人確認',
  obliger_accounts: '振込名義',
};

/** What the applicant calls the field of a path: 「請求書 1：請求書の額面（税込）」. */
export function fieldLabel(path: string): string {
  const segments = path.split('.');
  const [head, index] = segments;
  const last = segments.filter((s) => !/^\d+$/.test(s)).at(-1) ?? path;
  const kind = segments.at(-1) ?? '';
  const leaf = segments.length > 1 && kind in FILE_LABELS ? fileLabel(kind as UploadKind) : (FIELD_LABELS[last] ?? last);
  if (segments.length === 2 && index !== undefined && /^\d+$/.test(index) && (head === 'claims' || head === 'banks'))
    return `${head === 'claims' ? '請求書' : '口座'} ${Number(index) + 1}`;
  if (head === 'claims' && index !== undefined && /^\d+$/.test(index)) {
    const field = path === claimFilesPath(Number(index)) ? '請求書のファイル' : leaf;
    return `請求書 ${Number(index) + 1}：${field}`;
  }
  if (head === 'banks' && index !== undefined && /^\d+$/.test(index)) return `口座 ${Number(index) + 1}：${leaf}`;
  if (head === 'payout_account' && segments.length > 1) return `振込先口座：${leaf}`;
  return head === 'financial_statement_files' && segments.length > 1 ? leaf : (FIELD_LABELS[head ?? ''] ?? leaf);
}

/** The first message at `path`, or else of a field under it (`claims.0.contentfile_relations.1.id`). */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  return errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];
}

// ---------------------------------------------------------------------------------------------
// Step checks
// ---------------------------------------------------------------------------------------------

const mergeAbsent = (into: Record<string, string>, path: string, message: string) => {
  if (!(path in into)) into[path] = message;
};

/** The invoice step: the submit rules (§5, first submit) and the invoice requirements (§5). */
export function invoiceStepErrors(doc: WizardDocument): FieldErrors {
  const errors: Record<string, string> = { ...validateEntrySubmit(doc, 'submit') };
  if ('claims' in errors) return errors;
  const files = doc.claims.flatMap((claim) => claim.contentfile_relations);
  const overall = invoiceRequirements(doc, files);
  doc.claims.forEach((claim, index) => {
    // The requirements of this claim alone (the entry-level ones are read from `overall`).
    const missing = invoiceRequirements({ purchase_amount_desired: '1', purpose: '-', claims: [claim] }, files).missing;
    const at = (field: string) => `claims.${index}.${field}`;
    if (missing.includes('fixedDebt')) mergeAbsent(errors, at('is_fixed_debt'), CHECK_MESSAGES.fixedDebt);
    if (missing.includes('bankTransfer')) mergeAbsent(errors, at('is_bank_transfer_from_obliger'), CHECK_MESSAGES.bankTransfer);
    if (missing.includes('amounts')) {
      for (const field of ['amount', 'scheduled_deposit_amount_from_obliger'] as const) {
        if (parseYen(claim[field])?.eq(0)) mergeAbsent(errors, at(field), CHECK_MESSAGES.positiveAmount);
      }
    }
    // The pickers ask for bank and branch (an account is not identifiable without its branch).
    const names = splitBankName(claim.receive_payment_account?.bank_name);
    if (isBlank(names.bank)) mergeAbsent(errors, at('receive_payment_account.bank_name'), MESSAGES.required);
    else if (isBlank(names.branch)) mergeAbsent(errors, at('receive_payment_account.branch_name'), MESSAGES.required);
    if (overall.missing.includes('invoiceFile') && !claim.contentfile_relations.some(isUploadedInvoiceFile))
      mergeAbsent(errors, claimFilesPath(index), CHECK_MESSAGES.invoiceFile);
  });
  if (overall.missing.includes('purchaseAmountDesired') && !('purchase_amount_desired' in errors)) {
    const desired = parseYen(doc.purchase_amount_desired);
    const total = sumYen(doc.claims.map((claim) => claim.amount));
    errors.purchase_amount_desired =
      desired === undefined || desired.lte(0) || total === undefined
        ? CHECK_MESSAGES.positiveAmount
        : CHECK_MESSAGES.desiredOverTotal(formatYen(total));
  }
  return errors;
}

/** The financial statements step: a type chosen, and every file it requires (none when already with us). */
export function financialStepErrors(doc: WizardDocument, user: WizardUser): FieldErrors {
  if (isFinancialStatementsDone(user.financial_statements_status)) return {};
  const type = financialTypeOf(doc, user);
  if (type === null) {
    return doc.can_submit_financial_statements == null
      ? { can_submit_financial_statements: CHECK_MESSAGES.choose }
      : { tax_return_submissions: CHECK_MESSAGES.choose };
  }
  const uploaded = uploadedKinds(doc.financial_statement_files);
  const errors: Record<string, string> = {};
  for (const kind of requiredFinancialStatementFiles(type, { noSgaExpenses: doc.no_sga_expenses }))
    if (!uploaded.has(kind)) errors[financialFilePath(kind)] = CHECK_MESSAGES.upload(fileLabel(kind));
  return errors;
}

/** The withdrawals detail step: at least one account, each with a bank name, 7 digits and its file pair. */
export function withdrawalStepErrors(doc: WizardDocument, user: WizardUser): FieldErrors {
  if (isWithdrawalsDetailDone(user.withdrawals_detail_status)) return {};
  if (doc.banks.length === 0) return { banks: CHECK_MESSAGES.noBanks };
  const errors: Record<string, string> = {};
  doc.banks.forEach((bank, index) => {
    const bankName = validateRequired(bank.bank_name);
    if (bankName) errors[`banks.${index}.bank_name`] = bankName;
    const branchName = validateRequired(bank.branch_name);
    if (branchName) errors[`banks.${index}.branch_name`] = branchName;
    const number = isBlank(bank.bank_account_number) ? MESSAGES.required : validateBankAccountNumber(bank.bank_account_number);
    if (number) errors[`banks.${index}.bank_account_number`] = number;
    const uploaded = uploadedKinds(bank.contentfile_relations);
    for (const kind of requiredAccountActivityFiles(bank.file_format))
      if (!uploaded.has(kind)) errors[bankFilePath(index, kind)] = CHECK_MESSAGES.upload(fileLabel(kind));
  });
  return errors;
}

/**
 * The payout account (振込先口座, shown on the withdrawals detail page whether or not the statements
 * are with us): nothing entered → 振込先口座を入力してください。 on `bank_account` (the server's rule
 * and field); else the spec's bank account draft rules on each field.
 */
export function payoutStepErrors(doc: WizardDocument): FieldErrors {
  if (isPayoutEmpty(doc.payout_account)) return isBlank(doc.bank_account) ? { bank_account: PAYOUT_ACCOUNT_MESSAGES.required } : {};
  return Object.fromEntries(
    Object.entries(payoutFieldErrors(doc.payout_account)).map(([field, message]) => [`payout_account.${field}`, message]),
  );
}

export interface SubmitCheck {
  readonly fieldErrors: FieldErrors;
  /** Problems that are not a field of the wizard (the profile step). */
  readonly formErrors: readonly string[];
}

/** Everything a submit needs, step by step (the server checks it all again). */
export function submitChecks(doc: WizardDocument, user: WizardUser): SubmitCheck {
  return {
    fieldErrors: {
      ...invoiceStepErrors(doc),
      ...financialStepErrors(doc, user),
      ...withdrawalStepErrors(doc, user),
      ...payoutStepErrors(doc),
    },
    formErrors: isAccountStepDone(user) ? [] : [CHECK_MESSAGES.profile],
  };
}

/** The kinds a financial statement type asks for, in order, for the page (sga_expenses included). */
export const financialFileKinds = FINANCIAL_STATEMENT_REQUIRED_FILES;

// ---------------------------------------------------------------------------------------------
// Page order
// ---------------------------------------------------------------------------------------------

const STEP_ORDER: readonly (EntryFormStep | null)[] = [
  'submitInvoices',
  'submitFinancialStatements',
  'submitWithdrawalsDetail',
  'submitProfile',
  null,
];

/** Fields in the order the pages show them (a claim's, a bank's, then the steps' own). */
const FIELD_ORDER: readonly string[] = [
  'obliger_company_name',
  'amount',
  'scheduled_deposit_amount_from_obliger',
  'obliger_payment_date',
  'is_fixed_debt',
  'is_bank_transfer_from_obliger',
  'receive_payment_account',
  'bank_name',
  'branch_name',
  'deposit_type',
  'bank_account_number',
  'obliger_accounts',
  'holder_name',
  'file_format',
  'contentfile_relations',
  'additional_doc',
  'claims',
  'banks',
  'bank_account',
  'payout_account',
  'account_holder_name',
  'purchase_amount_desired',
  'purpose',
  'can_submit_financial_statements',
  'tax_return_submissions',
  'no_sga_expenses',
  'financial_statement_files',
  ...Object.keys(FILE_LABELS),
];

function orderKey(path: string): number[] {
  const key = [STEP_ORDER.indexOf(stepOfPath(path))];
  for (const segment of path.split('.')) {
    if (/^\d+$/.test(segment)) key.push(Number(segment));
    else {
      const rank = FIELD_ORDER.indexOf(segment);
      key.push(rank === -1 ? FIELD_ORDER.length : rank);
    }
  }
  return key;
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? -1) - (b[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Error paths in the order of the pages: steps in order, claims and banks by number, fields as shown. */
export const inPageOrder = (paths: readonly string[]): string[] => [...paths].sort((a, b) => compareKeys(orderKey(a), orderKey(b)));
