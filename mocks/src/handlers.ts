import { http, HttpResponse, type HttpHandler } from 'msw';
import { safeParse } from 'zod/mini';
import { ACCOUNT_MESSAGES } from '@app/contracts/api/account-messages';
import { ERROR_CASES, listEndpoints, type AnyEndpoint, type ErrorCase, type ResponseInputOf } from '@app/contracts/api/endpoint';
import { endpoints } from '@app/contracts/api/endpoints';
import { NOT_FOUND_DETAIL, validationErrorBody, type ValidationErrorBody } from '@app/contracts/api/errors';
import type { DraftEntryResponse, DraftSaveRequest, EntryCreateRequest } from '@app/contracts/api/draft';
import type { ContractParty, Entry } from '@app/contracts/api/entry';
import { MESSAGES, PAYOUT_ACCOUNT_MESSAGES } from '@app/contracts/domain/messages';
import { contractIdentityProblem } from '@app/contracts/domain/identity';
import { PAYOUT_CHANGE_MESSAGES, type EntryBankAccountChangeRequest } from '@app/contracts/api/payout-account';
import { parseYen } from '@app/contracts/domain/money';
import { MAIL_CHANGE_MESSAGES } from '@app/contracts/api/mail-change';
import type { AccountSession } from '@app/contracts/api/account-sessions';
import type { Me } from '@app/contracts/api/me';
import type { NewsItem } from '@app/contracts/api/news';
import type { ReleaseStatus } from '@app/contracts/api/releases';
import { PRE_ENTRY_API_MESSAGES, type PreEntryResult } from '@app/contracts/api/pre-entry';
import { screenPreEntry } from '@app/contracts/domain/pre-entry';
import {
  CLAIM_STATUS,
  ENTRY_STATUS,
  REVIEW_STATUS,
  claimStatusLabel,
  entryStatusLabel,
  reviewStatusOrDefault,
} from '@app/contracts/domain/statuses';
import { calculatePurchase } from '@app/contracts/domain/money';
import { DOCUMENT_GROUP_LABELS } from '@app/contracts/domain/document-review';
import {
  canApproveEntry,
  claimStatusAfterEntryAction,
  nextClaimStatus,
  nextEntryStatus,
  type EntryAction,
} from '@app/contracts/domain/transitions';
import { ENTRY_LIFE_MESSAGES, type EntryReviewRequest } from '@app/contracts/api/entry-life';
import {
  STAFF_DECISION_MESSAGES,
  type StaffClaimAction,
  type StaffClaimDecision,
  type StaffDocumentDecision,
  type StaffEntryAction,
  type StaffEntryApprove,
  type StaffEntryAssign,
} from '@app/contracts/api/staff-decisions';
import { PostalCodeParamsSchema } from '@app/contracts/api/postal-code';
import type { ProfileResponse } from '@app/contracts/api/profile';
import type { SuppressEntries } from '@app/contracts/api/system-settings';
import { STAFF_MESSAGES, type StaffMember, type StaffSummary } from '@app/contracts/api/staff';
import {
  StaffApplicantSearchQuerySchema,
  StaffIdentityQueueQuerySchema,
  type StaffApplicantDetail,
  type StaffNote,
  type StaffNoteRequest,
} from '@app/contracts/api/staff-applicants';
import { STAFF_EXPORTS, StaffExportQuerySchema, type StaffExportKind } from '@app/contracts/api/staff-exports';
import { jstDateTime, nextDay, startOfJstDay } from '@app/contracts/domain/jst-time';
import { toCsv } from '@app/contracts/domain/csv';
import { maskedBankAccountText } from '@app/contracts/domain/bank-account';
import { sumYen } from '@app/contracts/domain/money';
import { corporationKeyForMocks } from './search-key';
import {
  STAFF_REVIEW_MESSAGES,
  StaffEntryQueueQuerySchema,
  type StaffEntryDetail,
  type StaffEntryQueue,
  type StaffEntryQueueItem,
  type StaffIdentityDecision,
} from '@app/contracts/api/staff-review';
import { REVIEW_STATUS_LABELS } from '@app/contracts/domain/identity-documents';
import {
  UPLOAD_FILE_FIELD,
  UPLOAD_MESSAGES,
  UploadRequestFieldsSchema,
  acceptedContentTypes,
  type Upload,
} from '@app/contracts/api/upload';
import {
  MOCK_POSTAL_ADDRESSES,
  accountSummaryFixture,
  detailFixture,
  accountSessionsFixture,
  healthFixture,
  banksFixture,
  branchesFixture,
  claimFixture,
  corporationsFixture,
  draftFixture,
  entryFixture,
  meFixture,
  newsFixture,
  openApiFixture,
  postalCodeLookupFixture,
  profileFixture,
  staffEntryDetailFixture,
  staffMembersFixture,
  suppressEntriesFixture,
  visitorFixture,
} from './fixtures';

/**
 * MSW request handlers made from the endpoint catalogue: `mock(endpoint, resolver)` answers one
 * endpoint with a body its contract allows (checked by TypeScript), `failure(endpoint, case, body)`
 * with one of the failures the endpoint declares. `createMockBackend()` answers every endpoint of
 * the catalogue from an in-memory state — what `dev:mock` runs in the browser.
 */

/** An answer other than the success body: a status (one the endpoint declares), a body, headers. */
export class MockReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

export interface MockCall {
  readonly request: Request;
  readonly params: Readonly<Record<string, string>>;
  /** The JSON body, if any (unvalidated: the resolver decides). */
  readonly body: unknown;
}

export type MockResolver<E extends AnyEndpoint> = (
  call: MockCall,
) => ResponseInputOf<E> | MockReply | Promise<ResponseInputOf<E> | MockReply>;

/** The endpoint's path as an MSW pattern on any origin: `/api/entries/{id}/` → `*\/api/entries/:id/`. */
export const mswPath = (endpoint: AnyEndpoint): string => `*${endpoint.path.replace(/\{([^}]+)\}/g, ':$1')}`;

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One endpoint's handler. A 204 endpoint's resolver returns `undefined`. */
export function mock<E extends AnyEndpoint>(endpoint: E, resolve: MockResolver<E>): HttpHandler {
  return METHODS[endpoint.method](mswPath(endpoint), async ({ request, params }) => {
    const contentType = request.headers.get('content-type') ?? '';
    const body = contentType.includes('multipart/form-data') ? undefined : await jsonBody(request.clone());
    const answer = await resolve({ request, params: params as Record<string, string>, body });
    if (answer instanceof MockReply) {
      const init = { status: answer.status, headers: answer.headers };
      if (answer.body === undefined) return new HttpResponse(null, init);
      // A file download answers bytes, not JSON.
      // Bytes, or text (a CSV) as it is; anything else as JSON.
      return answer.body instanceof ArrayBuffer || typeof answer.body === 'string'
        ? new HttpResponse(answer.body, init)
        : HttpResponse.json(answer.body, init);
    }
    const { status } = endpoint.spec.success;
    return answer === undefined || status === 204 ? new HttpResponse(null, { status }) : HttpResponse.json(answer, { status });
  });
}

/** Answers the endpoint with this success body every time. */
export const answer = <E extends AnyEndpoint>(endpoint: E, body: ResponseInputOf<E>): HttpHandler => mock(endpoint, () => body);

type ErrorBody<C extends ErrorCase> = C extends 'validation'
  ? ValidationErrorBody
  : { readonly detail: string; readonly [extra: string]: unknown };

/** A failure the endpoint declares (`validation`, `operational`, `conflict`…) with its body. */
export function failureReply<C extends ErrorCase>(
  endpoint: AnyEndpoint,
  errorCase: C,
  body: ErrorBody<C>,
  headers?: Record<string, string>,
): MockReply {
  if (!endpoint.errors.includes(errorCase))
    throw new Error(`${endpoint.id} does not answer ${errorCase} (catalogue: ${endpoint.errors.join(', ')})`);
  return new MockReply(ERROR_CASES[errorCase].status, body, headers);
}

/** Answers the endpoint with this failure every time. */
export const failure = <C extends ErrorCase>(endpoint: AnyEndpoint, errorCase: C, body: ErrorBody<C>): HttpHandler =>
  mock(endpoint, () => failureReply(endpoint, errorCase, body));

