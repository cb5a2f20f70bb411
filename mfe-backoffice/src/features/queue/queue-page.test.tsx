import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ENTRY_STATUS } from '@app/contracts/domain';
import { claimFixture, entryFixture, staffApplicantFixture, staffEntryDetailFixture } from '@app/mocks';
import { installMswServer, server } from '../../testing/server';
import { mockStaff, renderBackoffice } from '../../testing/render';

installMswServer();

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** Three entries: two under review (old and big, recent and small), one inadequate. */
const review = [
  staffEntryDetailFixture({
    entry: entryFixture({ id: 1, code: 'E-OLD', created_at: daysAgo(10), claims: [claimFixture({ id: 11, amount: '3000000' })] }),
  }),
  staffEntryDetailFixture({
    entry: entryFixture({ id: 2, code: 'E-NEW', created_at: daysAgo(1), claims: [claimFixture({ id: 21, amount: '200000' })] }),
    applicant: staffApplicantFixture({ id: 8, last_name: '佐藤', first_name: '花子', company_name: '' }),
  }),
  staffEntryDetailFixture({
    entry: entryFixture({ id: 3, code: 'E-INADEQUATE', status: ENTRY_STATUS.inadequate, created_at: daysAgo(5) }),
  }),
];

const codes = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(within(row).getAllByRole('cell')[0]!).getByRole('link').textContent);

describe('/backoffice: the review queue', () => {
  test('by default: 審査中, oldest first, with code, applicant, submitted and age, claims, face total and status', async () => {
    renderBackoffice('/backoffice', { staff: mockStaff('reviewer'), review });
    await screen.findByRole('table');
    expect(codes()).toEqual(['E-OLD', 'E-NEW']);
    expect(screen.getByLabelText('ステータス')).toHaveValue('under_review');
    const [, first] = screen.getAllByRole('row');
    expect(first).toHaveTextContent('山田 太郎');
    expect(first).toHaveTextContent('株式会社ツムギ商事');
    // Waiting 10 days: past the 24-hour mark, highlighted and said in words.
    expect(first).toHaveTextContent('受付から10日（目安の24時間を超過）');
    expect(first).toHaveClass('bo-row--overdue');
    expect(first).toHaveTextContent('1件');
    expect(first).toHaveTextContent('3,000,000円');
    expect(first).toHaveTextContent('審査中');
    // Who has it, under the code (the first column, seen at 375 px too).
    expect(within(first!).getAllByRole('cell')[0]).toHaveTextContent('E-OLD担当なし');
    expect(within(first!).getByRole('link', { name: 'E-OLD' })).toHaveAttribute('href', '/backoffice/entries/1');
    expect(screen.getByText('2件中 1〜2件を表示')).toBeInTheDocument();
    // The tabs count every status; the current one is marked, the others lead to their list.
    const tabs = screen.getByRole('navigation', { name: 'ステータス別の件数' });
    expect(within(tabs).getByRole('link', { name: '審査中 2件' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: '書類の不備あり 1件' })).toHaveAttribute('href', '/backoffice?status=inadequate');
    await waitFor(() => expect(document.title).toMatch(/^\(2\) 審査キュー｜/));
  });

  test('the filters go into the URL and the API query; the back button restores the list and the form', async () => {
    const user = userEvent.setup();
    const queries: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/staff/entries/') queries.push(new URL(request.url).search);
    });
    const { location, navigate } = renderBackoffice('/backoffice', { staff: mockStaff('reviewer'), review });
    await screen.findByRole('table');

    await user.selectOptions(screen.getByLabelText('並び順'), 'newest');
    await user.type(screen.getByLabelText('額面合計（下限・円）'), '1,000,000');
    await user.type(screen.getByLabelText('経過日数（以上）'), '3');
    await user.click(screen.getByRole('button', { name: '絞り込む' }));
    await waitFor(() => expect(location()).toBe('/backoffice?order=newest&min_face_total=1%2C000%2C000&min_age_days=3'));
    await waitFor(() => expect(codes()).toEqual(['E-OLD']));
    expect(queries.at(-1)).toBe('?status=under_review&order=newest&limit=50&offset=0&min_face_total=1000000&min_age_days=3');

    await user.selectOptions(screen.getByLabelText('ステータス'), 'inadequate');
    await user.click(screen.getByRole('button', { name: '絞り込む' }));
    await waitFor(() => expect(codes()).toEqual(['E-INADEQUATE']));
    expect(location()).toContain('status=inadequate');

    act(() => void navigate()(-1));
    await waitFor(() => expect(codes()).toEqual(['E-OLD']));
    expect(screen.getByLabelText('ステータス')).toHaveValue('under_review');
    expect(screen.getByLabelText('経過日数（以上）')).toHaveValue('3');

    act(() => void navigate()(-1));
    await waitFor(() => expect(codes()).toEqual(['E-OLD', 'E-NEW']));
    expect(screen.getByLabelText('経過日数（以上）')).toHaveValue('');
    server.events.removeAllListeners();
  });

  test('a filter the API refuses shows its message', async () => {
    const user = userEvent.setup();
    renderBackoffice('/backoffice', { staff: mockStaff('reviewer'), review });
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('経過日数（以上）'), '3日以上');
    await user.click(screen.getByRole('button', { name: '絞り込む' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('日数は 0 以上の整数で指定してください。');
  });
});
