import type { ContentFile, DraftBankDocument, DraftClaimDocument, DraftEntryDocument, Upload } from '@app/contracts';
import { apiUploadKind, isUploadKind, type UploadKind } from '@app/contracts/domain';

/**
 * The wizard's document: the server-side draft (`DraftEntryDocumentSchema`) as the form holds it,
 * and the small pure helpers around it — empty claims and banks, their keys, the files of an
 * upload key, comparing two documents, reading a value by its dotted path.
 */
export type WizardDocument = DraftEntryDocument;
export type WizardClaim = DraftClaimDocument;
export type WizardBank = DraftBankDocument;

export const emptyDocument = (): WizardDocument => ({
  purchase_amount_desired: null,
  purpose: null,
  claims: [],
  bank_account: null,
  payout_account: null,
  banks: [],
  can_submit_financial_statements: null,
  tax_return_submissions: null,
  no_sga_expenses: null,
  financial_statement_files: [],
});

const emptyAccount = () => ({ bank_name: '', deposit_type: null, bank_account_number: '', obliger_accounts: [{ holder_name: '' }] });

export const newClaim = (key: string): WizardClaim => ({
  key,
  obliger_company_name: '',
  houjinbangou: null,
  houjinbangou_address: null,
  amount: null,
  scheduled_deposit_amount_from_obliger: null,
  obliger_payment_date: null,
  is_fixed_debt: false,
  is_bank_transfer_from_obliger: false,
  receive_payment_account: emptyAccount(),
  contentfile_relations: [],
});

export const newBank = (key: string): WizardBank => ({
  key,
  bank_name: '',
  branch_name: '',
  bank_account_number: '',
  file_format: 'passbook',
  contentfile_relations: [],
});

/**
 * The key for a new claim or bank: one more than any key the draft holds or this tab has handed
 * out (`floor`), so a key is unique in the draft and not handed out twice while the page is open
 * (upload keys `invoice-{key}` name it).
 */
export function nextKey(doc: Pick<WizardDocument, 'claims' | 'banks'>, floor = 0): string {
  const keys = [...doc.claims, ...doc.banks].map((item) => Number(item.key));
  return String(Math.max(floor, 0, ...keys) + 1);
}

/**
 * The document with the structure the form edits filled in: every claim has a payment account
 * with at least one payer name row. Values are never changed, only missing containers added.
 */
export function withDefaults(doc: WizardDocument): WizardDocument {
  return {
    ...emptyDocument(),
    ...doc,
    claims: doc.claims.map((claim) => {
      const account = { ...emptyAccount(), ...(claim.receive_payment_account ?? {}) };
      const payers = account.obliger_accounts ?? [];
      return { ...claim, receive_payment_account: { ...account, obliger_accounts: payers.length > 0 ? payers : [{ holder_name: '' }] } };
    }),
  };
}

/** How a claim's payment account keeps bank and branch in its one `bank_name` (the contract has no branch field). */
export const BANK_BRANCH_SEPARATOR = '\u3000';

/** 「みずほ」 U+3000 「渋谷」 → bank 「みずほ」, branch 「渋谷」 (no separator: all of it is the bank). */
export function splitBankName(text: string | null | undefined): { bank: string; branch: string } {
  const value = text ?? '';
  const at = value.indexOf(BANK_BRANCH_SEPARATOR);
  return at === -1 ? { bank: value, branch: '' } : { bank: value.slice(0, at), branch: value.slice(at + 1) };
}

export const joinBankName = (bank: string, branch: string): string => (branch === '' ? bank : `${bank}${BANK_BRANCH_SEPARATOR}${branch}`);

// ---------------------------------------------------------------------------------------------
// Comparing and reading
// ---------------------------------------------------------------------------------------------

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** JSON with object keys sorted: two documents with the same content give the same text. */
export const stableJson = (value: unknown): string => JSON.stringify(sortKeys(value)) ?? '';

