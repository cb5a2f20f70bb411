import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { installMswServer } from '../../testing/server';
import { mockStaff, renderBackoffice } from '../../testing/render';
import { audienceLabel } from './releases-page';

installMswServer();

describe('/backoffice/releases', () => {
  test('lists live and canary per remote and the latest changes, newest first', async () => {
    renderBackoffice('/backoffice/releases', { staff: mockStaff('reviewer') });
    expect(await screen.findByRole('heading', { level: 1, name: 'リリース状況' })).toBeInTheDocument();
    // By name: the canaries' health (canary-health.tsx) adds tables of its own between these two.
    const remotes = await screen.findByRole('table', { name: 'リモートごとのバージョン（リビジョン 12）' });
    const history = screen.getByRole('table', { name: '最近の変更（新しい順）' });
    const remoteRows = within(remotes).getAllByRole('row').slice(1);
    expect(remoteRows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'marketing',
      'auth',
      'entry',
      'mypage',
      'backoffice',
    ]);
    const mypage = remoteRows[3]!;
    expect(mypage).toHaveTextContent('0.1.0-5d0e9a7b21');
    expect(mypage).toHaveTextContent('0.1.0-7c31375d08');
    expect(mypage).toHaveTextContent('スタッフのみ');
    expect(within(remoteRows[0]!).getAllByRole('cell')[1]).toHaveTextContent('—');

    const historyRows = within(history).getAllByRole('row').slice(1);
    expect(historyRows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['カナリア開始', 'ロールバック', '公開']);
    expect(historyRows[1]).toHaveTextContent('0.1.0-91aa03be77 → 0.1.0-d4e802e621');
    expect(historyRows[1]).toHaveTextContent('form errors');
    expect(screen.getByRole('navigation', { name: '管理画面' })).toContainElement(screen.getByRole('link', { name: 'リリース状況' }));
  });

  test('a staff member previews a published version in this browser, and ends it', async () => {
    const user = userEvent.setup();
    renderBackoffice('/backoffice/releases', { staff: mockStaff('reviewer') });
    const remotes = await screen.findByRole('table', { name: 'リモートごとのバージョン（リビジョン 12）' });
    const mypage = within(remotes).getAllByRole('row')[4]!;
    // Only the live version published: nothing else to preview.
    expect(within(remotes).getAllByRole('row')[1]).toHaveTextContent('公開中の版のみ');
    expect(within(mypage).getByRole('combobox', { name: 'mypage のプレビューするバージョン' })).toHaveDisplayValue(
      '0.1.0-7c31375d08（カナリア）',
    );
    await user.click(within(mypage).getByRole('button', { name: 'このブラウザーでプレビュー' }));
    expect(await within(mypage).findByText('をプレビュー中', { exact: false })).toHaveTextContent('0.1.0-7c31375d08 をプレビュー中');
    await user.click(within(mypage).getByRole('button', { name: 'プレビューを終了' }));
    expect(await within(mypage).findByRole('button', { name: 'このブラウザーでプレビュー' })).toBeInTheDocument();
  });

  test('the link of `pnpm release preview` asks first, then says where to look', async () => {
    const user = userEvent.setup();
    renderBackoffice('/backoffice/releases?preview=mypage@0.1.0-7c31375d08', { staff: mockStaff('reviewer') });
    expect(await screen.findByText(/をこのブラウザーでプレビューしますか？/)).toHaveTextContent('mypage の 0.1.0-7c31375d08');
    await user.click(screen.getByRole('button', { name: 'プレビューを開始' }));
    expect(await screen.findByText(/をこのブラウザーでプレビュー中です/)).toHaveTextContent(
      'mypage の 0.1.0-7c31375d08 をこのブラウザーでプレビュー中です',
    );
    expect(screen.getByRole('link', { name: 'サイトのトップページを開く' })).toHaveAttribute('href', '/');
  });

  test('a link to a version that is not published: said so, nothing pinned', async () => {
    const user = userEvent.setup();
    const rendered = renderBackoffice('/backoffice/releases?preview=mypage@0.1.0-0000000000', { staff: mockStaff('reviewer') });
    expect(await screen.findByText(/は公開準備されていません/)).toHaveTextContent('mypage の 0.1.0-0000000000 は公開準備されていません');
    await user.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByText(/は公開準備されていません/)).toBeNull();
    expect(rendered.location()).toBe('/backoffice/releases');
  });

  test('without a staff session: sent to the staff login', async () => {
    const rendered = renderBackoffice('/backoffice/releases');
    expect(await screen.findByRole('heading', { level: 1, name: 'スタッフログイン' })).toBeInTheDocument();
    expect(rendered.location()).toBe('/backoffice/login?next=%2Fbackoffice%2Freleases');
  });

  test('audiences in Japanese', () => {
    expect(audienceLabel({ kind: 'staff' })).toBe('スタッフのみ');
    expect(audienceLabel({ kind: 'segment', segment: 'pilot' })).toBe('セグメント「pilot」の申込者');
    expect(audienceLabel({ kind: 'percent', percent: 10 })).toBe('申込者の 10%');
  });
});
