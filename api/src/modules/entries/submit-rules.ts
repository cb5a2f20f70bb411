import { type EntryCreateRequest } from '@app/contracts';
import {
  financialStatementTypeOf,
  invoiceRequirements,
  isAccountActivityStatementComplete,
  isFinancialStatementsComplete,
  isFinancialStatementsDone,
  isWithdrawalsDetailDone,
  normalizeAccountHolderName,
  normalizeBankAccountNumber,
  parseYen,
  requiredAccountActivityFiles,
  requiredFinancialStatementFiles,
  uploadedKinds,
  validateBankAccountNumber,
  validateRequired,
  type AccountActivityStatement,
  type InvoiceRequirement,
} from '@app/contracts/domain';
import type { User } from '../../db/schema';
import type { ResolvedFile } from './files';
import { DUE_DATE_MAX_YEARS, ENTRY_MESSAGES } from './messages';

// ---------------------------------------------------------------------------------------------
// The submit rules only the server can check
// ---------------------------------------------------------------------------------------------

/**
 * What the applicant typed, made the way banks expect before anything is validated, as the page
 * does it (kana.ts): payer holder names (width, kana, symbols, spaces) and account numbers
 * (full-width digits). Works on the raw JSON body (`preValidation`), so what the page accepts the
 * server accepts; anything that is not where a name or number should be is left as it is.
 */
export function normalizeEntryBody(body: unknown): void {
  const objects = (value: unknown): Record<string, unknown>[] =>
    Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];
  const normalize = (object: Record<string, unknown>, field: string, how: (text: string) => { value: string }) => {
    const value = object[field];
    if (typeof value === 'string') object[field] = how(value).value;
  };
  if (typeof body !== 'object' || body === null) return;
  const document = body as Record<string, unknown>;
  for (const claim of objects(document.claims)) {
    const account = claim.receive_payment_account;
    if (typeof account !== 'object' || account === null) continue;
    const receive = account as Record<string, unknown>;
    normalize(receive, 'bank_account_number', normalizeBankAccountNumber);
    for (const payer of objects(receive.obliger_accounts)) normalize(payer, 'holder_name', normalizeAccountHolderName);
  }
  for (const bank of objects(document.banks)) normalize(bank, 'bank_account_number', normalizeBankAccountNumber);
}

export type Errors = Record<string, string[]>;
export const add = (errors: Errors, field: string, message: string): void => {
  const messages = (errors[field] ??= []);
  if (!messages.includes(message)) messages.push(message);
};

export const isPositiveYen = (value: string | null | undefined): boolean => parseYen(value)?.gt(0) ?? false;

/**
 * §5 invoice requirements (`invoiceRequirements` of the domain) by field: the desired amount against
 * the claims' total, each claim's confirmations, amounts above 0 and payer accounts, and at least
 * one invoice file. The fields the schema already checked (required fields, bank details, holder
 * names) never reach here unmet.
 */
export function invoiceErrors(document: EntryCreateRequest, claimFiles: readonly ResolvedFile[][], errors: Errors): boolean {
  const whole = invoiceRequirements(document, claimFiles.flat());
  const entryLevel: Partial<Record<InvoiceRequirement, [string, string]>> = {
    purchaseAmountDesired: ['purchase_amount_desired', ENTRY_MESSAGES.purchaseAmountDesired],
    invoiceFile: ['claims.0.contentfile_relations', ENTRY_MESSAGES.invoiceFile],
  };
  for (const requirement of whole.missing) {
    const error = entryLevel[requirement];
    if (error !== undefined) add(errors, ...error);
  }
  document.claims.forEach((claim, index) => {
    const path = `claims.${index}`;
    for (const requirement of invoiceRequirements({ ...document, claims: [claim] }, []).missing) {
      if (requirement === 'fixedDebt') add(errors, `${path}.is_fixed_debt`, ENTRY_MESSAGES.fixedDebt);
      if (requirement === 'bankTransfer') add(errors, `${path}.is_bank_transfer_from_obliger`, ENTRY_MESSAGES.bankTransfer);
      if (requirement === 'holderNames') add(errors, `${path}.receive_payment_account.obliger_accounts`, ENTRY_MESSAGES.obligerAccounts);
      if (requirement === 'amounts') {
        for (const field of ['amount', 'scheduled_deposit_amount_from_obliger'] as const) {
          if (!isPositiveYen(claim[field])) add(errors, `${path}.${field}`, ENTRY_MESSAGES.positiveAmount);
        }
      }
    }
  });
  return whole.complete;
}

