import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { installMswServer } from '../../testing/server';
import { mockStaff, renderBackoffice } from '../../testing/render';
import { audienceLabel } from './releases-page';

installMswServer();

describe('/backoffice/releases', () => {
  test('lists live and canary per remote and the latest changes, newest first', async () => {
    renderBackoffice('/backoffice/releases', { staff: mockStaff('reviewer') });
    expect(await screen.findByRole('heading', { level: 1, name: 'リリース状況' })).toBeInTheDocument();
    const [remotes, history] = await screen.findAllByRole('table');
    const remoteRows = within(remotes!).getAllByRole('row').slice(1);
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

    const historyRows = within(history!).getAllByRole('row').slice(1);
    expect(historyRows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['カナリア開始', 'ロールバック', '公開']);
    expect(historyRows[1]).toHaveTextContent('0.1.0-91aa03be77 → 0.1.0-d4e802e621');
    expect(historyRows[1]).toHaveTextContent('form errors');
    expect(screen.getByRole('navigation', { name: '管理画面' })).toContainElement(screen.getByRole('link', { name: 'リリース状況' }));
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
