import * as z from 'zod/mini';
import { FORMAT_MESSAGES, MESSAGES } from '../domain/messages';
import { CORPORATE_DIVISIONS, ENTRY_STATUS, IDENTITY_DOCUMENT_TYPES, type EntryStatusName } from '../domain/statuses';
import { ACCOUNT_MESSAGES } from './account-messages';
import { YenStringSchema } from './amounts';
import { ConfirmationStatusSchema, DateSchema, DateTimeSchema, EntryStatusSchema, IdSchema } from './common';
import { EntrySchema } from './entry';
import { addIssue, body, typeError } from './fields';
import { contactFields } from './profile';
import { humanTextProblem, STAFF_REASON } from './human-text';

/**
 * The back office's first review endpoints (issue 11, `GET /api/staff/entries/…`,
 * `POST /api/staff/users/{id}/identity/`): the review queue, one entry with its applicant and its
 * audit history, and the identity decision. Staff only (reviewer, approver, admin).
 */

/** Japanese messages of the review endpoints. */
export const STAFF_REVIEW_MESSAGES = {
  /** `?status=`: not an entry status name. */
  status: 'status には申し込みのステータス名（under_review など）を指定してください。',
  /** `?order=`. */
  order: 'order には oldest か newest を指定してください。',
  /** `?limit=`. */
  limit: 'limit には 1 から 100 までの数を指定してください。',
  /** `?offset=`. */
  offset: 'offset には 0 以上の数を指定してください。',
  /** `?min_face_total=`, `?max_face_total=`. */
  amount: '金額は 0 以上の整数（円）で指定してください。',
  /** `?min_age_days=`. */
  ageDays: '日数は 0 以上の整数で指定してください。',
  /** `decision`. */
  decision: 'decision には confirmed か inadequate を指定してください。',
  /** `valid_date` is before today in Japan. */
  validDatePast: '有効期限に過去の日付は指定できません。',
  /** The identity is not under review: names the current status (確認中 is the only one a decision is made from). */
  identityNotConfirming: (current: string) =>
    `本人確認書類の状態が「${current}」のため判定できません。判定できるのは「確認中」のときだけです。`,
  /**
   * `GET /api/staff/uploads/{id}/content/` 403: not a request of the back office's own page (no
   * X-CSRFToken, not a same-origin fetch) — a link or an image on another site. Nothing is served or audited.
   */
  fileViewNotFromBackoffice: 'ファイルは管理画面の「表示」ボタンから開いてください。',
} as const;

/** The reason an identity document is inadequate: at most this many characters. */
export const IDENTITY_REASON_MAX_LENGTH = STAFF_REASON.maxLength;

const ENTRY_STATUS_NAMES = Object.keys(ENTRY_STATUS) as [EntryStatusName, ...EntryStatusName[]];

/** `GET /api/staff/entries/?status=&order=&limit=&offset=`: under_review, oldest first, 50 a page by default. */
export const StaffEntryQueueQuerySchema = z.object({
  status: z._default(z.enum(ENTRY_STATUS_NAMES, { error: STAFF_REVIEW_MESSAGES.status }), 'under_review'),
  order: z._default(z.enum(['oldest', 'newest'], { error: STAFF_REVIEW_MESSAGES.order }), 'oldest'),
  limit: z._default(
    z.pipe(z.string().check(z.regex(/^(100|[1-9][0-9]?)$/, { error: STAFF_REVIEW_MESSAGES.limit })), z.transform(Number)),
    50,
  ),
  offset: z._default(z.pipe(z.string().check(z.regex(/^[0-9]{1,9}$/, { error: STAFF_REVIEW_MESSAGES.offset })), z.transform(Number)), 0),
  /** Only entries whose claims' face total is at least / at most this many yen (whole yen). */
  min_face_total: z.optional(
    z.pipe(z.string().check(z.regex(/^[0-9]{1,13}$/, { error: STAFF_REVIEW_MESSAGES.amount })), z.transform(Number)),
  ),
  max_face_total: z.optional(
    z.pipe(z.string().check(z.regex(/^[0-9]{1,13}$/, { error: STAFF_REVIEW_MESSAGES.amount })), z.transform(Number)),
  ),
  /** Only entries submitted at least this many days ago (the queue's age filter). */
  min_age_days: z.optional(
    z.pipe(z.string().check(z.regex(/^[0-9]{1,4}$/, { error: STAFF_REVIEW_MESSAGES.ageDays })), z.transform(Number)),
  ),
});
export type StaffEntryQueueQuery = z.output<typeof StaffEntryQueueQuerySchema>;

/** The applicant as the queue names them. */
export const StaffApplicantNameSchema = z.object({
  id: IdSchema,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string(),
  corporate_division: z.enum(CORPORATE_DIVISIONS),
});
export type StaffApplicantName = z.infer<typeof StaffApplicantNameSchema>;

/** One entry of the review queue. `face_total`: the claims' face amounts added up (whole yen). */
export const StaffEntryQueueItemSchema = z.object({
  id: IdSchema,
  code: z.string(),
  status: EntryStatusSchema,
  created_at: DateTimeSchema,
  /** Since when it waits for the reviewers: the last resubmission of documents sent back, else the submission. */
  waiting_since: DateTimeSchema,
  updated_at: DateTimeSchema,
  purchase_amount_desired: YenStringSchema,
  claim_count: z.int().check(z.nonnegative()),
  face_total: YenStringSchema,
  applicant: StaffApplicantNameSchema,
  /** The name of whoever has taken it (担当), null: nobody. */
  assignee_name: z._default(z.nullable(z.string()), null),
});
export type StaffEntryQueueItem = z.infer<typeof StaffEntryQueueItemSchema>;

