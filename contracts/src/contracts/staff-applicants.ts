import * as z from 'zod/mini';
import { REVIEW_STATUS, type ReviewStatusName } from '../domain/statuses';
import { DateTimeSchema, DB_INTEGER_MAX, IdSchema, ReviewStatusSchema } from './common';
import { hasForbiddenCharacters, PROFILE_MESSAGES } from '../domain/profile';
import { ACCOUNT_MESSAGES } from './account-messages';
import { EntrySchema } from './entry';
import { addIssue, body, typeError } from './fields';
import { humanTextProblem, STAFF_NOTE } from './human-text';
import { StaffApplicantNameSchema, StaffApplicantSchema } from './staff-review';

/**
 * The operations desk (issue 25): find any applicant (`GET /api/staff/applicants/`), one applicant's
 * page (`GET /api/staff/applicants/{id}/`), staff notes (`POST /api/staff/applicants/{id}/notes/`)
 * and the identity queue (`GET /api/staff/identity-queue/`). Staff only; the notes are an internal
 * memo that no applicant answer ever contains.
 */

export const STAFF_APPLICANTS_MESSAGES = {
  /** `?q=`: too long. */
  query: '検索語は100文字以内で入力してください。',
  /** `?identity=`: not a review status name. */
  identity: 'identity には本人確認の状態（confirming など）を指定してください。',
  /** `?open_entry=`, `?delinquent=`. */
  flag: 'true を指定してください。',
  /** `?cursor=`. */
  cursor: 'cursor には前のページの next_cursor を指定してください。',
  /** `?limit=`. */
  limit: 'limit には 1 から 100 までの数を指定してください。',
  /** `?offset=`. */
  offset: 'offset には 0 以上の数を指定してください。',
  /** A note with nothing in it. */
  noteBlank: 'メモを入力してください。',
  /** A note that is too long. */
  noteTooLong: (max: number) => `メモは${max}文字以内で入力してください。`,
} as const;

/** The longest search query. */
export const APPLICANT_QUERY_MAX_LENGTH = 100;
/** The longest staff note. */
export const STAFF_NOTE_MAX_LENGTH = STAFF_NOTE.maxLength;

const REVIEW_STATUS_NAMES = Object.keys(REVIEW_STATUS) as [ReviewStatusName, ...ReviewStatusName[]];
const flag = z.optional(z.enum(['true'], { error: STAFF_APPLICANTS_MESSAGES.flag }));
const limit = z._default(
  z.pipe(z.string().check(z.regex(/^(100|[1-9][0-9]?)$/, { error: STAFF_APPLICANTS_MESSAGES.limit })), z.transform(Number)),
  50,
);

/**
 * `GET /api/staff/applicants/?q=&identity=&open_entry=true&delinquent=true&cursor=&limit=`: `q` is
 * matched (as the start of each) against the company name (without 株式会社 and the like), the
 * person's name (family + given name, or the given name), the mail address, the phone numbers
 * (digits only) and, whole, a 申込番号 — kana however typed (half-width, hiragana, small letters).
 * Newest applicants first; `cursor` is the `next_cursor` of the page before (keyset pagination).
 */
export const StaffApplicantSearchQuerySchema = z.object({
  // No control or bidi characters (U+0000 is not text to PostgreSQL: it answered 500); a pasted line
  // break or tab is whitespace to the search.
  q: z.optional(
    z.string().check(
      z.maxLength(APPLICANT_QUERY_MAX_LENGTH, { error: STAFF_APPLICANTS_MESSAGES.query }),
      z.refine((text: string) => !hasForbiddenCharacters(text, { multiline: true }), { error: PROFILE_MESSAGES.forbiddenCharacters }),
    ),
  ),
  identity: z.optional(z.enum(REVIEW_STATUS_NAMES, { error: STAFF_APPLICANTS_MESSAGES.identity })),
  open_entry: flag,
  delinquent: flag,
  cursor: z.optional(
    z.pipe(
      z.string().check(
        z.regex(/^[1-9][0-9]{0,9}$/, { error: STAFF_APPLICANTS_MESSAGES.cursor }),
        // An id: no larger than the column holds.
        z.refine((text: string) => Number(text) <= DB_INTEGER_MAX, { error: STAFF_APPLICANTS_MESSAGES.cursor }),
      ),
      z.transform(Number),
    ),
  ),
  limit,
});
export type StaffApplicantSearchQuery = z.output<typeof StaffApplicantSearchQuerySchema>;