/** The value at a dotted path (`claims.0.amount`), or undefined. */
export function valueAt(root: unknown, path: string): unknown {
  let node = root;
  for (const segment of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/**
 * Errors whose value changed between two documents are dropped (the applicant is fixing them);
 * the others stay. A path with no value in either document (a file list, a whole step) is kept.
 */
export function errorsAfterEdit(errors: Readonly<Record<string, string>>, before: unknown, after: unknown): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (stableJson(valueAt(before, path)) === stableJson(valueAt(after, path))) kept[path] = message;
  }
  return kept;
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

/** The relation the draft keeps for an uploaded file: its id, the upload key, and what is shown. */
export const contentFileOf = (upload: Upload, key: string): ContentFile => ({
  id: upload.id,
  kind: key,
  name: upload.name,
  content_type: upload.content_type,
  size: upload.size,
  created_at: upload.created_at,
});

/** The files of one upload key. */
export const filesOfKey = (relations: readonly ContentFile[], key: string): ContentFile[] => relations.filter((file) => file.kind === key);

/** The relations with the files of `key` replaced by `uploads` (after an upload or a delete). */
export const replaceFilesOfKey = (relations: readonly ContentFile[], key: string, uploads: readonly Upload[]): ContentFile[] => [
  ...relations.filter((file) => file.kind !== key),
  ...uploads.map((upload) => contentFileOf(upload, key)),
];

/**
 * The document without the file relations whose upload the applicant no longer has (`existing`:
 * the ids of `GET /api/uploads/`) — a file deleted from another tab or device, which every later
 * save and submit would be refused for (「ファイル "12" が見つかりません。」).
 */
export function withoutMissingFiles(doc: WizardDocument, existing: ReadonlySet<number>): WizardDocument {
  const kept = (files: readonly ContentFile[]) => files.filter((file) => existing.has(file.id));
  return {
    ...doc,
    claims: doc.claims.map((claim) => ({ ...claim, contentfile_relations: kept(claim.contentfile_relations) })),
    banks: doc.banks.map((bank) => ({ ...bank, contentfile_relations: kept(bank.contentfile_relations) })),
    financial_statement_files: kept(doc.financial_statement_files),
  };
}

/** Whether an error path is one of the document's file lists (a claim's, a bank's, the financial statements'). */
export const isFileListPath = (path: string): boolean =>
  path.startsWith('financial_statement_files') || /^(claims|banks)\.\d+\.contentfile_relations/.test(path);

/**
 * The upload as the upload field shows it: the server's answer when known (`GET /api/uploads/`),
 * else rebuilt from what the draft kept.
 */
export function uploadOf(file: ContentFile, known: ReadonlyMap<number, Upload>): Upload {
  const upload = known.get(file.id);
  if (upload !== undefined) return upload;
  const kind = apiUploadKind(file.kind);
  const size = typeof file.size === 'number' && file.size > 0 ? file.size : 1;
  return {
    id: file.id,
    kind: (isUploadKind(kind) ? kind : 'invoice') satisfies UploadKind,
    side: null,
    name: file.name ?? `ファイル ${file.id}`,
    content_type: file.content_type ?? 'application/octet-stream',
    size,
    active: false,
    created_at: typeof file.created_at === 'string' ? file.created_at : '1970-01-01T00:00:00Z',
  };
}

/** Lists compared as a whole (a file list changed, not "its 2nd item's id"). */
const WHOLE_VALUES = new Set(['contentfile_relations', 'financial_statement_files', 'obliger_accounts']);

function leaves(value: unknown, path: string, into: Map<string, string>): void {
  const last = path.split('.').at(-1) ?? '';
  if (typeof value === 'object' && value !== null && !WHOLE_VALUES.has(last)) {
    for (const [key, child] of Object.entries(value)) leaves(child, path === '' ? key : `${path}.${key}`, into);
    return;
  }
  const blank = value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  if (!blank && last !== 'key') into.set(path, stableJson(value));
}

/** A claim or bank only one of the documents has: the whole item (`claims.1`). */
const itemOf = (path: string, a: WizardDocument, b: WizardDocument): string => {
  const [head, index] = path.split('.');
  if ((head === 'claims' || head === 'banks') && index !== undefined) {
    const at = Number(index);
    if (at >= Math.min(a[head].length, b[head].length)) return `${head}.${index}`;
  }
  return path;
};

/**
 * The field paths whose values differ between two documents (blank values are equal: null, '' and
 * a missing key), file lists and payer names as a whole, a claim or bank that only one has as
 * `claims.{i}` / `banks.{i}`: what another tab changed.
 */
export function changedPaths(a: WizardDocument, b: WizardDocument): string[] {
  const x = new Map<string, string>();
  const y = new Map<string, string>();
  leaves(a, '', x);
  leaves(b, '', y);
  const differing = [...new Set([...x.keys(), ...y.keys()])].filter((path) => x.get(path) !== y.get(path));
  return [...new Set(differing.map((path) => itemOf(path, a, b)))];
}
