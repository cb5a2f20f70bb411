import { describe, expect, test } from 'vitest';
import {
  ACCOUNT_ACTIVITY_REQUIRED_FILES,
  areAccountActivityStatementsComplete,
  isAccountActivityStatementComplete,
  requiredAccountActivityFiles,
  type AccountActivityStatement,
} from './account-activity';

const passbook: AccountActivityStatement = {
  displayId: 'a',
  uploadFileKind: 'withdrawals_detail-0',
  bankName: 'みずほ銀行',
  bankAccountNumber: '1234567',
  fileUploaded: true,
  fileFormat: 'passbook',
  passbookCoverUploaded: true,
  passbookDetailsUploaded: true,
  ibInfoUploaded: false,
  ibDetailsUploaded: false,
};
const ib: AccountActivityStatement = {
  ...passbook,
  fileFormat: 'ib',
  passbookCoverUploaded: false,
  passbookDetailsUploaded: false,
  ibInfoUploaded: true,
  ibDetailsUploaded: true,
};

describe('required file pair per format (unknown is treated as passbook)', () => {
  test.each([
    ['passbook', ['passbook_cover', 'passbook_details']],
    ['ib', ['ib_info', 'ib_details']],
    ['unknown', ['passbook_cover', 'passbook_details']],
    [null, ['passbook_cover', 'passbook_details']],
  ])('%j → %j', (format, files) => {
    expect(requiredAccountActivityFiles(format)).toEqual(files);
  });
  test('table', () => expect(Object.keys(ACCOUNT_ACTIVITY_REQUIRED_FILES)).toEqual(['passbook', 'ib']));
});

describe('one statement complete (spec §5)', () => {
  test.each<[string, AccountActivityStatement, boolean]>([
    ['passbook with cover and details', passbook, true],
    ['ib with info and details', ib, true],
    ['unknown format with the passbook pair', { ...passbook, fileFormat: 'unknown' }, true],
    ['missing format with the passbook pair', { ...passbook, fileFormat: null }, true],
    ['unknown format with only the ib pair', { ...ib, fileFormat: 'unknown' }, false],
    ['passbook without cover', { ...passbook, passbookCoverUploaded: false }, false],
    ['passbook without details', { ...passbook, passbookDetailsUploaded: false }, false],
    ['passbook with the ib pair only', { ...ib, fileFormat: 'passbook' }, false],
    ['ib without info', { ...ib, ibInfoUploaded: false }, false],
    ['ib without details', { ...ib, ibDetailsUploaded: false }, false],
    ['ib with the passbook pair only', { ...passbook, fileFormat: 'ib' }, false],
    ['no bank name', { ...passbook, bankName: '' }, false],
    ['a bank name of spaces', { ...passbook, bankName: ' 　' }, false],
    ['bank name null', { ...passbook, bankName: null }, false],
    ['bank name undefined', { ...passbook, bankName: undefined }, false],
    ['6 digits', { ...passbook, bankAccountNumber: '123456' }, false],
    ['8 digits', { ...passbook, bankAccountNumber: '12345678' }, false],
    ['7 digits with leading zeros', { ...passbook, bankAccountNumber: '0000001' }, true],
    ['full-width digits', { ...passbook, bankAccountNumber: '１２３４５６７' }, false],
    ['a letter', { ...passbook, bankAccountNumber: '123456a' }, false],
    ['a hyphen', { ...passbook, bankAccountNumber: '123-4567' }, false],
    ['surrounding space', { ...passbook, bankAccountNumber: ' 1234567' }, false],
    ['a trailing newline', { ...passbook, bankAccountNumber: '1234567\n' }, false],
    ['number null', { ...passbook, bankAccountNumber: null }, false],
    ['number undefined', { ...passbook, bankAccountNumber: undefined }, false],
  ])('%s → %s', (_name, statement, complete) => {
    expect(isAccountActivityStatementComplete(statement)).toBe(complete);
  });
});

describe('account activity statements complete (spec §5)', () => {
  test.each<[string, AccountActivityStatement[], boolean]>([
    ['one complete', [passbook], true],
    ['two complete', [passbook, ib], true],
    ['one of two incomplete', [passbook, { ...ib, bankName: '' }], false],
    ['first of two incomplete', [{ ...ib, bankName: '' }, passbook], false],
    ['none', [], false],
  ])('%s → %s', (_name, statements, complete) => {
    expect(areAccountActivityStatementsComplete(statements)).toBe(complete);
  });
});
