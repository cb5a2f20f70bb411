import { type AnyEndpoint } from '@app/contracts/api/endpoint';
import type { ContractParty, Entry } from '@app/contracts/api/entry';
import type { ReleaseStatus } from '@app/contracts/api/releases';
import { ENTRY_STATUS } from '@app/contracts/domain/statuses';
import { claimStatusAfterEntryAction, nextEntryStatus, type EntryAction } from '@app/contracts/domain/transitions';
import { STAFF_MESSAGES } from '@app/contracts/api/staff';
import { type StaffEntryDetail, type StaffEntryQueueItem } from '@app/contracts/api/staff-review';
import { failureReply, notAuthenticated, type MockReply } from '../reply';
import type { MockState } from '../state';

/** The applicant endpoints' 403 when no applicant is logged in, or null. */
export const applicantGate =
  (state: MockState) =>
  (endpoint: AnyEndpoint): MockReply | null =>
    state.me === null ? notAuthenticated(endpoint) : null;

/** The releases as the back office shows them: one remote in a canary for staff, a rollback in the history. */
export function releaseStatusFixture(previews: Readonly<Record<string, string>> = {}): ReleaseStatus {
  const remote = (name: string, live: string) => ({ remote: name, live, canary: null, published: [live], preview: previews[name] ?? null });
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
      {
        remote: 'mypage',
        live: '0.1.0-5d0e9a7b21',
        canary: { version: '0.1.0-7c31375d08', audience: { kind: 'staff' } },
        published: ['0.1.0-7c31375d08', '0.1.0-5d0e9a7b21'],
        preview: previews.mypage ?? null,
      },
      remote('backoffice', '0.1.0-7590660e09'),
    ],
    history: [
      change('2026-04-02T10:20:41.502Z', 'canary', 'mypage', null, '0.1.0-7c31375d08', 'new dashboard, staff first'),
      change('2026-04-02T02:03:44.318Z', 'rollback', 'entry', '0.1.0-91aa03be77', '0.1.0-d4e802e621', 'form errors'),
      change('2026-04-01T18:00:05.001Z', 'promote', 'entry', '0.1.0-d4e802e621', '0.1.0-91aa03be77', null),
    ],
  };
}

/** A staff endpoint's 403s, as the API words them: no staff session, or a role the endpoint does not allow. */
export function staffRefusal(state: MockState, endpoint: AnyEndpoint): MockReply | null {
  if (state.staff === null) return failureReply(endpoint, 'forbidden', { detail: STAFF_MESSAGES.notAuthenticated });
  const roles = typeof endpoint.access === 'object' ? endpoint.access.staff : [];
  return roles.includes(state.staff.role) ? null : failureReply(endpoint, 'forbidden', { detail: STAFF_MESSAGES.permissionDenied });
}

/** A review item as the queue lists it. */
export function queueItem({ entry, applicant, assignee }: StaffEntryDetail): StaffEntryQueueItem {
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
export const MOCK_FILE_BYTES = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]).buffer;

/** The mock's clock for the timestamps a move sets. */
export const nowIso = (): string => new Date().toISOString();

/** Today in Japan (`YYYY-MM-DD`), the day the API's offer rules count in. */
export const todayInJapan = (): string => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

/** Whether an approved entry's offer can still be signed: reviewed, its last day to sign today or later in Japan (as the API). */
export const isOfferOpen = (entry: Entry): boolean =>
  entry.status === ENTRY_STATUS.reviewed && entry.contract_period !== null && entry.contract_period >= todayInJapan();

/** Who may end an offer before its last day to sign (the approval's own roles, as the API). */
export const OFFER_ENDERS: ReadonlySet<string> = new Set(['approver', 'admin']);

/** The party the approval fixes (issue 23), from the applicant as the back office reads them: the office of a corporation, else the owner's address. */
export function contractPartyOf(applicant: StaffEntryDetail['applicant']): ContractParty {
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
export function moveEntry(entry: Entry, action: EntryAction): Entry | null {
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
export const ENTRY_GROUP_FIELD = {
  withdrawals_detail: 'account_activity_statement_confirmation_status',
  financial_statements: 'financial_statement_confirmation_status',
} as const;
export const CLAIM_GROUP_FIELD = { invoice: 'invoice_confirmation_status', additional_doc: 'additional_doc_confirmation_status' } as const;