/** A network failure (no response: the client's 499). */
export const offline = (endpoint: AnyEndpoint): HttpHandler => METHODS[endpoint.method](mswPath(endpoint), () => HttpResponse.error());

// ---------------------------------------------------------------------------------------------
// The mock backend: every endpoint, from an in-memory state
// ---------------------------------------------------------------------------------------------

/** The account `dev:mock` knows from the start (say so where a developer will look: the README). */
export const MOCK_ACCOUNT = { email: 'taro@example.jp', password: 'tsumugi-mock-1' } as const;

/**
 * How the mock back office logs staff in: any enabled account of `staffMembers` (e.g.
 * admin@tsumugi.example.jp, reviewer@tsumugi.example.jp) with this password and this fixed code
 * (no authenticator app in the mock; any other code is refused like a wrong one).
 */
export const MOCK_STAFF = { email: 'admin@tsumugi.example.jp', password: 'tsumugi-staff-1', otp: '123456' } as const;

export interface MockState {
  /** Accounts that can log in (address → password). */
  accounts: Map<string, string>;
  /** The logged-in applicant, or null. */
  me: Me | null;
  profile: ProfileResponse;
  suppressEntries: SuppressEntries;
  /** The logged-in applicant's uploads, with their bytes. */
  uploads: { upload: Upload; bytes: ArrayBuffer }[];
  preEntry: PreEntryResult;
  entries: Entry[];
  draft: DraftEntryResponse;
  news: NewsItem[];
  /** The logged-in staff member (the back office), or null: separate from `me`, as on the API. */
  staff: StaffSummary | null;
  /** The staff accounts (log in with MOCK_STAFF's password and code). */
  staffMembers: StaffMember[];
  /** What the back office reviews: each entry with its applicant and history (`staffEntryDetailFixture`). */
  review: StaffEntryDetail[];
  /** The logged-in applicant's sessions (/profile「ログイン中の端末」): this one and others. */
  accountSessions: AccountSession[];
  /** Staff notes the back office wrote, by applicant id (never in an applicant's answer). */
  staffNotes?: Map<number, StaffNote[]>;
}

export function initialMockState(overrides: Partial<MockState> = {}): MockState {
  return {
    accounts: new Map([[MOCK_ACCOUNT.email, MOCK_ACCOUNT.password]]),
    me: null,
    profile: profileFixture(),
    suppressEntries: suppressEntriesFixture(),
    uploads: [],
    preEntry: { outcome: 'unanswered', reasons: [], answered_at: null },
    entries: [],
    draft: draftFixture(),
    news: newsFixture(),
    staff: null,
    staffMembers: staffMembersFixture(),
    review: [staffEntryDetailFixture()],
    accountSessions: accountSessionsFixture(),
    ...overrides,
  };
}

/** Validates a body with the endpoint's contract: the parsed body, or the 400 the API would send. */
function validate<E extends AnyEndpoint>(endpoint: E, body: unknown): { ok: true; value: unknown } | { ok: false; reply: MockReply } {
  const schema = endpoint.spec.body;
  if (schema === undefined) return { ok: true, value: undefined };
  const result = safeParse(schema, body ?? {});
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, reply: failureReply(endpoint, 'validation', validationErrorBody(result.error.issues)) };
}

const notAuthenticated = (endpoint: AnyEndpoint) => failureReply(endpoint, 'forbidden', { detail: ACCOUNT_MESSAGES.notAuthenticated });

/** A staff endpoint's 403s, as the API words them: no staff session, or a role the endpoint does not allow. */
/** The releases as the back office shows them: one remote in a canary for staff, a rollback in the history. */
function releaseStatusFixture(): ReleaseStatus {
  const remote = (name: string, live: string) => ({ remote: name, live, canary: null });
  const change = (at: string, action: string, name: string, from: string | null, to: string | null, why: string | null) => ({
    at,
    who: 'release-manager',
    action,
    remote: name,
    from,
    to,
    why,
    forced: false,
  });
  return {
    revision: 12,
    remotes: [
      remote('marketing', '0.1.0-0bbbbaca10'),
      remote('auth', '0.1.0-2b511f0bee'),
      remote('entry', '0.1.0-d4e802e621'),
      { remote: 'mypage', live: '0.1.0-5d0e9a7b21', canary: { version: '0.1.0-7c31375d08', audience: { kind: 'staff' } } },
      remote('backoffice', '0.1.0-7590660e09'),
    ],
    history: [
      change('2026-04-02T10:20:41.502Z', 'canary', 'mypage', null, '0.1.0-7c31375d08', 'new dashboard, staff first'),
      change('2026-04-02T02:03:44.318Z', 'rollback', 'entry', '0.1.0-91aa03be77', '0.1.0-d4e802e621', 'form errors'),
      change('2026-04-01T18:00:05.001Z', 'promote', 'entry', '0.1.0-d4e802e621', '0.1.0-91aa03be77', null),
    ],
  };
}

function staffRefusal(state: MockState, endpoint: AnyEndpoint): MockReply | null {
  if (state.staff === null) return failureReply(endpoint, 'forbidden', { detail: STAFF_MESSAGES.notAuthenticated });
  const roles = typeof endpoint.access === 'object' ? endpoint.access.staff : [];
  return roles.includes(state.staff.role) ? null : failureReply(endpoint, 'forbidden', { detail: STAFF_MESSAGES.permissionDenied });
}

/** A review item as the queue lists it. */
function queueItem({ entry, applicant, assignee }: StaffEntryDetail): StaffEntryQueueItem {
  return {
    assignee_name: assignee?.staff_name ?? null,
    id: entry.id,
    code: entry.code,
    status: entry.status,
    created_at: entry.created_at,
    // The mocks keep no resubmission time: an entry waits since it was made.
    waiting_since: entry.created_at,
    updated_at: entry.updated_at,
    purchase_amount_desired: entry.purchase_amount_desired,
    claim_count: entry.claims.length,
    face_total: String(entry.claims.reduce((total, claim) => total + Number(claim.amount), 0)),
    applicant: {
      id: applicant.id,
      email: applicant.email,
      first_name: applicant.first_name,
      last_name: applicant.last_name,
      company_name: applicant.company_name,
      corporate_division: applicant.corporate_division,
    },
  };
}

/** The bytes the mock serves for any file of the review (a tiny PDF). */
const MOCK_FILE_BYTES = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]).buffer;

/** The mock's clock for the timestamps a move sets. */
const nowIso = (): string => new Date().toISOString();

/** Today in Japan (`YYYY-MM-DD`), the day the API's offer rules count in. */
const todayInJapan = (): string => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

/** Whether an approved entry's offer can still be signed: reviewed, its last day to sign today or later in Japan (as the API). */
const isOfferOpen = (entry: Entry): boolean =>
  entry.status === ENTRY_STATUS.reviewed && entry.contract_period !== null && entry.contract_period >= todayInJapan();

/** Who may end an offer before its last day to sign (the approval's own roles, as the API). */
const OFFER_ENDERS: ReadonlySet<string> = new Set(['approver', 'admin']);

/** The party the approval fixes (issue 23), from the applicant as the back office reads them: the office of a corporation, else the owner's address. */
function contractPartyOf(applicant: StaffEntryDetail['applicant']): ContractParty {
  const corporate = applicant.corporate_division === 'corporate';
  return {
    corporate_division: applicant.corporate_division,
    company_name: applicant.company_name,
    last_name: applicant.last_name,
    first_name: applicant.first_name,
    address: corporate
      ? {
          zipcode: applicant.office_zipcode,
          prefecture: applicant.office_prefecture,
          city: applicant.office_city,
          building_number: applicant.office_building_number,
        }
      : {
          zipcode: applicant.owner_zipcode,
          prefecture: applicant.owner_prefecture,
          city: applicant.owner_city,
          building_number: applicant.owner_building_number,
        },
  };
}

/**
 * An entry after an entry-level move of the domain's transition table, its claims following
 * (`claimStatusAfterEntryAction`); null when the move is not legal from the entry's status.
 */
