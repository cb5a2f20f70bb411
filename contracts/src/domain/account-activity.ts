/**
 * Account activity statements (the bank withdrawals details, 入出金明細) of an entry: which file pair
 * each bank file format requires and when the statements are complete (spec §3, §5).
 */
import { effectiveBankFileFormat, type EffectiveBankFileFormat, type UploadKind } from './statuses';
import { isBlank, validateBankAccountNumber } from './validation';

/** Spec §3 account activity statement item (the four flags say which files are uploaded). */
export interface AccountActivityStatement {
  readonly displayId?: string | number;
  readonly uploadFileKind?: string;
  readonly bankName: string | null | undefined;
  readonly bankAccountNumber: string | null | undefined;
  readonly fileUploaded?: boolean;
  /** passbook, ib or unknown (unknown, missing or unrecognised: passbook). */
  readonly fileFormat: string | null | undefined;
  readonly passbookCoverUploaded: boolean;
  readonly passbookDetailsUploaded: boolean;
  readonly ibInfoUploaded: boolean;
  readonly ibDetailsUploaded: boolean;
}

type UploadedFlag = 'passbookCoverUploaded' | 'passbookDetailsUploaded' | 'ibInfoUploaded' | 'ibDetailsUploaded';

/** The file pair each format requires: passbook → cover + details; ib → info + details. */
export const ACCOUNT_ACTIVITY_REQUIRED_FILES: Readonly<Record<EffectiveBankFileFormat, readonly [UploadKind, UploadKind]>> = {
  passbook: ['passbook_cover', 'passbook_details'],
  ib: ['ib_info', 'ib_details'],
};

const FLAGS: Readonly<Record<EffectiveBankFileFormat, readonly [UploadedFlag, UploadedFlag]>> = {
  passbook: ['passbookCoverUploaded', 'passbookDetailsUploaded'],
  ib: ['ibInfoUploaded', 'ibDetailsUploaded'],
};

/** The upload kinds a statement of `fileFormat` requires (unknown is treated as passbook). */
export const requiredAccountActivityFiles = (fileFormat: unknown): readonly [UploadKind, UploadKind] =>
  ACCOUNT_ACTIVITY_REQUIRED_FILES[effectiveBankFileFormat(fileFormat)];

/**
 * One statement is complete when it has a bank name (not blank) and a bank account number of
 * exactly 7 half-width digits — the §5 field rules of ./validation — and both files its format requires.
 */
export function isAccountActivityStatementComplete(statement: AccountActivityStatement): boolean {
  const [first, second] = FLAGS[effectiveBankFileFormat(statement.fileFormat)];
  return (
    !isBlank(statement.bankName) &&
    validateBankAccountNumber(statement.bankAccountNumber) === undefined &&
    statement[first] &&
    statement[second]
  );
}

/**
 * Account activity statements complete (spec §5): at least one statement, and each statement complete.
 * An empty list is not complete: the step asks for at least one bank.
 */
export const areAccountActivityStatementsComplete = (statements: readonly AccountActivityStatement[]): boolean =>
  statements.length > 0 && statements.every(isAccountActivityStatementComplete);
