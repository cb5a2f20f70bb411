import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { STAFF_EXPORT_MESSAGES } from '@app/contracts';
import { installMswServer, server } from '../../testing/server';
import { mockStaff, renderBackoffice } from '../../testing/render';
import { fileNameOf, thisMonthInJapan } from './exports-page';

installMswServer();
afterEach(() => vi.restoreAllMocks());

test('the default period: this month in Japan, up to today (the day changes at midnight JST, not UTC)', () => {
  expect(thisMonthInJapan(new Date('2026-11-30T15:30:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-01' });
  expect(thisMonthInJapan(new Date('2026-11-28T02:00:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-28' });
});

test('the file name from Content-Disposition, else the fallback', () => {
  expect(fileNameOf('attachment; filename="payouts_2026-11-01_2026-11-28.csv"', 'x.csv')).toBe('payouts_2026-11-01_2026-11-28.csv');
  expect(fileNameOf(null, 'payouts.csv')).toBe('payouts.csv');
});

describe('/backoffice/exports', () => {
  test('an approver downloads the payouts of a period: sent with the page’s X-CSRFToken, saved as the API names it, the count said', async () => {
    const user = userEvent.setup();
    document.cookie = 'csrftoken=tok-export';
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    // After the page's mock backend (it answers every endpoint): this answer comes first.
    renderBackoffice('/backoffice/exports', { staff: mockStaff('approver') });
    const sent: { url: string; token: string | null }[] = [];
    server.use(
      http.get('*/api/staff/exports/payouts/', ({ request }) => {
        sent.push({ url: new URL(request.url).search, token: request.headers.get('x-csrftoken') });
        return new HttpResponse('\uFEFF"入金日時","申込番号"\r\n"2026年11月2日 10:00","E-000001"\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="payouts_2026-11-01_2026-11-05.csv"',
          },
        });
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '会計用データ' }, { timeout: 10_000 })).toBeInTheDocument();
    const payouts = screen.getByRole('region', { name: '入金（お振込み）一覧' });
    await user.clear(within(payouts).getByLabelText('開始日'));
    await user.type(within(payouts).getByLabelText('開始日'), '2026-11-01');
    await user.clear(within(payouts).getByLabelText('終了日'));
    await user.type(within(payouts).getByLabelText('終了日'), '2026-11-05');
    await user.click(within(payouts).getByRole('button', { name: 'CSV をダウンロード' }));
    expect(await within(payouts).findByText('payouts_2026-11-01_2026-11-05.csv（1件）をダウンロードしました。')).toBeInTheDocument();
    expect(sent).toEqual([{ url: '?from=2026-11-01&to=2026-11-05', token: 'tok-export' }]);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('payouts_2026-11-01_2026-11-05.csv');
    // Saved byte for byte: the BOM that tells Excel the file is UTF-8 is still there.
    const blob = saved.mock.calls[0]![0] as Blob;
    expect([...new Uint8Array(await blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  test('a period the API refuses: its Japanese message at the field, what was typed kept', async () => {
    const user = userEvent.setup();
    renderBackoffice('/backoffice/exports', { staff: mockStaff('admin') });
    server.use(http.get('*/api/staff/exports/contracts/', () => HttpResponse.json({ to: [STAFF_EXPORT_MESSAGES.order] }, { status: 400 })));
    const contracts = await screen.findByRole('region', { name: '契約一覧' }, { timeout: 10_000 });
    await user.clear(within(contracts).getByLabelText('終了日'));
    await user.type(within(contracts).getByLabelText('終了日'), '2020-01-01');
    await user.click(within(contracts).getByRole('button', { name: 'CSV をダウンロード' }));
    expect(await within(contracts).findByText(STAFF_EXPORT_MESSAGES.order)).toBeInTheDocument();
    expect(within(contracts).getByLabelText('終了日')).toHaveAttribute('aria-invalid', 'true');
    expect(within(contracts).getByLabelText('終了日')).toHaveValue('2020-01-01');
    expect(within(contracts).getByRole('alert')).toHaveTextContent('期間をご確認ください。');
  });

  test('a reviewer is told who may download, and gets no form (nor the link in the navigation)', async () => {
    renderBackoffice('/backoffice/exports', { staff: mockStaff('reviewer') });
    expect(
      await screen.findByText('会計用データのダウンロードは、承認者と管理者のみが行えます。', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'CSV をダウンロード' })).toBeNull();
    expect(screen.queryByRole('link', { name: '会計用データ' })).toBeNull();
  });
});
