import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { FACTORING_AGREEMENT } from '@app/contracts/copy/agreement';
import { installMswServer } from '../../testing/server';
import { allEntries, renderAt, startBackend } from './testing';

installMswServer();
afterEach(cleanup);

describe('/entry/{entryId}/factoring_service_agreement', () => {
  test('the agreement in the plain layout, with the entry’s parties and claims filled in', async () => {
    startBackend({ entries: allEntries() });
    renderAt('/entry/23/factoring_service_agreement');
    const article = await screen.findByRole('article', { name: FACTORING_AGREEMENT.title });
    expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', 'plain');
    expect(screen.getByRole('heading', { level: 1, name: FACTORING_AGREEMENT.title })).toBeInTheDocument();
    // Every article, in order.
    const headings = within(article)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(headings).toEqual([...FACTORING_AGREEMENT.articles.map((a) => a.heading), '別紙 譲渡対象債権']);
    expect(within(article).getByText('E-000023')).toBeInTheDocument();
    // 甲 is the party the approval fixed, not the profile as it stands (株式会社ツムギ商事, 山田 太郎).
    expect(within(article).getByText('株式会社ヤマダ商事（代表者 山田 一郎）')).toBeInTheDocument();
    expect(article).not.toHaveTextContent('ツムギ');
    // The claims bought, with what is paid for each; the one not bought is not in the schedule.
    const schedule = within(within(article).getByRole('region', { name: '別紙 譲渡対象債権' })).getAllByRole('listitem');
    expect(schedule.map((item) => item.querySelector('.el-schedule__name')?.textContent)).toEqual([
      '株式会社サンプル商事',
      '有限会社みなと物産',
    ]);
    expect(schedule[0]).toHaveTextContent('939,840円');
    expect(screen.getByRole('button', { name: '印刷する' })).toBeInTheDocument();
  });

  test('an unknown entry shows the 404 page', async () => {
    startBackend({ entries: allEntries() });
    renderAt('/entry/999/factoring_service_agreement');
    expect(await screen.findByRole('heading', { level: 1, name: 'お探しのページが見つかりません' })).toBeInTheDocument();
  });
});
