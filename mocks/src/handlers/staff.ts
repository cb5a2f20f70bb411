import { safeParse } from 'zod/mini';
import { endpoints } from '@app/contracts/api/endpoints';
import { NOT_FOUND_DETAIL, validationErrorBody } from '@app/contracts/api/errors';
import { ENTRY_STATUS, REVIEW_STATUS, reviewStatusOrDefault } from '@app/contracts/domain/statuses';
import { STAFF_MESSAGES } from '@app/contracts/api/staff';
import { ReleaseHealthQuerySchema } from '@app/contracts/api/releases';
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
import { corporationKeyForMocks } from '../search-key';
import {
  STAFF_REVIEW_MESSAGES,
  StaffEntryQueueQuerySchema,
  type StaffEntryDetail,
  type StaffEntryQueue,
  type StaffIdentityDecision,
} from '@app/contracts/api/staff-review';
import { REVIEW_STATUS_LABELS } from '@app/contracts/domain/identity-documents';
import { MockReply, failureReply, mock, validate } from '../reply';
import { MOCK_STAFF, type MockState } from '../state';
import { MOCK_FILE_BYTES, nowIso, queueItem, releaseStatusFixture, staffRefusal } from './support';
import { releaseHealthFixture } from './release-health';

/** The back office: staff log in apart from applicants (MOCK_STAFF); the queue, applicants, exports, identity. */
export function staffHandlers(state: MockState) {
  const e = endpoints;
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
  return {
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
      state.previews = {};
      return undefined;
    }),
    [e.staff.me.get.id]: mock(e.staff.me.get, () => state.staff ?? {}),
    [e.staff.staffMembers.list.id]: mock(
      e.staff.staffMembers.list,
      () => staffRefusal(state, e.staff.staffMembers.list) ?? state.staffMembers,
    ),
    [e.staff.releases.status.id]: mock(
      e.staff.releases.status,
      () => staffRefusal(state, e.staff.releases.status) ?? releaseStatusFixture(state.previews),
    ),
    [e.staff.releases.preview.id]: mock(e.staff.releases.preview, ({ body }) => {
      const refused = staffRefusal(state, e.staff.releases.preview);
      if (refused) return refused;
      const checked = validate(e.staff.releases.preview, body);
      if (!checked.ok) return checked.reply;
      const pin = checked.value as { remote: string; version: string };
      const known = releaseStatusFixture().remotes.find((r) => r.remote === pin.remote);
      if (known === undefined || !known.published.includes(pin.version))
        return failureReply(e.staff.releases.preview, 'notFound', { detail: NOT_FOUND_DETAIL });
      state.previews = { ...state.previews, [pin.remote]: pin.version };
      return { previews: state.previews };
    }),
    [e.staff.releases.endPreview.id]: mock(e.staff.releases.endPreview, ({ body }) => {
      const refused = staffRefusal(state, e.staff.releases.endPreview);
      if (refused) return refused;
      const checked = validate(e.staff.releases.endPreview, body);
      if (!checked.ok) return checked.reply;
      const { remote } = checked.value as { remote?: string };
      const previews: Record<string, string> = remote === undefined ? {} : { ...state.previews };
      if (remote !== undefined) delete previews[remote];
      state.previews = previews;
      return { previews };
    }),
    // The canaries' health (issue 26): the mocks keep no telemetry, so this answers FIXTURE data
    // (releaseHealthFixture: mypage's canary, made-up numbers judged by the real rule), never measured.
    [e.staff.releases.health.id]: mock(e.staff.releases.health, ({ request }) => {
      const refused = staffRefusal(state, e.staff.releases.health);
      if (refused) return refused;
      const query = safeParse(ReleaseHealthQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return failureReply(e.staff.releases.health, 'validation', validationErrorBody(query.error.issues));
      return releaseHealthFixture(query.data.windowMinutes);
    }),
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
}
