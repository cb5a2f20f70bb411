import { and, eq, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type DraftEntryDocument, type DraftEntryResponse, type DraftSaveRequest } from '@app/contracts';
import { drfDateTime } from '../../accounts/users';
import type { AppContext } from '../../context';
import { entryDrafts, type EntryDraft, type User } from '../../db/schema';
import { ApiError, ValidationError, type DrfErrors } from '../../http/errors';
import { duplicateKeyErrors, existingUploadIds, fileListsOf, resolveDocumentFiles, withFileLists } from './files';
import { DRAFT_MAX_BYTES, ENTRY_MESSAGES } from './messages';

/**
 * The entry wizard's server-side draft (spec §3 "Draft entry"; `GET`/`PUT /api/entries/draft/`):
 * one per applicant, saved whole under an optimistic version lock, so whatever the applicant typed
 * or uploaded is there again after a reload, a logout, on another browser or device.
 *
 * - `version` 0 means "no draft yet": the first save inserts (`on conflict do nothing`), every
 *   later save updates `where version = <the version read>`; a save based on anything else changes
 *   nothing and answers 409, so two tabs never overwrite each other silently.
 * - Only format is checked (a draft may be half-filled); the submit rules run on `POST /api/entries/`.
 *   But every file relation must name the applicant's own upload, of a kind its place takes, and
 *   is stored as the upload's row says (files.ts); claim and bank keys are unique; the document is
 *   at most `DRAFT_MAX_BYTES` of JSON.
 * - Saves are not written to the audit log: autosave writes on every pause in typing. The submit
 *   that turns the draft into an entry is.
 */

/** The document of an applicant who saved nothing yet. */
export function emptyDraftDocument(): DraftEntryDocument {
  return {
    purchase_amount_desired: null,
    purpose: null,
    claims: [],
    bank_account: null,
    banks: [],
    can_submit_financial_statements: null,
    tax_return_submissions: null,
    no_sga_expenses: null,
    financial_statement_files: [],
  };
}

const answer = (row: EntryDraft, data: DraftEntryDocument): DraftEntryResponse => ({
  version: row.version,
  updated_at: drfDateTime(row.updatedAt),
  data,
});

/** The applicant's draft row, if any. */
export async function findDraft(ctx: Pick<AppContext, 'db'>, userId: number): Promise<EntryDraft | undefined> {
  const [row] = await ctx.db.select().from(entryDrafts).where(eq(entryDrafts.userId, userId));
  return row;
}

/**
 * `GET /api/entries/draft/`: the stored draft, or version 0 with an empty document. A file the
 * applicant deleted since the save is left out (the next save drops it for good).
 */
export async function getDraft(ctx: AppContext, user: User): Promise<DraftEntryResponse> {
  const row = await findDraft(ctx, user.id);
  if (row === undefined) return { version: 0, updated_at: null, data: emptyDraftDocument() };
  const document = row.data as unknown as DraftEntryDocument;
  const lists = fileListsOf(document);
  const existing = await existingUploadIds(
    ctx.db,
    user.id,
    lists.flatMap((list) => list.files.map((file) => file.id)),
  );
  const pruned = lists.map((list) => list.files.filter((file) => existing.has(file.id)));
  return answer(row, withFileLists(document, pruned));
}

/** The document's size as stored (UTF-8 bytes of its JSON). */
export const documentBytes = (document: DraftEntryDocument): number => Buffer.byteLength(JSON.stringify(document), 'utf8');

/** `PUT /api/entries/draft/`: see the module comment. Answers the saved draft with its new version. */
export async function saveDraft(ctx: AppContext, user: User, request: DraftSaveRequest): Promise<DraftEntryResponse> {
  const errors: DrfErrors = duplicateKeyErrors(request.data);
  const files = await resolveDocumentFiles(ctx.db, user.id, request.data);
  Object.assign(errors, files.errors);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const document = withFileLists(request.data, files.lists);
  if (documentBytes(document) > DRAFT_MAX_BYTES) throw new ValidationError({ non_field_errors: [ENTRY_MESSAGES.draftTooLarge] });

  const now = ctx.now();
  const data = document as unknown as Record<string, unknown>;
  const [row] =
    request.version === 0
      ? await ctx.db
          .insert(entryDrafts)
          .values({ userId: user.id, version: 1, data, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: entryDrafts.userId })
          .returning()
      : await ctx.db
          .update(entryDrafts)
          .set({ data, version: sql`${entryDrafts.version} + 1`, updatedAt: now })
          .where(and(eq(entryDrafts.userId, user.id), eq(entryDrafts.version, request.version)))
          .returning();
  if (row === undefined) throw new ApiError(409, { detail: ACCOUNT_MESSAGES.versionConflict });
  return answer(row, document);
}
