import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import type { ReleaseHealth } from '@app/contracts/api/releases';
import { installMswServer, server } from '../../testing/server';
import { mockStaff, renderBackoffice } from '../../testing/render';
import { formatHhMm, linePath, niceCeiling, timeTicks } from './health-chart';
import { windowFromSearch } from './canary-health';

installMswServer();

/** The health requests' `windowMinutes`, recorded before the mock backend answers them. */
function recordHealthRequests(): string[] {
  const asked: string[] = [];
  server.use(
    http.get('*/api/staff/releases/health/', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('windowMinutes') ?? '');
      // Nothing returned: the mock backend answers.
    }),
  );
  return asked;
}

async function mypageCard() {
  const heading = await screen.findByRole('heading', { level: 3, name: 'mypage: カナリア 0.1.0-7c31375d08 と公開中 0.1.0-5d0e9a7b21' });
  return heading.closest('article')!;
}

describe('カナリアの健全性 on /backoffice/releases', () => {
  test('a canary worse than live: the verdict with its reasons, the numbers side by side, the errors only the canary has', async () => {
    renderBackoffice('/backoffice/releases', { staff: mockStaff('reviewer') });
    expect(await screen.findByRole('heading', { level: 2, name: 'カナリアの健全性' })).toBeInTheDocument();
    const card = await mypageCard();
    expect(within(card).getByText('判定').parentElement).toHaveTextContent('判定 悪化');
    const reasons = within(card).getByRole('list', { name: '判定の根拠' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'エラー率：1,000 ページビューあたり 110.1 件（公開中 5.4 件）、比 20.26 倍（上限 2 倍を超えています）',
      'LCP p75：3,000 ms（公開中 2,500 ms）、比 1.2 倍（上限 1.25 倍以内）',
    ]);

    const numbers = within(card).getByRole('table', { name: 'カナリアと公開中の比較' });
    const row = (label: string) =>
      within(within(numbers).getByRole('rowheader', { name: label }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(row('セッション')).toEqual(['61', '214', '—']);
    expect(row('ページビュー')).toEqual(['109', '552', '—']);
    expect(row('エラー')).toEqual(['12', '3', '—']);
    expect(row('1,000ページビューあたりのエラー')).toEqual(['110.1', '5.4', '20.26 倍']);
    expect(row('LCP p75')).toEqual(['3,000 ms', '2,500 ms', '1.20 倍']);
    expect(row('INP p75')).toEqual(['200 ms', '150 ms', '1.33 倍']);

    const errors = within(card).getByRole('table', { name: 'カナリアだけの新しいエラー' });
    const first = within(errors).getAllByRole('row')[1]!;
    expect(within(first).getByRole('rowheader')).toHaveTextContent("TypeError: Cannot read properties of undefined (reading 'claims')");
    expect(
      within(first)
        .getAllByRole('cell')
        .slice(0, 2)
        .map((cell) => cell.textContent),
    ).toEqual(['未捕捉の例外', '9']);
    // Where it was thrown: in the repository (through the build's source map), the served script beneath.
    const thrownAt = within(first).getAllByRole('cell')[2]!;
    const terms = within(thrownAt).getAllByRole('term');
    expect(terms.map((term) => term.textContent)).toEqual(['ソース', '配信ファイル']);
    expect(terms.map((term) => term.nextElementSibling?.textContent)).toEqual([
      'mfe-mypage/src/features/home/mypage-page.tsx:42:17 (MypagePage)',
      'h (/remotes/mfe-mypage/0.1.0-7c31375d08/page-mypage.5c20a91d2c.js:1:2318)',
    ]);
    expect(within(thrownAt).getByText(/mypage-page\.tsx/).tagName).toBe('CODE');
    const rows = within(errors).getAllByRole('row');
    // No frame at all: a dash.
    expect(rows[2]).toHaveTextContent('応答が契約と不一致');
    expect(within(rows[2]!).getAllByRole('cell')[2]).toHaveTextContent(/^—$/);
    // A script whose map is missing: the served script only.
    const unmapped = within(rows[3]!).getAllByRole('cell')[2]!;
    expect(
      within(unmapped)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['配信ファイル']);
    expect(unmapped).toHaveTextContent('n (/remotes/mfe-mypage/0.1.0-7c31375d08/413.03e4e7a5c9.js:1:8812)');
  });

  test('two charts named for screen readers, one line per version, the canary’s broken where it measured nothing', async () => {
    renderBackoffice('/backoffice/releases', { staff: mockStaff('reviewer') });
    const card = await mypageCard();
    const errorsChart = within(card).getByRole('img', { name: /^1,000ページビューあたりのエラーの推移（5分ごと）/ });
    expect(errorsChart).toHaveAccessibleName(
      '1,000ページビューあたりのエラーの推移（5分ごと）。カナリア 0.1.0-7c31375d08：最大 272.7、最新 272.7。公開中 0.1.0-5d0e9a7b21：最大 25.0、最新 0.0。データのない区間は線が途切れています。',
    );
    const lcpChart = within(card).getByRole('img', { name: /^LCP p75の推移（5分ごと）。カナリア 0.1.0-7c31375d08：最大 3,400 ms/ });
    for (const chart of [errorsChart, lcpChart]) {
      const canary = chart.querySelectorAll('[data-series="canary"] path');
      const live = chart.querySelectorAll('[data-series="live"] path');
      expect(canary).toHaveLength(1);
      expect(live).toHaveLength(1);
      // Bucket 4 has no canary page views: the canary's line starts again after it; the live one is whole.
      expect(canary[0]!.getAttribute('d')!.match(/M/g)).toHaveLength(2);
      expect(live[0]!.getAttribute('d')!.match(/M/g)).toHaveLength(1);
      // Not by colour alone: the live line is dashed, the canary's solid.
      expect(live[0]).toHaveAttribute('stroke-dasharray', '6 4');
      expect(canary[0]).not.toHaveAttribute('stroke-dasharray');
      expect(chart.querySelectorAll('[data-series="canary"] circle')).toHaveLength(11);
      expect(chart.querySelectorAll('[data-series="live"] rect')).toHaveLength(12);
    }
    // The same numbers as a table, the gap said in words.
    const data = within(card).getByRole('table', { name: '1,000ページビューあたりのエラー（開始時刻ごと）' });
    const rows = within(data).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(within(rows[4]!).getAllByRole('cell')[0]).toHaveTextContent('データなし');
    expect(
      within(rows[6]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['90.9', '0.0']);
  });

  test('the window is chosen from the URL and kept there; the request asks for it', async () => {
    const user = userEvent.setup();
    const rendered = renderBackoffice('/backoffice/releases', { staff: mockStaff('reviewer') });
    const asked = recordHealthRequests();
    await mypageCard();
    expect(asked).toEqual(['60']);
    const windows = screen.getByRole('navigation', { name: '集計する期間' });
    expect(within(windows).getByRole('link', { name: '過去1時間' })).toHaveAttribute('aria-current', 'true');
    await user.click(within(windows).getByRole('link', { name: '過去6時間' }));
    expect(rendered.location()).toBe('/backoffice/releases?window=360');
    expect(await screen.findByRole('img', { name: /^LCP p75の推移（30分ごと）/ })).toBeInTheDocument();
    expect(asked).toEqual(['60', '360']);
    expect(within(windows).getByRole('link', { name: '過去6時間' })).toHaveAttribute('aria-current', 'true');
    expect(within(windows).getByRole('link', { name: '過去1時間' })).not.toHaveAttribute('aria-current');
  });

  test('a reload of a chosen window asks for that window', async () => {
    renderBackoffice('/backoffice/releases?window=1440', { staff: mockStaff('reviewer') });
    const asked = recordHealthRequests();
    expect(await screen.findByRole('img', { name: /^LCP p75の推移（120分ごと）/ })).toBeInTheDocument();
    expect(asked).toEqual(['1440']);
  });

  test('no canary: said calmly, no card', async () => {
    renderBackoffice('/backoffice/releases', { staff: mockStaff('reviewer') });
    server.use(
      http.get('*/api/staff/releases/health/', () =>
        HttpResponse.json({ since: '2026-11-28T13:00:00.000Z', until: '2026-11-28T14:00:00.000Z', windowMinutes: 60, remotes: [] }),
      ),
    );
    expect(await screen.findByText('カナリアはありません。')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
  });

  test('a chart with nothing measured says so instead of empty lines', async () => {
    renderBackoffice('/backoffice/releases', { staff: mockStaff('reviewer') });
    const fixture = (await (await fetch('http://localhost/api/staff/releases/health/?windowMinutes=60')).json()) as ReleaseHealth;
    for (const point of [...fixture.remotes[0]!.series.candidate, ...fixture.remotes[0]!.series.baseline]) point.lcpP75 = null;
    server.use(http.get('*/api/staff/releases/health/', () => HttpResponse.json(fixture)));
    const chart = await screen.findByRole('img', { name: /^LCP p75の推移/ });
    expect(chart).toHaveAccessibleName(
      'LCP p75の推移（5分ごと）。カナリア 0.1.0-7c31375d08：データなし。公開中 0.1.0-5d0e9a7b21：データなし。',
    );
    expect(chart).toHaveTextContent('この期間の計測はありません');
    expect(chart.querySelector('[data-series="canary"] path')).toHaveAttribute('d', '');
    expect(screen.getByRole('img', { name: /^1,000ページビューあたりのエラーの推移/ })).not.toHaveTextContent('この期間の計測はありません');
  });

  test('the health could not be read: the server’s message, the rest of the page still there', async () => {
    renderBackoffice('/backoffice/releases', { staff: mockStaff('reviewer') });
    server.use(http.get('*/api/staff/releases/health/', () => HttpResponse.json({ detail: '集計できませんでした。' }, { status: 503 })));
    const section = await screen.findByRole('region', { name: 'カナリアの健全性' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('集計できませんでした。');
    expect(screen.getByRole('table', { name: '最近の変更（新しい順）' })).toBeInTheDocument();
  });
});

describe('the chart’s pieces', () => {
  test('a line breaks at every null', () => {
    const x = (i: number) => i * 10;
    const y = (v: number) => 100 - v;
    expect(linePath([1, 2, null, 4, null, null, 5], x, y)).toBe('M0.0,99.0L10.0,98.0 M30.0,96.0 M60.0,95.0');
    expect(linePath([null, null], x, y)).toBe('');
  });

  test('the y axis tops at a round number', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(333.3)).toBe(500);
    expect(niceCeiling(3400)).toBe(5000);
    expect(niceCeiling(2100)).toBe(2500);
    expect(niceCeiling(25)).toBe(25);
    expect(niceCeiling(0.4)).toBe(0.5);
  });

  test('a few evenly spaced time labels, the last one unless crowded', () => {
    expect(timeTicks(12)).toEqual([0, 4, 8, 11]);
    expect(timeTicks(10)).toEqual([0, 3, 6, 9]);
    expect(timeTicks(11)).toEqual([0, 4, 8]);
    expect(timeTicks(3)).toEqual([0, 1, 2]);
  });

  test('times in Japan, HH:mm', () => {
    expect(formatHhMm('2026-11-28T14:05:00Z')).toBe('23:05');
    expect(formatHhMm('2026-11-28T15:00:00Z')).toBe('00:00');
  });

  test('the window from the URL: 60, 360 or 1440, else 60', () => {
    expect(windowFromSearch('?window=360')).toBe(360);
    expect(windowFromSearch('?window=1440&preview=mypage@1')).toBe(1440);
    expect(windowFromSearch('?window=42')).toBe(60);
    expect(windowFromSearch('')).toBe(60);
  });
});