/**
 * The due dates (入金予定日) at submission (issue 23): not before today in Japan, and not more than
 * `DUE_DATE_MAX_YEARS` ahead — a claim further out is no invoice to buy now. A draft may hold any
 * real date; the window is checked when the entry is made.
 */
export function dueDateErrors(document: EntryCreateRequest, today: string, errors: Errors): void {
  const latest = `${Number(today.slice(0, 4)) + DUE_DATE_MAX_YEARS}${today.slice(4)}`;
  document.claims.forEach((claim, index) => {
    const date = claim.obliger_payment_date;
    if (date == null || date === '') return;
    if (date < today) add(errors, `claims.${index}.obliger_payment_date`, ENTRY_MESSAGES.dueDatePast);
    else if (date > latest) add(errors, `claims.${index}.obliger_payment_date`, ENTRY_MESSAGES.dueDateTooFar);
  });
}

/** §4/§5 financial statements: the type chosen and its files complete, unless already submitted (confirming or confirmed). */
export function financialErrors(document: EntryCreateRequest, user: User, files: readonly ResolvedFile[], errors: Errors): boolean {
  if (isFinancialStatementsDone(user.financialStatementsStatus)) return true;
  const type = financialStatementTypeOf({
    corporateDivision: user.corporateDivision,
    canSubmit: document.can_submit_financial_statements,
    taxReturnMethod: document.tax_return_submissions,
  });
  if (type === null) {
    if (document.can_submit_financial_statements == null) add(errors, 'can_submit_financial_statements', ENTRY_MESSAGES.financialChoice);
    else add(errors, 'tax_return_submissions', ENTRY_MESSAGES.taxReturnMethod);
    return false;
  }
  const options = { noSgaExpenses: document.no_sga_expenses };
  if (isFinancialStatementsComplete(type, files, options)) return true;
  const uploaded = uploadedKinds(files);
  const missing = requiredFinancialStatementFiles(type, options).filter((kind) => !uploaded.has(kind));
  add(errors, 'financial_statement_files', ENTRY_MESSAGES.missingFiles(missing));
  return false;
}

/** A bank of the draft as the domain's account activity statement item (spec §3). */
export function statementOf(bank: EntryCreateRequest['banks'][number], files: readonly ResolvedFile[]): AccountActivityStatement {
  const kinds = uploadedKinds(files);
  return {
    bankName: bank.bank_name,
    bankAccountNumber: bank.bank_account_number,
    fileFormat: bank.file_format,
    passbookCoverUploaded: kinds.has('passbook_cover'),
    passbookDetailsUploaded: kinds.has('passbook_details'),
    ibInfoUploaded: kinds.has('ib_info'),
    ibDetailsUploaded: kinds.has('ib_details'),
  };
}

/** §5 account activity statements: at least one bank, each complete, unless already submitted (confirming or confirmed). */
export function withdrawalErrors(document: EntryCreateRequest, user: User, bankFiles: readonly ResolvedFile[][], errors: Errors): boolean {
  if (isWithdrawalsDetailDone(user.withdrawalsDetailStatus)) return true;
  if (document.banks.length === 0) {
    add(errors, 'banks', ENTRY_MESSAGES.noBanks);
    return false;
  }
  let complete = true;
  document.banks.forEach((bank, index) => {
    const files = bankFiles[index] ?? [];
    if (isAccountActivityStatementComplete(statementOf(bank, files))) return;
    complete = false;
    const path = `banks.${index}`;
    const required = validateRequired(bank.bank_name);
    if (required !== undefined) add(errors, `${path}.bank_name`, required);
    const number = validateBankAccountNumber(bank.bank_account_number);
    if (number !== undefined) add(errors, `${path}.bank_account_number`, number);
    const uploaded = uploadedKinds(files);
    const missing = requiredAccountActivityFiles(bank.file_format).filter((kind) => !uploaded.has(kind));
    if (missing.length > 0) add(errors, `${path}.contentfile_relations`, ENTRY_MESSAGES.missingFiles(missing));
  });
  return complete;
}
