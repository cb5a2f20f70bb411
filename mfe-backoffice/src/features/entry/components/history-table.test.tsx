import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { staffAuditEventFixture } from '@app/shared/mocks';
import { HistoryTable, actorLabel, describeChange } from './history-table';

describe('the audit history', () => {
  test('each row: when in JST, who, the event in Japanese with its code, before → after', () => {
    render(
      <HistoryTable
        history={[
          staffAuditEventFixture({
            id: 1,
            occurred_at: '2026-11-20T01:02:00Z',
            actor: 'staff:2',
            actor_name: '審査 一郎',
            event: 'entry.marked_inadequate',
            before: { status: 1 },
            after: { status: 2, reason: '請求書が不鮮明' },
          }),
          staffAuditEventFixture({ id: 2, actor: 'user:7', actor_name: null, event: 'entry.something_new', before: null, after: null }),
        ]}
      />,
    );
    const [, first, second] = screen.getAllByRole('row');
    const cells = within(first!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '2026/11/20 10:02',
      '審査 一郎',
      '不備として差し戻しentry.marked_inadequate',
      'status: 1 → status: 2 / reason: 請求書が不鮮明',
    ]);
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(1),
    ).toEqual(['申込者', 'entry.something_newentry.something_new', '—']);
  });

  test('actors and changes read plainly', () => {
    expect(actorLabel({ actor: 'operator:ops', actor_name: null })).toBe('運用担当（ops）');
    expect(actorLabel({ actor: null, actor_name: null })).toBe('システム');
    expect(describeChange(null)).toBe('');
    expect(describeChange({ valid_date: '2030-01-01', flags: [1, 2] })).toBe('valid_date: 2030-01-01 / flags: [1,2]');
  });
});
