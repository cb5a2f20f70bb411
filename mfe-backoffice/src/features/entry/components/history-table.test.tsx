import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { staffAuditEventFixture } from '@app/mocks';
import { HistoryTable, actorLabel } from './history-table';

const context = { claims: [{ id: 5, obliger_company_name: '株式会社サンプル商事' }] };

const history = [
  staffAuditEventFixture({ id: 1, occurred_at: '2026-11-20T01:00:00Z' }),
  staffAuditEventFixture({
    id: 2,
    occurred_at: '2026-11-20T01:02:00Z',
    actor: 'staff:2',
    actor_name: '審査 一郎',
    event: 'entry.document_reviewed',
    before: { confirmation_status: 1, reason: null },
    after: { confirmation_status: 3, reason: null },
    data: {
      group: 'invoice',
      claim_id: 5,
      decision: 'confirmed',
      before: { confirmation_status: 1, reason: null },
      after: { confirmation_status: 3, reason: null },
    },
  }),
  staffAuditEventFixture({
    id: 3,
    occurred_at: '2026-11-20T01:03:00Z',
    actor: 'staff:2',
    actor_name: '審査 一郎',
    event: 'claim.decided',
    before: { status: 1, purchase_amount: '759340.00' },
    after: { status: 3, purchase_amount: '761000.00' },
    data: { claim_id: 5, claim_code: 'C-000031', before: { status: 1 }, after: { status: 3 } },
  }),
  staffAuditEventFixture({
    id: 4,
    actor: 'operator:ops',
    event: 'entry.something_new',
    before: { status: 1 },
    after: { status: 2 },
    data: { status: 2 },
  }),
];

describe('the audit history', () => {
  test('each row in words: when (JST), who, what was done to which document, what changed — no code, no JSON, no status number', () => {
    render(<HistoryTable history={history} context={context} showRecord={false} />);
    const rows = screen.getAllByRole('listitem').filter((item) => item.classList.contains('bo-history__item'));
    expect(rows.map((item) => item.querySelector('.bo-history__meta')?.textContent)).toEqual([
      '2026/11/20 10:00申込者',
      '2026/11/20 10:02審査 一郎',
      '2026/11/20 10:03審査 一郎',
      expect.stringMatching(/運用担当（ops）$/),
    ]);
    expect(rows.map((item) => item.querySelector('.bo-history__action')?.textContent)).toEqual([
      'お申し込み',
      '書類の判定：請求書1 株式会社サンプル商事宛の請求書',
      '買取可否の判定：請求書1 株式会社サンプル商事宛',
      'その他の記録',
    ]);
    expect(within(rows[1]!).getByRole('listitem')).toHaveTextContent('判定 確認中 → 確認済');
    expect(
      within(rows[2]!)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['判定 審査中 → 買取可', '買取額 759,340円 → 761,000円']);
    const section = screen.getByRole('region', { name: '履歴（監査ログ）' });
    expect(section.textContent).not.toMatch(/[{}"]|entry\.|claim\.|confirmation_status|: \d/);
    // The stored record is for admins only.
    expect(section.querySelector('details')).toBeNull();
    expect(screen.queryByText(/記録の詳細/)).toBeNull();
  });

  test('admins open the stored record of each row behind a toggle', () => {
    render(<HistoryTable history={history} context={context} showRecord />);
    const toggles = screen.getAllByText('記録の詳細（管理者のみ）');
    expect(toggles).toHaveLength(history.length);
    const details = toggles[1]!.closest('details');
    expect(details).not.toBeNull();
    expect(details?.open).toBe(false);
    expect(details?.querySelector('pre')?.textContent).toContain('"event": "entry.document_reviewed"');
    expect(details?.querySelector('pre')?.textContent).toContain('"claim_id": 5');
  });

  test('no history yet; actors read plainly', () => {
    render(<HistoryTable history={[]} context={context} showRecord />);
    expect(screen.getByText('履歴はまだありません。')).toBeInTheDocument();
    expect(actorLabel({ actor: 'operator:ops', actor_name: null })).toBe('運用担当（ops）');
    expect(actorLabel({ actor: 'staff:3', actor_name: null })).toBe('スタッフ（3）');
    expect(actorLabel({ actor: 'user:7', actor_name: null })).toBe('申込者');
    expect(actorLabel({ actor: null, actor_name: null })).toBe('システム');
  });
});
