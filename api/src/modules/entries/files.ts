import { and, eq, inArray } from 'drizzle-orm';
import type { ContentFile, DraftEntryDocument } from '@app/contracts';
import {
  ACCOUNT_ACTIVITY_REQUIRED_FILES,
  FINANCIAL_STATEMENT_REQUIRED_FILES,
  formatUploadKey,
  isSuffixedUploadKind,
  isUploadKind,
  type UploadKind,
} from '@app/contracts/domain';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import type { Db } from '../../context';
import { entryFiles, uploads } from '../../db/schema';
import type { DrfErrors } from '../../http/errors';
import { ENTRY_MESSAGES } from './messages';

/**
 * The files of a draft (or of the entry made from it): where each list sits in the document, which
 * upload kinds it takes, and the checks every save and submit applies — each id names an upload of
 * the applicant's own (anyone else's is "not found", like a missing one), of a kind that list takes,
 * not already submitted with an entry, and used once in the document. What the client said about a
 * file (name, kind, type) is never kept: the relation is rebuilt from the upload's row.
 */

/** A claim's files: its invoices and additional documents (`invoice-{key}`, `additional_doc-{key}`). */
export const CLAIM_FILE_KINDS: ReadonlySet<UploadKind> = new Set(['invoice', 'additional_doc']);
/** A bank's withdrawals-detail files: the pair its format requires (account-activity.ts), or a plain statement. */
export const BANK_FILE_KINDS: ReadonlySet<UploadKind> = new Set([
  'withdrawals_detail',
  ...Object.values(ACCOUNT_ACTIVITY_REQUIRED_FILES).flat(),
]);
/** The financial statement files of every type (financial-statements.ts), and the generic 決算書. */
export const FINANCIAL_FILE_KINDS: ReadonlySet<UploadKind> = new Set([
  'financial_statements',
  ...Object.values(FINANCIAL_STATEMENT_REQUIRED_FILES).flat(),
]);

/** One list of file relations in the document. */
export interface FileList {
  /** The field path errors are reported under (`claims.0.contentfile_relations`). */
  readonly path: string;
  readonly files: readonly ContentFile[];
  readonly kinds: ReadonlySet<UploadKind>;
  /** The key of the claim or bank, which suffixed kinds carry (`invoice-{key}`); null for the entry's own files. */
  readonly key: string | null;
}

/** Every file list of a document, in document order. */
export function fileListsOf(document: DraftEntryDocument): FileList[] {
  return [
    ...document.claims.map((claim, index) => ({
      path: `claims.${index}.contentfile_relations`,
      files: claim.contentfile_relations,
      kinds: CLAIM_FILE_KINDS,
      key: claim.key,
    })),
    ...document.banks.map((bank, index) => ({
      path: `banks.${index}.contentfile_relations`,
      files: bank.contentfile_relations,
      kinds: BANK_FILE_KINDS,
      key: bank.key,
    })),
    { path: 'financial_statement_files', files: document.financial_statement_files, kinds: FINANCIAL_FILE_KINDS, key: null },
  ];
}

/**
 * A file relation as stored and answered: id, upload key, and from the upload's row its name, type,
 * size and time (as `GET /api/uploads/` words them, so the page can show the file from the draft alone).
 */
export type ResolvedFile = {
  readonly id: number;
  /** The upload key: the kind, with the claim's or bank's key for suffixed kinds (`invoice-3`). */
  readonly kind: string;
  readonly name: string;
  readonly content_type: string;
  readonly size: number;
  readonly created_at: string;
};

/** The upload key of a file of `kind` in a list with `key`. */
export const uploadKeyOf = (kind: UploadKind, key: string | null): string =>
  key !== null && isSuffixedUploadKind(kind) ? formatUploadKey(kind, key) : kind;

interface UploadFacts {
  readonly id: number;
  readonly kind: string;
  readonly name: string;
  readonly contentType: string;
  readonly size: number;
  readonly createdAt: Date;
  readonly submitted: boolean;
}

