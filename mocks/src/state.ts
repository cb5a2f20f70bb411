import type { DraftEntryResponse } from '@app/contracts/api/draft';
import type { Entry } from '@app/contracts/api/entry';
import type { AccountSession } from '@app/contracts/api/account-sessions';
import type { Me } from '@app/contracts/api/me';
import type { NewsItem } from '@app/contracts/api/news';
import { type PreEntryResult } from '@app/contracts/api/pre-entry';
import type { ProfileResponse } from '@app/contracts/api/profile';
import type { SuppressEntries } from '@app/contracts/api/system-settings';
import { type StaffMember, type StaffSummary } from '@app/contracts/api/staff';
import { type StaffNote } from '@app/contracts/api/staff-applicants';
import { type StaffEntryDetail } from '@app/contracts/api/staff-review';
import { type Upload } from '@app/contracts/api/upload';
import {
  accountSessionsFixture,
  draftFixture,
  newsFixture,
  profileFixture,
  staffEntryDetailFixture,
  staffMembersFixture,
  suppressEntriesFixture,
} from './fixtures';

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
  /** The staff browser's release preview pins (remote → version), ended at staff logout. */
  previews?: Record<string, string>;
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
