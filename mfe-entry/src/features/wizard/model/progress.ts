import {
  areAccountActivityStatementsComplete,
  entryStepPath,
  entryStepsDone,
  financialStatementTypeOf,
  firstIncompleteStep,
  invoiceRequirements,
  isAccountActivityStatementComplete,
  isAccountStepDone,
  isFinancialStatementsComplete,
  uploadedKinds,
  type AccountActivityStatement,
  type EntryStep,
  type EntryStepsDone,
  type FinancialStatementType,
  type IdentityState,
  type InvoiceRequirementsResult,
} from '@app/contracts/domain';
import type { WizardBank, WizardDocument } from './document';

/**
 * Where the applicant stands in the wizard, from the draft and the current user only — every rule
 * is the domain's (spec §4 steps, §5 completeness).
 */
export interface WizardProgress {
  readonly done: EntryStepsDone;
  readonly first: EntryStep;
  readonly invoice: InvoiceRequirementsResult;
  readonly financialStatementType: FinancialStatementType | null;
  readonly statements: readonly AccountActivityStatement[];
}

/** What the wizard reads from the current user (`identityStateOf(me, today)` and me). */
export type WizardUser = Pick<
  IdentityState,
  | 'userStatus'
  | 'hasSatisfiedProfile'
  | 'identity_confirmation'
  | 'isIdentityExpired'
  | 'financial_statements_status'
  | 'withdrawals_detail_status'
  | 'isIndividual'
>;

/** The spec §3 account activity statement item of one bank of the draft. */
export function statementOf(bank: WizardBank): AccountActivityStatement {
  const kinds = uploadedKinds(bank.contentfile_relations);
  return {
    displayId: bank.key,
    uploadFileKind: `withdrawals_detail-${bank.key}`,
    bankName: bank.bank_name,
    bankAccountNumber: bank.bank_account_number,
    fileFormat: bank.file_format,
    fileUploaded: bank.contentfile_relations.length > 0,
    passbookCoverUploaded: kinds.has('passbook_cover'),
    passbookDetailsUploaded: kinds.has('passbook_details'),
    ibInfoUploaded: kinds.has('ib_info'),
    ibDetailsUploaded: kinds.has('ib_details'),
  };
}

export const isBankComplete = (bank: WizardBank): boolean => isAccountActivityStatementComplete(statementOf(bank));

export function financialTypeOf(doc: WizardDocument, user: Pick<WizardUser, 'isIndividual'>): FinancialStatementType | null {
  return financialStatementTypeOf({
    corporateDivision: user.isIndividual ? 'individual' : 'corporate',
    canSubmit: doc.can_submit_financial_statements,
    taxReturnMethod: doc.tax_return_submissions ?? null,
  });
}

export function wizardProgress(doc: WizardDocument, user: WizardUser): WizardProgress {
  const invoice = invoiceRequirements(
    doc,
    doc.claims.flatMap((claim) => claim.contentfile_relations),
  );
  const type = financialTypeOf(doc, user);
  const statements = doc.banks.map(statementOf);
  const done = entryStepsDone({
    invoiceRequirementsComplete: invoice.complete,
    financialStatementsComplete: isFinancialStatementsComplete(type, doc.financial_statement_files, { noSgaExpenses: doc.no_sga_expenses }),
    financialStatementsStatus: user.financial_statements_status,
    accountActivityStatementsComplete: areAccountActivityStatementsComplete(statements),
    withdrawalsDetailStatus: user.withdrawals_detail_status,
    accountStepDone: isAccountStepDone(user),
  });
  return { done, first: firstIncompleteStep(done), invoice, financialStatementType: type, statements };
}

/** The path of the first incomplete step, without the trailing slash of the domain's step paths (`/entry/entry_invoice`). */
export const firstIncompleteStepPath = (progress: Pick<WizardProgress, 'first'>): string =>
  entryStepPath(progress.first).replace(/(.)\/$/, '$1');
