/**
 * Financial statements (決算書) step: which type of document the applicant submits (spec §4) and which
 * files each type requires before the step is complete (spec §5).
 */
import { isIndividual } from './identity';
import { apiUploadKind, type FinancialStatementType, type UploadKind } from './statuses';

/** How an individual filed the tax return: electronically (e-Tax) or on paper. */
export const TAX_RETURN_METHODS = ['eTax', 'document'] as const;
export type TaxReturnMethod = (typeof TAX_RETURN_METHODS)[number];

export interface FinancialStatementChoice {
  /** The user's corporate_division; `none` or missing counts as corporate (spec §1). */
  readonly corporateDivision: string | null | undefined;
  /** Can the applicant submit financial statements (or tax returns)? null/undefined: not answered yet. */
  readonly canSubmit: boolean | null | undefined;
  /** Individuals who can submit: how the tax return was filed. */
  readonly taxReturnMethod?: TaxReturnMethod | null;
}

/**
 * The financial statement type of the applicant's choice (spec §4):
 * corporate yes → financialStatements; corporate no → trialBalance;
 * individual yes → declarationETax or declarationDocument (by tax return method); individual no → businessOpening.
 * Null while a needed answer is missing (can-submit, or an individual's tax return method).
 */
export function financialStatementTypeOf(choice: FinancialStatementChoice): FinancialStatementType | null {
  if (choice.canSubmit == null) return null;
  if (!isIndividual(choice.corporateDivision)) return choice.canSubmit ? 'financialStatements' : 'trialBalance';
  if (!choice.canSubmit) return 'businessOpening';
  if (choice.taxReturnMethod === 'eTax') return 'declarationETax';
  if (choice.taxReturnMethod === 'document') return 'declarationDocument';
  return null;
}

/** The upload kinds each type requires, sga_expenses included (spec §5). */
export const FINANCIAL_STATEMENT_REQUIRED_FILES: Readonly<Record<FinancialStatementType, readonly UploadKind[]>> = {
  financialStatements: ['pl', 'bs', 'breakdown_statement', 'sga_expenses'],
  trialBalance: ['tb_pl', 'tb_bs'],
  declarationETax: ['tax_returns'],
  declarationDocument: ['tax_returns'],
  businessOpening: ['business_opening'],
};

export interface FinancialStatementOptions {
  /** The applicant has no separate statement of SG&A expenses (販売費及び一般管理費内訳書). */
  readonly noSgaExpenses?: boolean | null;
}

/** The upload kinds `type` requires; sga_expenses is dropped under the no-SG&A flag (spec §5). */
export function requiredFinancialStatementFiles(
  type: FinancialStatementType,
  options: FinancialStatementOptions = {},
): readonly UploadKind[] {
  const files = FINANCIAL_STATEMENT_REQUIRED_FILES[type];
  return options.noSgaExpenses === true ? files.filter((kind) => kind !== 'sga_expenses') : files;
}

/** An upload as the upload state holds it. */
export interface UploadedFileLike {
  /** Upload key or kind (`pl`, `invoice-3`). */
  readonly kind: string;
  /** Server id; null or missing while uploading. */
  readonly id?: number | string | null;
  readonly error?: boolean | null;
}

/** A file counts as uploaded when the server has it (an id) and it did not fail. */
export const isSuccessfullyUploaded = (file: UploadedFileLike): boolean => file.id != null && file.error !== true;

/** The kinds (before the dash) of the successfully uploaded files. */
export const uploadedKinds = (files: readonly UploadedFileLike[]): ReadonlySet<string> =>
  new Set(files.filter(isSuccessfullyUploaded).map((file) => apiUploadKind(file.kind)));

/**
 * Financial statements complete (spec §5): a type is chosen and every file it requires has at least
 * one successful upload.
 */
export function isFinancialStatementsComplete(
  type: FinancialStatementType | null,
  files: readonly UploadedFileLike[],
  options: FinancialStatementOptions = {},
): boolean {
  if (type === null) return false;
  const uploaded = uploadedKinds(files);
  return requiredFinancialStatementFiles(type, options).every((kind) => uploaded.has(kind));
}
