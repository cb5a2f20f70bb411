import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderAt, unlabelledSections, withConfig } from '../../testing/render';
import StatementPage from './statement-page';

describe('statement page (私たちの約束)', () => {
  test('one h1 and the four commitments, numbered, each a labelled section', () => {
    renderAt(<StatementPage />, '/statement');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['私たちの約束']);
    const list = screen.getByRole('list', { name: '' });
    const titles = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(titles).toEqual([
      '手数料は、契約の前にすべてお見せします',
      '入力した内容と書類を、失くしません',
      'わかりやすい日本語でお伝えします',
      '困ったときは、いつでもご相談ください',
    ]);
    expect(screen.getByRole('link', { name: '手数料と買取額の決まり方' })).toHaveAttribute('href', '/#fees');
    expect(unlabelledSections()).toEqual([]);
  });

  test('default config (support URL is this very page): no link to itself, an honest note instead', () => {
    renderAt(<StatementPage />, '/statement');
    expect(screen.queryByRole('link', { name: 'サポート窓口へのお問い合わせ' })).toBeNull();
    expect(screen.getByText(/連絡先は、サービスの公開前にこのページに掲載します/)).toBeInTheDocument();
  });

  test('a configured support URL and contact details are shown', () => {
    withConfig({
      supportUrl: 'https://support.example.jp/',
      operator: { email: 'support@example.jp', phone: '03-0000-0000', hours: '平日 10:00〜17:00' },
    });
    renderAt(<StatementPage />, '/statement');
    expect(screen.getByRole('link', { name: 'サポート窓口へのお問い合わせ' })).toHaveAttribute('href', 'https://support.example.jp/');
    expect(screen.getByRole('link', { name: 'support@example.jp' })).toHaveAttribute('href', 'mailto:support@example.jp');
    expect(screen.getByRole('link', { name: '03-0000-0000' })).toHaveAttribute('href', 'tel:0300000000');
    expect(screen.getByText('平日 10:00〜17:00')).toBeInTheDocument();
    expect(screen.queryByText(/公開前にこのページに掲載します/)).toBeNull();
  });

  test('an in-site support page is an in-app link', () => {
    withConfig({ supportUrl: '/support' });
    renderAt(<StatementPage />, '/statement');
    expect(screen.getByRole('link', { name: 'サポート窓口へのお問い合わせ' })).toHaveAttribute('href', '/support');
  });

  test('closing: registration and the flow', () => {
    renderAt(<StatementPage />, '/statement');
    expect(screen.getByRole('link', { name: '無料で会員登録' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'ご利用の流れを見る' })).toHaveAttribute('href', '/#flow');
  });
});
