import { expect, test } from 'vitest';
import { ENTRY_STATUS } from '@app/contracts/domain/statuses';
import { entryStatusTone } from './entry-status';

test.each([
  [ENTRY_STATUS.under_review, 'waiting'],
  [ENTRY_STATUS.inadequate, 'todo'],
  [ENTRY_STATUS.reviewed, 'todo'],
  [ENTRY_STATUS.contracted, 'done'],
  [ENTRY_STATUS.transferred, 'done'],
  [ENTRY_STATUS.archived, 'closed'],
  [999, 'waiting'],
])('status %s → the %s badge', (status, tone) => expect(entryStatusTone(status)).toBe(tone));
