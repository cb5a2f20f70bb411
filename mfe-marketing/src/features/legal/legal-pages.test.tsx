import type { ComponentType } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { PENDING_TEXT } from '../../components/operator';
import { renderAt, unlabelledSections, withConfig } from '../../testing/render';
import PrivacyPage from './privacy-page';
import SctPage from './sct-page';
import SecurityPage from './security-page';
import TermsPage from './terms-page';

const PAGES: readonly [string, ComponentType, string, RegExp][] = [
  ['利用規約', TermsPage, '/terms', /^第(\d+)条（.+）$/],
  ['プライバシーポリシー', PrivacyPage, '/policy/privacy', /^(\d+)\. .+$/],
  ['情報セキュリティ方針', SecurityPage, '/policy/security', /^(\d+)\. .+$/],
  ['特定商取引法に基づく表記', SctPage, '/legal/sct', /^(\d+)\. .+$/],
];

describe.each(PAGES)('%s', (title, Page, path, numbered) => {
  test('one h1, the 制定日 line, articles numbered 1, 2, 3… as labelled sections', () => {
    renderAt(<Page />, path);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([title]);
    expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === '2026年11月21日 制定')).toBeInTheDocument();
    expect(screen.getByText('2026年11月21日').closest('time')).toHaveAttribute('datetime', '2026-11-21');
    const numbers = screen.getAllByRole('heading', { level: 2 }).map((h) => Number(numbered.exec(h.textContent ?? '')?.[1]));
    expect(numbers.length).toBeGreaterThanOrEqual(2);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(unlabelledSections()).toEqual([]);
  });
});

describe('利用規約', () => {
  test('「当社」 is the operator when its name is published, a neutral description until then', () => {
    const { unmount } = renderAt(<TermsPage />, '/terms');
    expect(screen.getByText(/本サービスの運営者（以下「当社」といいます）/)).toBeInTheDocument();
    unmount();
    withConfig({ operator: { name: '株式会社ツムギ' } });
    renderAt(<TermsPage />, '/terms');
    expect(screen.getByText(/株式会社ツムギ（以下「当社」といいます）/)).toBeInTheDocument();
  });

  test('fees: the formula, nothing charged without a contract', () => {
    renderAt(<TermsPage />, '/terms');
    const fees = screen.getByRole('region', { name: '第7条（費用）' });
    expect(fees).toHaveTextContent('買取額 ＝ 請求書の額面 × 買取率 − 手数料 − 振込手数料');
    expect(fees).toHaveTextContent('買取契約が成立しなかった場合、利用者に費用をご負担いただくことはありません。');
  });
});

describe('プライバシーポリシー', () => {
  test('the headings a 個人情報保護法 policy needs', () => {
    renderAt(<PrivacyPage />, '/policy/privacy');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.replace(/^\d+\. /, ''));
    for (const h of ['取得する情報', '利用目的', '第三者への提供', '取扱いの委託', '安全管理措置', '開示などのご請求', 'サポート窓口']) {
      expect(headings).toContain(h);
    }
  });

  test('the contact window shows the operator or 準備中', () => {
    withConfig({ operator: { name: '株式会社ツムギ', address: '東京都千代田区（例）' } });
    renderAt(<PrivacyPage />, '/policy/privacy');
    const contact = screen.getByRole('region', { name: /サポート窓口$/ });
    expect(within(contact).getByRole('row', { name: /事業者名/ })).toHaveTextContent('株式会社ツムギ');
    expect(within(contact).getByRole('row', { name: /所在地/ })).toHaveTextContent('東京都千代田区（例）');
    expect(within(contact).getByRole('row', { name: /代表者/ })).toHaveTextContent(PENDING_TEXT);
  });
});

describe('特定商取引法に基づく表記', () => {
  const OPERATOR_ROWS = ['事業者名', '代表者', '所在地', '電話番号', 'メールアドレス', '受付時間'];

  test('operator details missing: every one says 準備中（公開前に掲載します）', () => {
    renderAt(<SctPage />, '/legal/sct');
    const table = screen.getByRole('table', { name: '1. 事業者の情報' });
    for (const label of OPERATOR_ROWS) {
      expect(within(table).getByRole('rowheader', { name: label })).toBeInTheDocument();
      expect(within(table).getByRole('row', { name: new RegExp(label) })).toHaveTextContent(`${label}${PENDING_TEXT}`);
    }
    expect(screen.getAllByText('準備中（公開前に掲載します）')).toHaveLength(OPERATOR_ROWS.length);
  });

  test('operator details given by setRuntimeConfig are shown; a blank one stays 準備中', () => {
    withConfig({
      operator: {
        name: '株式会社ツムギ',
        representative: '代表取締役 山田太郎',
        address: '東京都千代田区丸の内1-1-1',
        phone: '03-1234-5678',
        email: 'info@example.jp',
        hours: ' ',
      },
    });
    renderAt(<SctPage />, '/legal/sct');
    const table = screen.getByRole('table', { name: '1. 事業者の情報' });
    expect(within(table).getByRole('row', { name: /事業者名/ })).toHaveTextContent('株式会社ツムギ');
    expect(within(table).getByRole('row', { name: /代表者/ })).toHaveTextContent('代表取締役 山田太郎');
    expect(within(table).getByRole('row', { name: /所在地/ })).toHaveTextContent('東京都千代田区丸の内1-1-1');
    expect(within(table).getByRole('link', { name: '03-1234-5678' })).toHaveAttribute('href', 'tel:0312345678');
    expect(within(table).getByRole('link', { name: 'info@example.jp' })).toHaveAttribute('href', 'mailto:info@example.jp');
    expect(within(table).getByRole('row', { name: /受付時間/ })).toHaveTextContent(PENDING_TEXT);
    expect(screen.getAllByText(PENDING_TEXT)).toHaveLength(1);
  });

  test('fixed rows: price (per review, before the contract), payment, delivery, cancellation', () => {
    renderAt(<SctPage />, '/legal/sct');
    const table = screen.getByRole('table', { name: '2. 取引の条件' });
    expect(within(table).getByRole('row', { name: /販売価格（手数料）/ })).toHaveTextContent(
      '請求書ごとに審査で決まり、ご契約の前に画面でお知らせします',
    );
    expect(within(table).getByRole('row', { name: /支払方法・支払時期/ })).toHaveTextContent('買取額から差し引く');
    expect(within(table).getByRole('rowheader', { name: '役務の提供時期' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /キャンセル/ })).toHaveTextContent('いつでもお申し込みを取り消すことができます');
    expect(within(table).getByRole('link', { name: '手数料と買取額の決まり方' })).toHaveAttribute('href', '/#fees');
  });
});
