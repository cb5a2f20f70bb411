import { describe, expect, test } from 'vitest';
import { SuppressEntriesSchema } from './system-settings';

describe('SuppressEntriesSchema', () => {
  test.each([
    { method: 'stop_new_entry', segment: 'individual', message: '現在、新規のお申し込みを停止しています。' },
    { method: 'maintenance', segment: null, message: null },
    { method: null, segment: null, message: null },
    { method: 'something_else', segment: 'all', message: '' },
  ])('accepts %o', (value) => {
    expect(SuppressEntriesSchema.parse(value)).toEqual(value);
  });

  test.each([{}, { method: 'stop_new_entry' }, { method: 1, segment: null, message: null }, null])('refuses %o', (value) => {
    expect(SuppressEntriesSchema.safeParse(value).success).toBe(false);
  });
});