/** One applicant found: the name, the identity state, open entries and whether a claim is 支払遅延. */
export const StaffApplicantListItemSchema = z.object({
  ...StaffApplicantNameSchema.shape,
  office_phone: z.string(),
  created_at: DateTimeSchema,
  identity_confirmation: ReviewStatusSchema,
  /** Entries under review, inadequate or waiting for the contract. */
  open_entry_count: z.int().check(z.nonnegative()),
  /** A claim of theirs is 支払遅延. */
  delinquent: z.boolean(),
});
export type StaffApplicantListItem = z.infer<typeof StaffApplicantListItemSchema>;

/** One page of the search; `next_cursor` is null on the last page. */
export const StaffApplicantSearchSchema = z.object({
  results: z.array(StaffApplicantListItemSchema),
  next_cursor: z.nullable(IdSchema),
});
export type StaffApplicantSearch = z.infer<typeof StaffApplicantSearchSchema>;

/** An entry of the applicant, as the applicant page lists it. */
export const StaffApplicantEntrySchema = z.pick(EntrySchema, {
  id: true,
  code: true,
  status: true,
  created_at: true,
  purchase_amount_desired: true,
});

/** A mail the API sent to the applicant (the mail record: address, subject, time; never the body). */
export const StaffApplicantMailSchema = z.object({
  id: IdSchema,
  to: z.string(),
  subject: z.string(),
  sent_at: DateTimeSchema,
});

/** A staff note: the memo, who wrote it and when. */
export const StaffNoteSchema = z.object({
  id: IdSchema,
  body: z.string(),
  created_at: DateTimeSchema,
  staff_id: IdSchema,
  staff_name: z.string(),
});
export type StaffNote = z.infer<typeof StaffNoteSchema>;

/** `GET /api/staff/applicants/{id}/`: the applicant page. Entries, mails and notes newest first. */
export const StaffApplicantDetailSchema = z.object({
  applicant: StaffApplicantSchema,
  created_at: DateTimeSchema,
  entries: z.array(StaffApplicantEntrySchema),
  mails: z.array(StaffApplicantMailSchema),
  notes: z.array(StaffNoteSchema),
});
export type StaffApplicantDetail = z.infer<typeof StaffApplicantDetailSchema>;

/**
 * `POST /api/staff/applicants/{id}/notes/`: a note, human text (human-text.ts `STAFF_NOTE`: trimmed,
 * NFC, several lines, no control or bidi characters), at most STAFF_NOTE_MAX_LENGTH characters —
 * blank and too long in the note's own words.
 */
export const StaffNoteRequestSchema = body({
  body: z.string({ error: typeError(ACCOUNT_MESSAGES.notAString) }).check(
    z.trim(),
    z.normalize('NFC'),
    z.superRefine((text, ctx) => {
      if (text === '') addIssue(ctx, STAFF_APPLICANTS_MESSAGES.noteBlank);
      else if ([...text].length > STAFF_NOTE.maxLength) addIssue(ctx, STAFF_APPLICANTS_MESSAGES.noteTooLong(STAFF_NOTE.maxLength));
      else {
        const problem = humanTextProblem(text, STAFF_NOTE);
        if (problem !== null) addIssue(ctx, problem);
      }
    }),
  ),
});
export type StaffNoteRequest = z.output<typeof StaffNoteRequestSchema>;

/** `GET /api/staff/identity-queue/?limit=&offset=`: identities 確認中, oldest submission first (a short queue: offset paging). */
export const StaffIdentityQueueQuerySchema = z.object({
  limit,
  offset: z._default(
    z.pipe(z.string().check(z.regex(/^[0-9]{1,9}$/, { error: STAFF_APPLICANTS_MESSAGES.offset })), z.transform(Number)),
    0,
  ),
});
export type StaffIdentityQueueQuery = z.output<typeof StaffIdentityQueueQuerySchema>;

/** One applicant waiting: the profile with the identity files, and when the identity was submitted. */
export const StaffIdentityQueueItemSchema = z.object({
  applicant: StaffApplicantSchema,
  submitted_at: z.nullable(DateTimeSchema),
});
export type StaffIdentityQueueItem = z.infer<typeof StaffIdentityQueueItemSchema>;

export const StaffIdentityQueueSchema = z.object({
  count: z.int().check(z.nonnegative()),
  results: z.array(StaffIdentityQueueItemSchema),
});
export type StaffIdentityQueue = z.infer<typeof StaffIdentityQueueSchema>;
