import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { getTableColumns } from 'drizzle-orm';
import { SECTORS } from '@app/contracts/domain';
import { MeSchema, ProfilePatchFieldsSchema, ProfileSchema, StaffApplicantSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { users, type User } from '../db/schema';
import { PROFILE_COLUMNS, PROFILE_CONTACT_FIELDS, profileValuesOf, type ProfileColumnField } from './profile-columns';
import { PROFILE_STORED_FIELDS, toMe, toProfile } from './users';

/**
 * The profile's one row ↔ contract table (issue 24) held to the drizzle schema and the zod
 * contracts: a profile field added, renamed or dropped in one of them and not in the table fails here.
 */
const columns = getTableColumns(users);
const table = Object.entries(PROFILE_COLUMNS) as [ProfileColumnField, keyof User][];
const keys = (schema: { shape: object }) => Object.keys(schema.shape);

/** Profile fields the contract computes rather than reads from a column of their name. */
const COMPUTED = ['identity_confirmation', 'addfiles', 'has_usable_password'];

describe('PROFILE_COLUMNS: one table, true to the schema and the contract', () => {
  it('each field is the SQL name of its drizzle column', () => {
    for (const [field, column] of table) expect(columns[column].name, column).toBe(field);
  });

  it('each field is a field of the profile contract, and every profile field is in the table or computed', () => {
    expect(keys(ProfileSchema).filter((field) => !(field in PROFILE_COLUMNS) && !COMPUTED.includes(field))).toEqual([]);
    expect(table.map(([field]) => field).filter((field) => !keys(ProfileSchema).includes(field))).toEqual([]);
  });

  it('every field a PATCH takes (but the files) has its column', () => {
    expect(keys(ProfilePatchFieldsSchema).filter((field) => field !== 'addfiles' && !(field in PROFILE_COLUMNS))).toEqual([]);
  });

  it('the reviewer’s view of the applicant names the contact fields as the profile does', () => {
    expect(keys(StaffApplicantSchema)).toEqual(expect.arrayContaining([...PROFILE_CONTACT_FIELDS]));
  });
});

/** A row whose every profile column holds a value of its own, so a swapped pair shows. */
function distinctRow(): User {
  const row: Record<string, unknown> = {
    passwordHash: null,
    identityConfirmation: 4,
    version: 3,
    createdAt: new Date('2026-04-01T00:00:00Z'),
    updatedAt: new Date('2026-04-01T00:00:00Z'),
    lastLogin: null,
    visitedAtEntryPageAfterMailVerification: null,
  };
  for (const [field, column] of table) {
    const sample = columns[column].getSQLType();
    row[column] = sample === 'boolean' ? field.length % 2 === 0 : sample === 'integer' ? field.length : `値:${field}`;
  }
  row.corporateDivision = 'corporate';
  row.email = 'taro@example.jp';
  row.sector = SECTORS[1];
  row.identityDocumentType = 'passport';
  return row as User;
}

describe('row → contract through the table', () => {
  it('toProfile answers every stored field with its own column', () => {
    const row = distinctRow();
    const profile = toProfile(row, []);
    for (const field of PROFILE_STORED_FIELDS) expect(profile[field], field).toBe(row[PROFILE_COLUMNS[field]]);
    expect(profile).toMatchObject({ sector: SECTORS[1], identity_document_type: 'passport', has_usable_password: false, version: 3 });
    expect(ProfileSchema.safeParse(profile).error).toBeUndefined();
  });

  it('toMe answers the profile fields it carries with their own columns', () => {
    const row = distinctRow();
    const me = toMe(row, []) as unknown as Record<string, unknown>;
    const carried = keys(MeSchema).filter((field): field is ProfileColumnField => field in PROFILE_COLUMNS);
    expect(carried.length).toBeGreaterThan(5);
    for (const field of carried) expect(me[field], field).toBe(row[PROFILE_COLUMNS[field]]);
  });

  it('profileValuesOf names the values of the fields asked for, no others', () => {
    expect(profileValuesOf(distinctRow(), ['first_name', 'owner_city'])).toEqual({
      first_name: '値:first_name',
      owner_city: '値:owner_city',
    });
  });
});

/** An entry's own `bank_account` column (the payout account it was made with), not the profile's. */
const ENTRY_OWN = /^src\/modules\/entries\/[\w/-]+\.ts: +bank_account: (entry|row)\.bankAccount,$/;

describe('the mapping is written once', () => {
  it('no other source of the API maps a profile field by hand (`first_name: user.firstName`)', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const files = execFileSync('git', ['ls-files', 'src/*.ts'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(
        (file) => file !== '' && !file.endsWith('.test.ts') && !file.startsWith('src/test/') && !file.endsWith('/profile-columns.ts'),
      );
    const byHand = new RegExp(
      `\\b(${table
        .filter(([field, column]) => field !== column)
        .map(([field, column]) => `${field}:\\s*[\\w?.]+\\.${column}\\b`)
        .join('|')})`,
    );
    const found = files.flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (byHand.test(line) && !ENTRY_OWN.test(`${file}: ${line}`) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