/** `GET /api/staff/entries/`: one page of the queue and how many entries match in all. */
/** How many entries each status holds (the queue's tabs), over all entries. */
export const StaffEntryStatusCountsSchema = z.record(z.enum(ENTRY_STATUS_NAMES), z.int().check(z.nonnegative()));
export type StaffEntryStatusCounts = z.infer<typeof StaffEntryStatusCountsSchema>;

export const StaffEntryQueueSchema = z.object({
  count: z.int().check(z.nonnegative()),
  counts: StaffEntryStatusCountsSchema,
  /** An entry waiting longer than this many hours is highlighted (REVIEW_WAIT_LIMIT_HOURS, default 24). */
  wait_limit_hours: z.int().check(z.positive()),
  limit: z.int().check(z.positive()),
  offset: z.int().check(z.nonnegative()),
  results: z.array(StaffEntryQueueItemSchema),
});
export type StaffEntryQueue = z.infer<typeof StaffEntryQueueSchema>;

/** A file of the applicant's identity document (`GET /api/staff/uploads/{id}/content/` serves it). */
export const StaffIdentityFileSchema = z.object({
  id: IdSchema,
  kind: z.string(),
  name: z.string(),
  content_type: z.string(),
  side: z.nullable(z.enum(['front', 'back'])),
});

/** The applicant's profile as the reviewer reads it: names, company, contact, identity state and files. */
export const StaffApplicantSchema = z.object({
  ...StaffApplicantNameSchema.shape,
  ...contactFields(z.string()),
  identity_confirmation: ConfirmationStatusSchema,
  identity_valid_date: z.nullable(DateSchema),
  identity_document_type: z.nullable(z.enum(IDENTITY_DOCUMENT_TYPES)),
  identity_files: z.array(StaffIdentityFileSchema),
});
export type StaffApplicant = z.infer<typeof StaffApplicantSchema>;

/**
 * One row of the audit log as the entry view shows it: when, who (`actor`: `user:<id>`,
 * `staff:<id>`, `operator:<name>`; `actor_name` the staff member's name for staff), what (`event`),
 * and the before/after the row recorded (null when it recorded none); `data` is the whole record.
 */
export const StaffAuditEventSchema = z.object({
  id: IdSchema,
  occurred_at: DateTimeSchema,
  actor: z.nullable(z.string()),
  actor_name: z.nullable(z.string()),
  event: z.string(),
  subject_type: z.nullable(z.string()),
  subject_id: z.nullable(z.string()),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  data: z.record(z.string(), z.unknown()),
});
export type StaffAuditEvent = z.infer<typeof StaffAuditEventSchema>;

/** A staff member's name and when they acted. */
export const StaffActorStampSchema = z.object({
  staff_id: IdSchema,
  staff_name: z.string(),
  at: DateTimeSchema,
});
export type StaffActorStamp = z.infer<typeof StaffActorStampSchema>;

/** Who priced one claim. */
export const StaffClaimPricingSchema = z.object({ claim_id: IdSchema, priced_by: StaffActorStampSchema });
export type StaffClaimPricing = z.infer<typeof StaffClaimPricingSchema>;

/**
 * `GET /api/staff/entries/{id}/`: the entry (claims and files as the applicant's `EntrySchema`),
 * the applicant, and the history — the entry's audit rows and the applicant's identity reviews, oldest first.
 */
export const StaffEntryDetailSchema = z.object({
  entry: EntrySchema,
  applicant: StaffApplicantSchema,
  history: z.array(StaffAuditEventSchema),
  /** Who set each priced claim's terms (can_buy and after), for the second-person rule. */
  pricing: z._default(z.array(StaffClaimPricingSchema), []),
  /** Who approved the terms (the entry became reviewed), null before. */
  approval: z._default(z.nullable(StaffActorStampSchema), null),
  /** Who has taken the entry (担当) and since when; null: nobody. */
  assignee: z._default(z.nullable(StaffActorStampSchema), null),
});
export type StaffEntryDetail = z.infer<typeof StaffEntryDetailSchema>;

/**
 * `POST /api/staff/users/{id}/identity/`: `{decision: 'confirmed', valid_date}` (not before today
 * in Japan — the API checks the day) or `{decision: 'inadequate', reason}` (Japanese text shown to
 * the applicant, required, at most 1000 characters, line breaks allowed, no control characters).
 */
export const StaffIdentityDecisionSchema = body({
  decision: z.enum(['confirmed', 'inadequate'], { error: STAFF_REVIEW_MESSAGES.decision }),
  valid_date: z.optional(z.nullable(z.string({ error: typeError(ACCOUNT_MESSAGES.notAString) }))),
  reason: z.optional(z.nullable(z.string({ error: typeError(ACCOUNT_MESSAGES.notAString) }))),
}).check(
  z.superRefine((value, ctx) => {
    if (value.decision === 'confirmed') {
      const date = (value.valid_date ?? '').trim();
      if (date === '') addIssue(ctx, ACCOUNT_MESSAGES.required, ['valid_date']);
      else if (!DateSchema.safeParse(date).success) addIssue(ctx, FORMAT_MESSAGES.date, ['valid_date']);
    } else {
      const reason = (value.reason ?? '').trim();
      if (reason === '') addIssue(ctx, value.reason == null ? ACCOUNT_MESSAGES.required : MESSAGES.blank, ['reason']);
      else {
        // Human text (human-text.ts): bounded, several lines, no control or bidi characters.
        const problem = humanTextProblem(reason, STAFF_REASON);
        if (problem !== null) addIssue(ctx, problem, ['reason']);
      }
    }
  }),
);
export type StaffIdentityDecision = z.output<typeof StaffIdentityDecisionSchema>;
