import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderAt, unlabelledSections, withConfig } from '../../testing/render';
import MaintenancePage from './maintenance-page';
import UnsupportedPage from './unsupported-page';

describe('maintenance page', () => {
  test('calm explanation: data is kept, try later, reload or go to the top', () => {
    renderAt(<MaintenancePage />, '/maintenance');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['ただいまメンテナンスを行っています']);
    expect(screen.getByText(/そのまま保存されています/)).toBeInTheDocument();
    expect(screen.getByText(/しばらく時間をおいてから/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ページを再読み込み' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'トップページへ' })).toHaveAttribute('href', '/');
    expect(unlabelledSections()).toEqual([]);
  });
});

describe('unsupported page', () => {
  test('polite explanation, what can be done, support and top links', () => {
    renderAt(<UnsupportedPage />, '/unsupported');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['個人事業主の方のお申し込みについて']);
    expect(screen.getByText(/個人事業主の方からのお申し込みを受け付けておりません/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'いまご案内できること' })).toBeInTheDocument();
    // The default config publishes no support contact: no link to a page that is not one.
    expect(screen.queryByRole('link', { name: 'サポート窓口へのお問い合わせ' })).toBeNull();
    expect(screen.getByRole('link', { name: 'トップページへ' })).toHaveAttribute('href', '/');
    expect(unlabelledSections()).toEqual([]);
  });

  test('without a supportUrl, the mail address of the operator', () => {
    withConfig({ operator: { email: 'support@tsumugi.example.jp' } });
    renderAt(<UnsupportedPage />, '/unsupported');
    expect(screen.getByRole('link', { name: 'サポート窓口へのお問い合わせ' })).toHaveAttribute('href', 'mailto:support@tsumugi.example.jp');
  });

  test('an external support URL from the runtime config', () => {
    withConfig({ supportUrl: 'https://support.example.jp/' });
    renderAt(<UnsupportedPage />, '/unsupported');
    expect(screen.getByRole('link', { name: 'サポート窓口へのお問い合わせ' })).toHaveAttribute('href', 'https://support.example.jp/');
  });
});