function moveEntry(entry: Entry, action: EntryAction): Entry | null {
  const status = nextEntryStatus(entry.status, action);
  if (status === null) return null;
  return {
    ...entry,
    status,
    updated_at: nowIso(),
    claims: entry.claims.map((claim) => {
      const next = claimStatusAfterEntryAction(action, claim.status);
      return next === claim.status ? claim : { ...claim, status: next, updated_at: nowIso() };
    }),
  };
}

/** The confirmation status field of a document group on the entry or its claim. */
const ENTRY_GROUP_FIELD = {
  withdrawals_detail: 'account_activity_statement_confirmation_status',
  financial_statements: 'financial_statement_confirmation_status',
} as const;
const CLAIM_GROUP_FIELD = { invoice: 'invoice_confirmation_status', additional_doc: 'additional_doc_confirmation_status' } as const;

/**
 * Handlers for every endpoint of the catalogue, sharing one state: register, log in (MOCK_ACCOUNT or
 * any account registered since), log out, the current user, the profile (with its version check),
 * the password flows and the settings. Bodies are validated with the same contracts as the API.
 */
export function createMockBackend(state: MockState = initialMockState()): { handlers: HttpHandler[]; state: MockState } {
  const e = endpoints;
  const loggedIn = (endpoint: AnyEndpoint) => (state.me === null ? notAuthenticated(endpoint) : null);
  /**
   * The accounting exports, from `state.review` as the API makes them from its tables: the payouts
   * (or contracts) of the period, one CSV row each (no audit row: the mocks keep none).
   */
  const exportReply = (kind: StaffExportKind, request: Request): MockReply => {
    const endpoint = e.staff.exports[kind];
    const refused = staffRefusal(state, endpoint);
    if (refused) return refused;
    const query = safeParse(StaffExportQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return failureReply(endpoint, 'validation', validationErrorBody(query.error.issues));
    const from = startOfJstDay(query.data.from).getTime();
    const until = startOfJstDay(nextDay(query.data.to)).getTime();
    const inPeriod = (at: string | null) => at !== null && Date.parse(at) >= from && Date.parse(at) < until;
    const total = (values: readonly (string | null)[]) => sumYen(values)?.toFixed(0) ?? '0';
    const rows = state.review
      .filter(({ entry }) => inPeriod(kind === 'payouts' ? entry.transferred_at : entry.contracted_at))
      .map(({ entry, applicant }) => {
        const claims = entry.claims.filter((claim) => claim.purchase_amount !== null);
        const person = `${applicant.last_name} ${applicant.first_name}`;
        const name = applicant.company_name.trim() !== '' ? applicant.company_name : person;
        const at = jstDateTime(new Date((kind === 'payouts' ? entry.transferred_at : entry.contracted_at) ?? 0));
        const face = total(claims.map((claim) => claim.amount));
        const paid = total(claims.map((claim) => claim.purchase_amount));
        const fee = total(claims.map((claim) => claim.purchase_fee));
        return kind === 'payouts'
          ? [
              at,
              entry.code,
              name,
              String(claims.length),
              face,
              fee,
              total(claims.map((c) => c.bank_charge)),
              paid,
              maskedBankAccountText(entry.bank_account) ?? '',
            ]
          : [
              at,
              entry.code,
              name,
              `${applicant.last_name} ${applicant.first_name}`,
              String(claims.length),
              face,
              paid,
              fee,
              entry.contract_period ?? '',
            ];
      });
    return new MockReply(200, toCsv([[...STAFF_EXPORTS[kind].header], ...rows]), {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${STAFF_EXPORTS[kind].file}_${query.data.from}_${query.data.to}.csv"`,
    });
  };

  // The back office's decisions: on `state.review`, the same legal moves as the API (no mails, no audit rows).
  const reviewItem = (id: string) => state.review.find((item) => String(item.entry.id) === id);
  const claimItem = (id: string) => state.review.find((item) => item.entry.claims.some((claim) => String(claim.id) === id));
  const saveReview = (detail: StaffEntryDetail): StaffEntryDetail => {
    state.review = state.review.map((item) => (item.entry.id === detail.entry.id ? detail : item));
    return detail;
  };
  const entryConflict = (endpoint: AnyEndpoint, entry: Entry) =>
    failureReply(endpoint, 'conflict', { detail: STAFF_DECISION_MESSAGES.entryNotAllowed(entryStatusLabel(entry.status) ?? '') });
  const stamp = () => ({ staff_id: state.staff?.id ?? 0, staff_name: state.staff?.name ?? '', at: nowIso() });
  const decisionHandlers = {
    [e.staff.entries.assignee.id]: mock(e.staff.entries.assignee, ({ params, body }) => {
      const endpoint = e.staff.entries.assignee;
      const refused = staffRefusal(state, endpoint);
      if (refused) return refused;
      const item = reviewItem(params.id ?? '');
      if (item === undefined) return failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
      const checked = validate(endpoint, body);
      if (!checked.ok) return checked.reply;
      const request = checked.value as StaffEntryAssign;
      const staff = state.staff!;
      const current = item.assignee?.staff_id ?? null;
      if (current !== request.current_assignee) {
        return failureReply(endpoint, 'conflict', {
          detail: STAFF_DECISION_MESSAGES.assigneeChanged(item.assignee?.staff_name ?? 'ほかのスタッフ', '先ほど'),
        });
      }
      if (!request.take && current !== null && current !== staff.id && staff.role !== 'admin') {
        return failureReply(endpoint, 'conflict', { detail: STAFF_DECISION_MESSAGES.notAssignee });
      }
      return saveReview({ ...item, assignee: request.take ? { staff_id: staff.id, staff_name: staff.name, at: nowIso() } : null });
    }),
    [e.staff.entries.documents.id]: mock(e.staff.entries.documents, ({ params, body }) => {
      const endpoint = e.staff.entries.documents;
      const refused = staffRefusal(state, endpoint);
      if (refused) return refused;
      const item = reviewItem(params.id ?? '');
      if (item === undefined) return failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
      const checked = validate(endpoint, body);
      if (!checked.ok) return checked.reply;
      if (item.entry.status !== ENTRY_STATUS.under_review) return entryConflict(endpoint, item.entry);
      const decision = checked.value as StaffDocumentDecision;
      const status = decision.decision === 'confirmed' ? REVIEW_STATUS.confirmed : REVIEW_STATUS.inadequate;
      const claimId = decision.claim_id ?? null;
      const isClaimGroup = decision.group === 'invoice' || decision.group === 'additional_doc';
      if (isClaimGroup !== (claimId !== null) || (claimId !== null && !item.entry.claims.some((c) => c.id === claimId)))
        return failureReply(endpoint, 'validation', { claim_id: [STAFF_DECISION_MESSAGES.claimMismatch] });
      // Decided since the page loaded it: refused as the API refuses it (the mocks keep no record of who).
      const current =
        decision.group === 'invoice' || decision.group === 'additional_doc'
          ? item.entry.claims.find((claim) => claim.id === claimId)?.[CLAIM_GROUP_FIELD[decision.group]]
          : item.entry[ENTRY_GROUP_FIELD[decision.group]];
      if (decision.seen_status !== undefined && current !== undefined && decision.seen_status !== current) {
        return failureReply(endpoint, 'conflict', {
          detail: STAFF_DECISION_MESSAGES.documentChangedUnknown(REVIEW_STATUS_LABELS[reviewStatusOrDefault(current)]),
        });
      }
      const others = item.entry.inadequate_documents.filter((d) => !(d.group === decision.group && d.claim_id === claimId));
      const entry: Entry = {
        ...item.entry,
        inadequate_documents:
          status === REVIEW_STATUS.inadequate
            ? [...others, { group: decision.group, claim_id: claimId, reason: (decision.reason ?? '').trim() }]
            : others,
      };
      if (decision.group === 'invoice' || decision.group === 'additional_doc') {
        const field = CLAIM_GROUP_FIELD[decision.group];
        entry.claims = entry.claims.map((claim) => (claim.id === claimId ? { ...claim, [field]: status } : claim));
      } else {
        entry[ENTRY_GROUP_FIELD[decision.group]] = status;
      }
      return saveReview({ ...item, entry });
    }),
    [e.staff.entries.action.id]: mock(e.staff.entries.action, ({ params, body }) => {
      const endpoint = e.staff.entries.action;
      const refused = staffRefusal(state, endpoint);
      if (refused) return refused;
      const item = reviewItem(params.id ?? '');
      if (item === undefined) return failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
      const checked = validate(endpoint, body);
      if (!checked.ok) return checked.reply;
      const { action, reason } = checked.value as StaffEntryAction;
      // An offer still open ends only by an approver (or admin), with the reason the applicant is told (issue 23).
      if (action === 'archive' && isOfferOpen(item.entry)) {
        if (!OFFER_ENDERS.has(state.staff?.role ?? ''))
          return failureReply(endpoint, 'forbidden', { detail: STAFF_DECISION_MESSAGES.archiveOpenOffer });
        if ((reason ?? '').trim() === '')
          return failureReply(endpoint, 'validation', { reason: [reason == null ? ACCOUNT_MESSAGES.required : MESSAGES.blank] });
      }
      if (action === 'markInadequate' && item.entry.inadequate_documents.length === 0)
        return failureReply(endpoint, 'conflict', { detail: STAFF_DECISION_MESSAGES.noInadequateDocument });
      if (action === 'transfer' && item.entry.payout_hold_at !== null)
        return failureReply(endpoint, 'conflict', { detail: PAYOUT_CHANGE_MESSAGES.onHold });
      const moved = moveEntry(item.entry, action);
      if (moved === null) return entryConflict(endpoint, item.entry);
      const at = nowIso();
      const entry: Entry = {
        ...moved,
        description_of_inadequate_document:
          action === 'markInadequate'
            ? moved.inadequate_documents
                .map((d) => {
                  const index = moved.claims.findIndex((claim) => claim.id === d.claim_id);
                  const claim = moved.claims[index];
                  const label = `${DOCUMENT_GROUP_LABELS[d.group]}${claim === undefined ? '' : `（請求書${index + 1}: ${claim.obliger_company_name}）`}`;
                  return `「${label}」${d.reason}`;
                })
                .join('\n')
            : moved.description_of_inadequate_document,
        rejected_at: action === 'reject' ? at : moved.rejected_at,
        transferred_at: action === 'transfer' ? at : moved.transferred_at,
        transaction_completed_at:
          action === 'archive' && item.entry.status === ENTRY_STATUS.transferred ? at : moved.transaction_completed_at,
      };
      return saveReview({ ...item, entry });
    }),
    [e.staff.entries.confirmBankAccount.id]: mock(e.staff.entries.confirmBankAccount, ({ params }) => {
      const endpoint = e.staff.entries.confirmBankAccount;
      const refused = staffRefusal(state, endpoint);
      if (refused) return refused;
      const item = reviewItem(params.id ?? '');
      if (item === undefined) return failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
      if (item.entry.payout_hold_at === null) return failureReply(endpoint, 'conflict', { detail: PAYOUT_CHANGE_MESSAGES.noHold });
      return saveReview({ ...item, entry: { ...item.entry, payout_hold_at: null, payout_hold_previous_bank_account: null } });
    }),
    [e.staff.entries.approve.id]: mock(e.staff.entries.approve, ({ params, body }) => {
      const endpoint = e.staff.entries.approve;
      const refused = staffRefusal(state, endpoint);
      if (refused) return refused;
      const item = reviewItem(params.id ?? '');
      if (item === undefined) return failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
      const checked = validate(endpoint, body);
      if (!checked.ok) return checked.reply;
      if (item.pricing.some((p) => p.priced_by.staff_id === state.staff?.id))
        return failureReply(endpoint, 'forbidden', { detail: STAFF_DECISION_MESSAGES.samePerson });
      if (!canApproveEntry(item.entry.claims.map((claim) => claim.status)))
        return failureReply(endpoint, 'conflict', { detail: STAFF_DECISION_MESSAGES.claimsUndecided });
      const moved = moveEntry(item.entry, 'approve');
      if (moved === null) return entryConflict(endpoint, item.entry);
      // The party is fixed here (issue 23): a confirmed, unexpired identity, and the party copied onto the entry.
      const identityProblem = contractIdentityProblem(
        item.applicant.identity_confirmation,
        item.applicant.identity_valid_date,
        todayInJapan(),
      );
      if (identityProblem !== null)
        return failureReply(endpoint, 'conflict', { detail: STAFF_DECISION_MESSAGES.identity[identityProblem] });
      const { contract_period } = checked.value as StaffEntryApprove;
      return saveReview({
        ...item,
        approval: stamp(),
        entry: {
          ...moved,
          reviewed_at: nowIso(),
          contract_period: contract_period.trim(),
          contract_party: contractPartyOf(item.applicant),
        },
      });
    }),
    [e.staff.entries.contractDocument.id]: mock(e.staff.entries.contractDocument, ({ params }) => {
      const endpoint = e.staff.entries.contractDocument;
      const refused = staffRefusal(state, endpoint);
      if (refused) return refused;
      return reviewItem(params.id ?? '')?.entry.has_contract_document === true
        ? new MockReply(200, MOCK_FILE_BYTES, { 'Content-Type': 'application/pdf' })
        : failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
    }),
    [e.staff.claims.decision.id]: mock(e.staff.claims.decision, ({ params, body }) => {
      const endpoint = e.staff.claims.decision;
      const refused = staffRefusal(state, endpoint);
      if (refused) return refused;
      const item = claimItem(params.id ?? '');
      if (item === undefined) return failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
      const checked = validate(endpoint, body);
      if (!checked.ok) return checked.reply;
      if (item.entry.status !== ENTRY_STATUS.under_review) return entryConflict(endpoint, item.entry);
      const decision = checked.value as StaffClaimDecision;
      const claimId = Number(params.id);
      let pricing = item.pricing.filter((p) => p.claim_id !== claimId);
      const claims = item.entry.claims.map((claim) => {
        if (claim.id !== claimId) return claim;
        if (decision.decision === 'cannot_buy')
          return { ...claim, status: CLAIM_STATUS.cannot_buy, purchase_amount: null, purchase_principal_amount: null };
        const terms = {
          amount: claim.amount,
          purchase_ratio: (decision.purchase_ratio ?? '').trim(),
          purchase_fee_ratio: (decision.purchase_fee_ratio ?? '').trim(),
          bank_charge: (decision.bank_charge ?? '').trim(),
        };
        pricing = [...pricing, { claim_id: claimId, priced_by: stamp() }];
        return { ...claim, ...terms, amount: claim.amount, ...calculatePurchase(terms), status: CLAIM_STATUS.can_buy };
      });
      return saveReview({ ...item, pricing, entry: { ...item.entry, claims } });
    }),
    [e.staff.claims.action.id]: mock(e.staff.claims.action, ({ params, body }) => {
      const endpoint = e.staff.claims.action;
      const refused = staffRefusal(state, endpoint);
      if (refused) return refused;
      const item = claimItem(params.id ?? '');
      if (item === undefined) return failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
      const checked = validate(endpoint, body);
      if (!checked.ok) return checked.reply;
      const { action } = checked.value as StaffClaimAction;
      const claim = item.entry.claims.find((c) => String(c.id) === params.id);
      const next = claim === undefined ? null : nextClaimStatus(claim.status, action);
      if (claim === undefined || next === null)
        return failureReply(endpoint, 'conflict', {
          detail: STAFF_DECISION_MESSAGES.claimNotAllowed(claimStatusLabel(claim?.status) ?? ''),
        });
      const claims = item.entry.claims.map((c) =>
        c.id === claim.id ? { ...c, status: next, returned_at: action === 'return' ? nowIso() : c.returned_at } : c,
      );
      return saveReview({ ...item, entry: { ...item.entry, claims } });
    }),
  };

  // The back office: staff log in apart from applicants (MOCK_STAFF).
  const staffHandlers = {
    [e.staff.auth.login.id]: mock(e.staff.auth.login, ({ body }) => {
      const checked = validate(e.staff.auth.login, body);
      if (!checked.ok) return checked.reply;
      const { email, password, otp } = checked.value as { email: string; password: string; otp: string };
      const member = state.staffMembers.find((m) => m.email.toLowerCase() === email.toLowerCase() && m.disabled_at === null);
      if (member === undefined || password !== MOCK_STAFF.password || otp !== MOCK_STAFF.otp) {
        return failureReply(e.staff.auth.login, 'operational', { detail: STAFF_MESSAGES.invalidCredentials });
      }
      state.staff = { id: member.id, email: member.email, name: member.name, role: member.role };
      return state.staff;
    }),
    [e.staff.auth.logout.id]: mock(e.staff.auth.logout, () => {
      state.staff = null;
      return undefined;
    }),
    [e.staff.me.get.id]: mock(e.staff.me.get, () => state.staff ?? {}),
    [e.staff.staffMembers.list.id]: mock(
      e.staff.staffMembers.list,
      () => staffRefusal(state, e.staff.staffMembers.list) ?? state.staffMembers,
    ),
    [e.staff.releases.status.id]: mock(
      e.staff.releases.status,
      () => staffRefusal(state, e.staff.releases.status) ?? releaseStatusFixture(),
    ),
    [e.staff.entries.list.id]: mock(e.staff.entries.list, ({ request }) => {
      const refused = staffRefusal(state, e.staff.entries.list);
      if (refused) return refused;
      const query = safeParse(StaffEntryQueueQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return failureReply(e.staff.entries.list, 'validation', validationErrorBody(query.error.issues));
      const { status, order, limit, offset, min_face_total, max_face_total, min_age_days } = query.data;
      const faceTotal = (item: StaffEntryDetail) => item.entry.claims.reduce((total, claim) => total + Number(claim.amount), 0);
      const submittedBefore = min_age_days === undefined ? Infinity : Date.now() - min_age_days * 86_400_000;
      const matching = state.review
        .filter((item) => item.entry.status === ENTRY_STATUS[status])
        .filter((item) => min_face_total === undefined || faceTotal(item) >= min_face_total)
        .filter((item) => max_face_total === undefined || faceTotal(item) <= max_face_total)
        .filter((item) => Date.parse(item.entry.created_at) <= submittedBefore)
        .sort((a, b) => a.entry.created_at.localeCompare(b.entry.created_at) || a.entry.id - b.entry.id);
      if (order === 'newest') matching.reverse();
      const counts = Object.fromEntries(
        Object.entries(ENTRY_STATUS).map(([name, code]) => [name, state.review.filter((item) => item.entry.status === code).length]),
      ) as StaffEntryQueue['counts'];
      return {
        count: matching.length,
        counts,
        wait_limit_hours: 24,
        limit,
        offset,
        results: matching.slice(offset, offset + limit).map(queueItem),
      };
    }),
    [e.staff.entries.get.id]: mock(e.staff.entries.get, ({ params }) => {
      const refused = staffRefusal(state, e.staff.entries.get);
      if (refused) return refused;
      return (
        state.review.find((item) => String(item.entry.id) === params.id) ??
        failureReply(e.staff.entries.get, 'notFound', { detail: NOT_FOUND_DETAIL })
      );
    }),
    [e.staff.uploads.content.id]: mock(e.staff.uploads.content, ({ params }) => {
      const refused = staffRefusal(state, e.staff.uploads.content);
      if (refused) return refused;
      const files = state.review.flatMap(({ entry, applicant }) => [
        ...entry.addfiles,
        ...entry.claims.flatMap((claim) => claim.contentfiles),
        ...applicant.identity_files,
      ]);
      const found = files.find((file) => String(file.id) === params.id);
      return found === undefined
        ? failureReply(e.staff.uploads.content, 'notFound', { detail: NOT_FOUND_DETAIL })
        : new MockReply(200, MOCK_FILE_BYTES, {
            'Content-Type': found.content_type ?? 'application/octet-stream',
            // As the API names it (uploads/download.ts): the stored name, under the type's extension.
            'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(found.name ?? `file-${found.id}`)}`,
          });
    }),
    // The operations desk (issue 25), over the applicants of `state.review`.
    [e.staff.applicants.search.id]: mock(e.staff.applicants.search, ({ request }) => {
      const refused = staffRefusal(state, e.staff.applicants.search);
      if (refused) return refused;
      const query = safeParse(StaffApplicantSearchQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return failureReply(e.staff.applicants.search, 'validation', validationErrorBody(query.error.issues));
      const { q, identity, open_entry, cursor, limit } = query.data;
      const key = corporationKeyForMocks(q ?? '');
      const applicants = [...new Map(state.review.map((item) => [item.applicant.id, item.applicant])).values()]
        .filter((a) => key === '' || corporationKeyForMocks(`${a.company_name} ${a.last_name}${a.first_name} ${a.email}`).includes(key))
        .filter((a) => identity === undefined || a.identity_confirmation === REVIEW_STATUS[identity])
        .filter((a) => cursor === undefined || a.id < cursor)
        .map((a) => {
          const open = state.review.filter((item) => item.applicant.id === a.id && item.entry.status <= ENTRY_STATUS.reviewed).length;
          return {
            id: a.id,
            email: a.email,
            first_name: a.first_name,
            last_name: a.last_name,
            company_name: a.company_name,
            corporate_division: a.corporate_division,
            office_phone: a.office_phone,
            created_at: nowIso(),
            identity_confirmation: a.identity_confirmation,
            open_entry_count: open,
            delinquent: false,
          };
        })
        .filter((a) => open_entry === undefined || a.open_entry_count > 0)
        .sort((a, b) => b.id - a.id);
      const page = applicants.slice(0, limit);
      return { results: page, next_cursor: applicants.length > limit ? (page.at(-1)?.id ?? null) : null };
    }),
    [e.staff.applicants.get.id]: mock(e.staff.applicants.get, ({ params }) => {
      const refused = staffRefusal(state, e.staff.applicants.get);
      if (refused) return refused;
      const items = state.review.filter((item) => String(item.applicant.id) === params.id);
      const applicant = items[0]?.applicant;
      if (applicant === undefined) return failureReply(e.staff.applicants.get, 'notFound', { detail: NOT_FOUND_DETAIL });
      const detail: StaffApplicantDetail = {
        applicant,
        created_at: nowIso(),
        entries: items.map(({ entry }) => ({
          id: entry.id,
          code: entry.code,
          status: entry.status,
          created_at: entry.created_at,
          purchase_amount_desired: entry.purchase_amount_desired,
        })),
        mails: [],
        notes: state.staffNotes?.get(applicant.id) ?? [],
      };
      return detail;
    }),
    [e.staff.applicants.addNote.id]: mock(e.staff.applicants.addNote, ({ params, body }) => {
      const endpoint = e.staff.applicants.addNote;
      const refused = staffRefusal(state, endpoint);
      if (refused) return refused;
      const applicant = state.review.find((item) => String(item.applicant.id) === params.id)?.applicant;
      if (applicant === undefined || state.staff === null) return failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
      const checked = validate(endpoint, body);
      if (!checked.ok) return checked.reply;
      const notes = (state.staffNotes ??= new Map<number, StaffNote[]>());
      const before = notes.get(applicant.id) ?? [];
      const note: StaffNote = {
        id: before.length + 1,
        body: (checked.value as StaffNoteRequest).body.trim(),
        created_at: nowIso(),
        staff_id: state.staff.id,
        staff_name: state.staff.name,
      };
      notes.set(applicant.id, [note, ...before]);
      return note;
    }),
    [e.staff.exports.payouts.id]: mock(e.staff.exports.payouts, ({ request }) => exportReply('payouts', request)),
    [e.staff.exports.contracts.id]: mock(e.staff.exports.contracts, ({ request }) => exportReply('contracts', request)),
    [e.staff.identityQueue.list.id]: mock(e.staff.identityQueue.list, ({ request }) => {
      const refused = staffRefusal(state, e.staff.identityQueue.list);
      if (refused) return refused;
      const query = safeParse(StaffIdentityQueueQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return failureReply(e.staff.identityQueue.list, 'validation', validationErrorBody(query.error.issues));
      const waiting = [...new Map(state.review.map((item) => [item.applicant.id, item.applicant])).values()].filter(
        (a) => a.identity_confirmation === REVIEW_STATUS.confirming,
      );
      return {
        count: waiting.length,
        results: waiting
          .slice(query.data.offset, query.data.offset + query.data.limit)
          .map((applicant) => ({ applicant, submitted_at: null })),
      };
    }),
    [e.staff.users.identity.id]: mock(e.staff.users.identity, ({ params, body }) => {
      const endpoint = e.staff.users.identity;
      const refused = staffRefusal(state, endpoint);
      if (refused) return refused;
      const applicant = state.review.find((item) => String(item.applicant.id) === params.id)?.applicant;
      if (applicant === undefined) return failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
      const checked = validate(endpoint, body);
      if (!checked.ok) return checked.reply;
      const decision = checked.value as StaffIdentityDecision;
      const current = reviewStatusOrDefault(applicant.identity_confirmation);
      if (current !== REVIEW_STATUS.confirming) {
        return failureReply(endpoint, 'validation', {
          non_field_errors: [STAFF_REVIEW_MESSAGES.identityNotConfirming(REVIEW_STATUS_LABELS[current])],
        });
      }
      const validDate = decision.decision === 'confirmed' ? (decision.valid_date ?? '').trim() : null;
      if (validDate !== null && validDate < new Date().toISOString().slice(0, 10)) {
        return failureReply(endpoint, 'validation', { valid_date: [STAFF_REVIEW_MESSAGES.validDatePast] });
      }
      const after = {
        ...applicant,
        identity_confirmation: decision.decision === 'confirmed' ? REVIEW_STATUS.confirmed : REVIEW_STATUS.inadequate,
        identity_valid_date: validDate,
      };
      state.review = state.review.map((item) => (item.applicant.id === after.id ? { ...item, applicant: after } : item));
      return after;
    }),
  };
  const handlers = {
    [e.health.get.id]: answer(e.health.get, healthFixture()),
    [e.schema.get.id]: answer(e.schema.get, openApiFixture()),
    [e.register.create.id]: mock(e.register.create, ({ body }) => {
      const checked = validate(e.register.create, body);
      if (!checked.ok) return checked.reply;
      const value = checked.value as { email: string; password: string; corporate_division: 'corporate' | 'individual' };
      if (state.accounts.has(value.email.toLowerCase())) {
        return failureReply(e.register.create, 'validation', { email: [ACCOUNT_MESSAGES.emailTaken] });
      }
      state.accounts.set(value.email.toLowerCase(), value.password);
      return accountSummaryFixture({ id: state.accounts.size + 100, email: value.email, corporate_division: value.corporate_division });
    }),
    [e.register.activate.id]: mock(e.register.activate, ({ body }) => {
      const checked = validate(e.register.activate, body);
      return checked.ok ? detailFixture(ACCOUNT_MESSAGES.activated) : checked.reply;
    }),
    [e.auth.login.id]: mock(e.auth.login, ({ body }) => {
      const checked = validate(e.auth.login, body);
      if (!checked.ok) return checked.reply;
      const { email, password } = checked.value as { email: string; password: string };
      if (state.accounts.get(email.toLowerCase()) !== password) {
        return failureReply(e.auth.login, 'operational', { detail: ACCOUNT_MESSAGES.invalidCredentials });
      }
      state.me = meFixture({ email, version: state.profile.version });
      return accountSummaryFixture({ id: state.me.id, email });
    }),
    [e.auth.logout.id]: mock(e.auth.logout, () => {
      state.me = null;
      return undefined;
    }),
    [e.me.get.id]: mock(e.me.get, () => state.me ?? visitorFixture()),
    [e.me.visitedEntryPage.id]: mock(e.me.visitedEntryPage, () => {
      if (state.me === null) return notAuthenticated(e.me.visitedEntryPage);
      state.me = {
        ...state.me,
        visited_at_entry_page_after_mail_verification: state.me.visited_at_entry_page_after_mail_verification ?? new Date().toISOString(),
      };
      return state.me;
    }),
    [e.password.reset.id]: mock(e.password.reset, ({ body }) => {
      const checked = validate(e.password.reset, body);
      return checked.ok ? detailFixture(ACCOUNT_MESSAGES.passwordResetSent) : checked.reply;
    }),
    [e.password.resetConfirm.id]: mock(e.password.resetConfirm, ({ body }) => {
      const checked = validate(e.password.resetConfirm, body);
      return checked.ok ? detailFixture(ACCOUNT_MESSAGES.passwordResetDone) : checked.reply;
    }),
    [e.password.change.id]: mock(e.password.change, ({ body }) => {
      const refused = loggedIn(e.password.change);
      if (refused) return refused;
      const checked = validate(e.password.change, body);
      return checked.ok ? detailFixture(ACCOUNT_MESSAGES.passwordChanged) : checked.reply;
    }),
    [e.profile.get.id]: mock(e.profile.get, () => loggedIn(e.profile.get) ?? state.profile),
    ...Object.fromEntries(
      [e.profile.patch, e.profile.patchWithoutSector, e.profile.patchNameAndIdentity].map((endpoint) => [
        endpoint.id,
        mock(endpoint, ({ body }) => {
          const refused = loggedIn(endpoint);
          if (refused) return refused;
          const checked = validate(endpoint, body);
          if (!checked.ok) return checked.reply;
          const { version, addfiles, ...changes } = checked.value as Record<string, unknown> & { version?: number; addfiles?: number[] };
          if (version !== undefined && version !== state.profile.version) {
            return failureReply(endpoint, 'conflict', { detail: ACCOUNT_MESSAGES.versionConflict });
          }
          const files = (addfiles ?? []).map((id) => state.uploads.find((u) => u.upload.id === id)?.upload);
          const unknown = (addfiles ?? []).filter((_id, i) => files[i] === undefined);
          if (unknown.length > 0)
            return failureReply(endpoint, 'validation', { addfiles: unknown.map((id) => ACCOUNT_MESSAGES.fileNotFound(id)) });
          const attached = files.flatMap((f) =>
            f === undefined ? [] : [{ id: f.id, kind: f.kind, name: f.name, content_type: f.content_type, side: f.side }],
          );
          const identity = attached.some((f) => f.kind === 'identity');
          state.profile = {
            ...state.profile,
            ...changes,
            addfiles: [...state.profile.addfiles.filter((f) => !(identity && f.kind === 'identity')), ...attached],
            ...(identity ? { identity_confirmation: REVIEW_STATUS.confirming } : {}),
            version: state.profile.version + 1,
          };
          return state.profile;
        }),
      ]),
    ),
    [e.systemSettings.suppressEntries.id]: mock(e.systemSettings.suppressEntries, () => state.suppressEntries),
    [e.uploads.list.id]: mock(e.uploads.list, () => loggedIn(e.uploads.list) ?? state.uploads.map((u) => u.upload)),
    // The mock trusts the browser's content type (the API reads the file's bytes instead).
    [e.uploads.create.id]: mock(e.uploads.create, async ({ request }) => {
      const refused = loggedIn(e.uploads.create);
      if (refused) return refused;
      const form = await request.formData();
      const fields = safeParse(UploadRequestFieldsSchema, { kind: form.get('kind') ?? undefined, side: form.get('side') ?? undefined });
      if (!fields.success) return failureReply(e.uploads.create, 'validation', validationErrorBody(fields.error.issues));
      const entry = form.get(UPLOAD_FILE_FIELD);
      // Duck-typed: the File of the page (jsdom, the browser) is not always the one fetch built.
      const file = typeof entry === 'object' && entry !== null && 'arrayBuffer' in entry ? entry : null;
      if (file === null) return failureReply(e.uploads.create, 'validation', { [UPLOAD_FILE_FIELD]: [UPLOAD_MESSAGES.noFile] });
      if (file.size === 0) return failureReply(e.uploads.create, 'validation', { [UPLOAD_FILE_FIELD]: [UPLOAD_MESSAGES.empty] });
      if (!acceptedContentTypes(fields.data.kind).includes(file.type)) {
        return failureReply(e.uploads.create, 'validation', { [UPLOAD_FILE_FIELD]: [UPLOAD_MESSAGES.unsupported(fields.data.kind)] });
      }
      const upload: Upload = {
        id: state.uploads.length + 1000,
        kind: fields.data.kind,
        side: fields.data.side ?? null,
        name: file.name,
        content_type: file.type,
        size: file.size,
        active: false,
        created_at: new Date().toISOString(),
      };
      state.uploads.push({ upload, bytes: await file.arrayBuffer() });
      return upload;
    }),
    [e.uploads.content.id]: mock(e.uploads.content, ({ params }) => {
      const refused = loggedIn(e.uploads.content);
      if (refused) return refused;
      const found = state.uploads.find((u) => String(u.upload.id) === params.id);
      return found === undefined
        ? failureReply(e.uploads.content, 'notFound', { detail: NOT_FOUND_DETAIL })
        : new MockReply(200, found.bytes, { 'Content-Type': found.upload.content_type });
    }),
    [e.uploads.delete.id]: mock(e.uploads.delete, ({ params }) => {
      const refused = loggedIn(e.uploads.delete);
      if (refused) return refused;
      const index = state.uploads.findIndex((u) => String(u.upload.id) === params.id);
      if (index === -1) return failureReply(e.uploads.delete, 'notFound', { detail: NOT_FOUND_DETAIL });
      state.uploads.splice(index, 1);
      return undefined;
    }),
    [e.uploads.activeDelinquency.id]: mock(e.uploads.activeDelinquency, ({ body }) => {
      const refused = loggedIn(e.uploads.activeDelinquency);
      if (refused) return refused;
      const checked = validate(e.uploads.activeDelinquency, body);
      if (!checked.ok) return checked.reply;
      const { ids } = checked.value as { ids: number[] };
      const wrong = ids.filter((id) => !state.uploads.some((u) => u.upload.id === id && u.upload.kind === 'delinquency'));
      if (wrong.length > 0)
        return failureReply(e.uploads.activeDelinquency, 'validation', { ids: wrong.map((id) => UPLOAD_MESSAGES.notDelinquency(id)) });
      for (const u of state.uploads) if (ids.includes(u.upload.id)) u.upload = { ...u.upload, active: true };
      return state.uploads.filter((u) => u.upload.kind === 'delinquency').map((u) => u.upload);
    }),
    [e.accountSessions.list.id]: mock(e.accountSessions.list, () => loggedIn(e.accountSessions.list) ?? state.accountSessions),
    [e.accountSessions.revoke.id]: mock(e.accountSessions.revoke, ({ params }) => {
      const refused = loggedIn(e.accountSessions.revoke);
      if (refused) return refused;
      const target = state.accountSessions.find((session) => session.id === params.id);
      if (target === undefined) return failureReply(e.accountSessions.revoke, 'notFound', { detail: NOT_FOUND_DETAIL });
      if (target.current) {
        return failureReply(e.accountSessions.revoke, 'validation', { non_field_errors: [ACCOUNT_MESSAGES.currentSessionNotRevocable] });
      }
      state.accountSessions = state.accountSessions.filter((session) => session !== target);
      return undefined;
    }),
    [e.accountSessions.logoutAll.id]: mock(e.accountSessions.logoutAll, () => {
      const refused = loggedIn(e.accountSessions.logoutAll);
      if (refused) return refused;
      state.accountSessions = [];
      state.me = null;
      return undefined;
    }),
    [e.mailChange.request.id]: mock(e.mailChange.request, ({ body }) => {
      const refused = loggedIn(e.mailChange.request);
      if (refused) return refused;
      const checked = validate(e.mailChange.request, body);
      return checked.ok ? detailFixture(MAIL_CHANGE_MESSAGES.sent) : checked.reply;
    }),
    [e.mailChange.confirm.id]: mock(e.mailChange.confirm, ({ body }) => {
      const checked = validate(e.mailChange.confirm, body);
      return checked.ok ? detailFixture(MAIL_CHANGE_MESSAGES.done) : checked.reply;
    }),
    [e.preEntry.get.id]: mock(e.preEntry.get, () => loggedIn(e.preEntry.get) ?? state.preEntry),
    [e.preEntry.submit.id]: mock(e.preEntry.submit, ({ body }) => {
      const refused = loggedIn(e.preEntry.submit);
      if (refused) return refused;
      if (state.preEntry.outcome !== 'unanswered')
        return failureReply(e.preEntry.submit, 'conflict', { detail: PRE_ENTRY_API_MESSAGES.alreadyAnswered });
      const checked = validate(e.preEntry.submit, body);
      if (!checked.ok) return checked.reply;
      const outcome = screenPreEntry(checked.value as Record<string, string>);
      state.preEntry = {
        outcome: outcome.outcome,
        reasons:
          outcome.outcome === 'declined'
            ? outcome.reasons.map((r) => ({ question_id: r.questionId, reason: r.reason, alternative: r.alternative }))
            : [],
        answered_at: new Date().toISOString(),
      };
      if (state.me !== null) state.me = { ...state.me, has_pre_entry_declined: outcome.outcome === 'declined' };
      return state.preEntry;
    }),
    [e.entries.list.id]: mock(e.entries.list, () => loggedIn(e.entries.list) ?? state.entries),
    [e.entries.draft.id]: mock(e.entries.draft, () => loggedIn(e.entries.draft) ?? state.draft),
    [e.entries.saveDraft.id]: mock(e.entries.saveDraft, ({ body }) => {
      const refused = loggedIn(e.entries.saveDraft);
      if (refused) return refused;
      const checked = validate(e.entries.saveDraft, body);
      if (!checked.ok) return checked.reply;
      const { version, data } = checked.value as DraftSaveRequest;
      if (version !== state.draft.version)
        return failureReply(e.entries.saveDraft, 'conflict', { detail: ACCOUNT_MESSAGES.versionConflict });
      state.draft = { version: version + 1, updated_at: new Date().toISOString(), data };
      return state.draft;
    }),
    // After the draft handlers: MSW tries handlers in order and `/api/entries/:id/` would match `draft`.
    [e.entries.get.id]: mock(e.entries.get, ({ params }) => {
      const refused = loggedIn(e.entries.get);
      if (refused) return refused;
      return (
        state.entries.find((entry) => String(entry.id) === params.id) ??
        failureReply(e.entries.get, 'notFound', { detail: NOT_FOUND_DETAIL })
      );
    }),
    // An entry's life: the same legal moves as the API (the domain's transition table), no mails.
    [e.entries.review.id]: mock(e.entries.review, ({ params, body }) => {
      const endpoint = e.entries.review;
      const refused = loggedIn(endpoint);
      if (refused) return refused;
      const entry = state.entries.find((item) => String(item.id) === params.id);
      if (entry === undefined) return failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
      const checked = validate(endpoint, body);
      if (!checked.ok) return checked.reply;
      const moved = entry.status === ENTRY_STATUS.inadequate ? moveEntry(entry, 'review') : null;
      if (moved === null)
        return failureReply(endpoint, 'conflict', {
          detail: ENTRY_LIFE_MESSAGES.notAllowed(entryStatusLabel(entry.status) ?? '', ENTRY_LIFE_MESSAGES.actions.review),
        });
      const files = (checked.value as EntryReviewRequest).files;
      const resubmitted: Entry = {
        ...moved,
        inadequate_documents: [],
        description_of_inadequate_document: null,
        account_activity_statement_confirmation_status:
          moved.account_activity_statement_confirmation_status === REVIEW_STATUS.inadequate
            ? REVIEW_STATUS.confirming
            : moved.account_activity_statement_confirmation_status,
        financial_statement_confirmation_status:
          moved.financial_statement_confirmation_status === REVIEW_STATUS.inadequate
            ? REVIEW_STATUS.confirming
            : moved.financial_statement_confirmation_status,
        addfiles: [...moved.addfiles, ...files.filter((f) => f.claim_id == null).map((f) => ({ id: f.id, kind: f.group }))],
        claims: moved.claims.map((claim) => ({
          ...claim,
          invoice_confirmation_status:
            claim.invoice_confirmation_status === REVIEW_STATUS.inadequate ? REVIEW_STATUS.confirming : claim.invoice_confirmation_status,
          additional_doc_confirmation_status:
            claim.additional_doc_confirmation_status === REVIEW_STATUS.inadequate
              ? REVIEW_STATUS.confirming
              : claim.additional_doc_confirmation_status,
          contentfiles: [
            ...claim.contentfiles,
            ...files.filter((f) => f.claim_id === claim.id).map((f) => ({ id: f.id, kind: `${f.group}-${claim.id}` })),
          ],
        })),
      };
      state.entries = state.entries.map((item) => (item.id === entry.id ? resubmitted : item));
      return resubmitted;
    }),
    [e.entries.cancel.id]: mock(e.entries.cancel, ({ params }) => {
      const endpoint = e.entries.cancel;
      const refused = loggedIn(endpoint);
      if (refused) return refused;
      const entry = state.entries.find((item) => String(item.id) === params.id);
      if (entry === undefined) return failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
      const moved = moveEntry(entry, 'cancel');
      if (moved === null)
        return failureReply(endpoint, 'conflict', {
          detail: ENTRY_LIFE_MESSAGES.notAllowed(entryStatusLabel(entry.status) ?? '', ENTRY_LIFE_MESSAGES.actions.cancel),
        });
      const cancelled = { ...moved, cancelled_at: nowIso() };
      state.entries = state.entries.map((item) => (item.id === entry.id ? cancelled : item));
      return cancelled;
    }),
    [e.entries.contract.id]: mock(e.entries.contract, ({ params, body }) => {
      const endpoint = e.entries.contract;
      const refused = loggedIn(endpoint);
      if (refused) return refused;
      const entry = state.entries.find((item) => String(item.id) === params.id);
      if (entry === undefined) return failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
      const checked = validate(endpoint, body);
      if (!checked.ok) return checked.reply;
      const moved = moveEntry(entry, 'contract');
      if (moved === null)
        return failureReply(endpoint, 'conflict', {
          detail: ENTRY_LIFE_MESSAGES.notAllowed(entryStatusLabel(entry.status) ?? '', ENTRY_LIFE_MESSAGES.actions.contract),
        });
      const contracted = { ...moved, contracted_at: nowIso(), has_contract_document: true };
      state.entries = state.entries.map((item) => (item.id === entry.id ? contracted : item));
      return contracted;
    }),
    // As the API (payout-account/): reviewed or contracted, the password typed again, the payout held.
    [e.entries.changeBankAccount.id]: mock(e.entries.changeBankAccount, ({ params, body }) => {
      const endpoint = e.entries.changeBankAccount;
      const refused = loggedIn(endpoint);
      if (refused) return refused;
      const entry = state.entries.find((item) => String(item.id) === params.id);
      if (entry === undefined) return failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
      const checked = validate(endpoint, body);
      if (!checked.ok) return checked.reply;
      const request = checked.value as EntryBankAccountChangeRequest;
      if (request.password !== state.accounts.get(state.me?.email ?? ''))
        return failureReply(endpoint, 'validation', { password: [PAYOUT_CHANGE_MESSAGES.passwordIncorrect] });
      if (entry.status !== ENTRY_STATUS.reviewed && entry.status !== ENTRY_STATUS.contracted)
        return failureReply(endpoint, 'conflict', {
          detail: ENTRY_LIFE_MESSAGES.notAllowed(entryStatusLabel(entry.status) ?? '', PAYOUT_CHANGE_MESSAGES.action),
        });
      if (!state.profile.can_edit_bank_account)
        return failureReply(endpoint, 'validation', { bank_account: [ACCOUNT_MESSAGES.bankAccountLocked] });
      const bankAccount = request.bank_account.trim();
      if (bankAccount === entry.bank_account)
        return failureReply(endpoint, 'validation', { bank_account: [PAYOUT_CHANGE_MESSAGES.sameAccount] });
      const changed: Entry = {
        ...entry,
        bank_account: bankAccount,
        payout_hold_at: nowIso(),
        payout_hold_previous_bank_account: entry.payout_hold_at === null ? entry.bank_account : entry.payout_hold_previous_bank_account,
      };
      state.entries = state.entries.map((item) => (item.id === entry.id ? changed : item));
      return changed;
    }),
    [e.entries.contractDocument.id]: mock(e.entries.contractDocument, ({ params }) => {
      const endpoint = e.entries.contractDocument;
      const refused = loggedIn(endpoint);
      if (refused) return refused;
      const entry = state.entries.find((item) => String(item.id) === params.id);
      return entry?.has_contract_document === true
        ? new MockReply(200, MOCK_FILE_BYTES, { 'Content-Type': 'application/pdf' })
        : failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
    }),
    // The mock creates the entry from the request without the API's file and eligibility checks.
    [e.entries.create.id]: mock(e.entries.create, ({ body }) => {
      const refused = loggedIn(e.entries.create);
      if (refused) return refused;
      const checked = validate(e.entries.create, body);
      if (!checked.ok) return checked.reply;
      const request = checked.value as EntryCreateRequest;
      // As the API: the entry needs its own payout account (no fallback to the profile's).
      const bankAccount = (request.bank_account ?? '').trim();
      if (bankAccount === '') return failureReply(e.entries.create, 'validation', { bank_account: [PAYOUT_ACCOUNT_MESSAGES.required] });
      const id = state.entries.length + 21;
      const entry = entryFixture({
        id,
        code: `E-${String(id).padStart(6, '0')}`,
        purchase_amount_desired: String(parseYen(request.purchase_amount_desired ?? '') ?? 0),
        purpose: request.purpose ?? '',
        claims: request.claims.map((claim, i) =>
          claimFixture({
            id: id * 10 + i,
            obliger_company_name: claim.obliger_company_name ?? '',
            amount: String(parseYen(claim.amount ?? '') ?? 0),
            scheduled_deposit_amount_from_obliger: String(parseYen(claim.scheduled_deposit_amount_from_obliger ?? '') ?? 0),
            obliger_payment_date: claim.obliger_payment_date ?? '2026-12-31',
            contentfiles: claim.contentfile_relations,
          }),
        ),
        bank_account: bankAccount,
      });
      state.entries = [entry, ...state.entries];
      state.draft = draftFixture();
      return entry;
    }),
    [e.ext.houjinbangou.id]: mock(e.ext.houjinbangou, ({ request }) => {
      const refused = loggedIn(e.ext.houjinbangou);
      if (refused) return refused;
      const name = new URL(request.url).searchParams.get('name')?.trim() ?? '';
      return corporationsFixture().filter((c) => name !== '' && c.name.includes(name));
    }),
    [e.banks.search.id]: mock(e.banks.search, ({ request }) => {
      const refused = loggedIn(e.banks.search);
      if (refused) return refused;
      const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
      return banksFixture().filter((b) => q !== '' && (b.name.includes(q) || b.kana.includes(q) || b.code.startsWith(q)));
    }),
    [e.banks.branches.id]: mock(e.banks.branches, ({ request }) => {
      const refused = loggedIn(e.banks.branches);
      if (refused) return refused;
      const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
      return branchesFixture().filter((b) => q !== '' && (b.name.includes(q) || b.kana.includes(q) || b.code.startsWith(q)));
    }),
    [e.news.list.id]: mock(e.news.list, () => loggedIn(e.news.list) ?? state.news),
    // The live-status stream: a retry hint and a comment, then the answer ends (the mock changes
    // nothing behind the page's back); the shell's stream reconnects with its back-off.
    [e.events.stream.id]: mock(
      e.events.stream,
      () =>
        loggedIn(e.events.stream) ??
        new MockReply(200, new TextEncoder().encode('retry: 60000\n: mock\n\n').buffer, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-cache',
        }),
    ),
    // A few codes (MOCK_POSTAL_ADDRESSES); any other 7 digits are unknown, anything else is 400 as from the API.
    [e.postalCodes.get.id]: mock(e.postalCodes.get, ({ params }) => {
      const checked = safeParse(PostalCodeParamsSchema, params);
      if (!checked.success) return failureReply(e.postalCodes.get, 'validation', validationErrorBody(checked.error.issues));
      const { code } = checked.data;
      return postalCodeLookupFixture({ code, addresses: [...(MOCK_POSTAL_ADDRESSES[code] ?? [])] });
    }),
    ...staffHandlers,
    ...decisionHandlers,
  };
  const missing = listEndpoints(endpoints).filter((endpoint) => !(endpoint.id in handlers));
  if (missing.length > 0) throw new Error(`the mock backend does not answer ${missing.map((m) => m.id).join(', ')}`);
  return { handlers: Object.values(handlers), state };
}