async function uploadFacts(db: Db, userId: number, ids: readonly number[]): Promise<Map<number, UploadFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: uploads.id,
      kind: uploads.kind,
      name: uploads.name,
      contentType: uploads.contentType,
      size: uploads.size,
      createdAt: uploads.createdAt,
      entryId: entryFiles.entryId,
    })
    .from(uploads)
    .leftJoin(entryFiles, eq(entryFiles.uploadId, uploads.id))
    .where(and(eq(uploads.userId, userId), inArray(uploads.id, [...ids])));
  return new Map(rows.map((row) => [row.id, { ...row, submitted: row.entryId !== null }]));
}

export interface ResolvedDocumentFiles {
  /** The lists as they should be stored, in the order of `fileListsOf` (refused files left out). */
  readonly lists: readonly ResolvedFile[][];
  /** Problems by list path (empty when every file is fine). */
  readonly errors: DrfErrors;
}

/** Checks and rebuilds every file relation of the document (see the module comment). */
export async function resolveDocumentFiles(db: Db, userId: number, document: DraftEntryDocument): Promise<ResolvedDocumentFiles> {
  const lists = fileListsOf(document);
  const facts = await uploadFacts(db, userId, [...new Set(lists.flatMap((list) => list.files.map((file) => file.id)))]);
  const errors: DrfErrors = {};
  const seen = new Set<number>();
  const resolved = lists.map((list) => {
    const kept: ResolvedFile[] = [];
    const problems: string[] = [];
    for (const file of list.files) {
      const fact = facts.get(file.id);
      if (seen.has(file.id)) problems.push(ENTRY_MESSAGES.fileUsedTwice(file.id));
      else if (fact === undefined || !isUploadKind(fact.kind)) problems.push(ACCOUNT_MESSAGES.fileNotFound(file.id));
      else if (fact.submitted) problems.push(ENTRY_MESSAGES.fileSubmitted(file.id));
      else if (!list.kinds.has(fact.kind)) problems.push(ENTRY_MESSAGES.fileWrongPlace(file.id, fact.kind));
      else
        kept.push({
          id: fact.id,
          kind: uploadKeyOf(fact.kind, list.key),
          name: fact.name,
          content_type: fact.contentType,
          size: fact.size,
          created_at: fact.createdAt.toISOString(),
        });
      seen.add(file.id);
    }
    if (problems.length > 0) errors[list.path] = problems;
    return kept;
  });
  return { lists: resolved, errors };
}

/** The document with its file lists replaced by `lists` (in the order of `fileListsOf`). */
export function withFileLists<D extends DraftEntryDocument>(document: D, lists: readonly ContentFile[][]): D {
  const claimCount = document.claims.length;
  const bankCount = document.banks.length;
  return {
    ...document,
    claims: document.claims.map((claim, index) => ({ ...claim, contentfile_relations: lists[index] ?? [] })),
    banks: document.banks.map((bank, index) => ({ ...bank, contentfile_relations: lists[claimCount + index] ?? [] })),
    financial_statement_files: lists[claimCount + bankCount] ?? [],
  };
}

/**
 * The ids among `ids` that are still the applicant's uploads (a draft keeps pointing at a file the
 * applicant deleted since; reading the draft drops it).
 */
export async function existingUploadIds(db: Db, userId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** Claim and bank keys must be unique within their list: they name the upload keys. */
export function duplicateKeyErrors(document: DraftEntryDocument): DrfErrors {
  const errors: DrfErrors = {};
  const check = (items: readonly { key: string }[], prefix: string) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.key)) errors[`${prefix}.${index}.key`] = [ENTRY_MESSAGES.duplicateKey(item.key)];
      seen.add(item.key);
    });
  };
  check(document.claims, 'claims');
  check(document.banks, 'banks');
  return errors;
}
