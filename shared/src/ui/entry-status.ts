import { entryStatusName, type EntryStatusName } from '@app/contracts/domain/statuses';

/** How an entry's status badge looks: waiting on us, the applicant's turn, finished, closed. */
export type EntryStatusTone = 'waiting' | 'todo' | 'done' | 'closed';

const TONE: Readonly<Record<EntryStatusName, EntryStatusTone>> = {
  under_review: 'waiting',
  inadequate: 'todo',
  reviewed: 'todo',
  contracted: 'done',
  transferred: 'done',
  archived: 'closed',
};

/** The badge tone of an entry's status code (an unknown code reads as waiting on us). */
export const entryStatusTone = (status: number): EntryStatusTone => TONE[entryStatusName(status) ?? 'under_review'];
