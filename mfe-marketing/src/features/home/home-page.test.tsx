import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { BRAND, LOGGED_OUT, authStore } from '@app/shared';
import { renderAt, unlabelledSections, withConfig } from '../../testing/render';
import { feeExampleFigures } from './fee-example';
import HomePage from './home-page';

const scrollIntoView = vi.fn();
beforeEach(() => {
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('home page', () => {
  test('one h1 says what the service gives; the hero carries the build label', () => {
    const { container } = renderAt(<HomePage />);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent(BRAND.tagline);
    expect(
      screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === '法人・個人事業主のための請求書買取（ファクタリング）'),
    ).toBeInTheDocument();
    expect(container.querySelector('[data-build-label]')).toBe(screen.getByRole('region', { name: /請求書を、\s*はやく確かな資金に。/ }));
  });

  test('calls to action: 無料で会員登録 → /register, ログイン → /login (hero and closing)', () => {
    renderAt(<HomePage />);
    const hero = screen.getByRole('region', { name: /請求書を、\s*はやく確かな資金に。/ });
    expect(within(hero).getByRole('link', { name: '無料で会員登録' })).toHaveAttribute('href', '/register');
    expect(within(hero).getByRole('link', { name: 'ログイン' })).toHaveAttribute('href', '/login');
    const closing = screen.getByRole('region', { name: 'まずは無料の会員登録から' });
    expect(within(closing).getByRole('link', { name: '無料で会員登録' })).toHaveAttribute('href', '/register');
    expect(within(closing).getByRole('link', { name: 'ログイン' })).toHaveAttribute('href', '/login');
  });

  test('a logged-in person is offered マイページ instead of registration', () => {
    authStore.setState({ ...LOGGED_OUT, status: 'login', userId: 1 }, true);
    renderAt(<HomePage />);
    expect(screen.queryByRole('link', { name: '無料で会員登録' })).toBeNull();
    for (const link of screen.getAllByRole('link', { name: 'マイページへ進む' })) expect(link).toHaveAttribute('href', '/mypage');
  });

  test('#flow lists the seven real steps in order', () => {
    const { container } = renderAt(<HomePage />);
    const flow = container.querySelector('#flow');
    expect(flow).toBe(screen.getByRole('region', { name: 'お申し込みからご入金までの流れ' }));
    const steps = within(flow as HTMLElement).getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('h3')?.textContent)).toEqual([
      '会員登録',
      '本人確認',
      '請求書の登録',
      '書類の提出',
      '審査',
      'オンライン契約',
      'ご入金',
    ]);
    expect(steps[0]?.parentElement?.tagName).toBe('OL');
  });

  test('documents: the four kinds, with the corporate / individual difference', () => {
    renderAt(<HomePage />);
    const docs = screen.getByRole('region', { name: 'ご用意いただく書類' });
    for (const name of ['本人確認書類', '請求書', '入出金明細（直近4か月分ほど）', '決算書・確定申告書']) {
      expect(within(docs).getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    expect(within(docs).getByText(/通帳の表紙/)).toBeInTheDocument();
    expect(within(docs).getByText(/ネットバンキングの場合/)).toBeInTheDocument();
    expect(within(docs).getByText(/まだ決算を迎えていない場合は試算表/)).toBeInTheDocument();
    expect(within(docs).getByText(/まだ確定申告をしていない場合は開業届/)).toBeInTheDocument();
  });

  test('#fees: the formula, a labelled 計算例 whose numbers add up, and the commitments', () => {
    const { container } = renderAt(<HomePage />);
    const fees = container.querySelector('#fees') as HTMLElement;
    expect(fees).toBe(screen.getByRole('region', { name: '手数料と買取額の決まり方' }));
    expect(fees.querySelector('.mk-formula')).toHaveTextContent('買取額＝請求書の額面×買取率−手数料−振込手数料');
    const example = within(fees).getByRole('table', { name: /計算例/ });
    expect(within(example).getByRole('row', { name: /買取額（お振込みする金額）/ })).toHaveTextContent('869,500円');
    expect(within(fees).getByText(/数字はすべて説明のための仮のもの/)).toBeInTheDocument();
    expect(within(fees).getAllByText(/請求書ごとに審査で決まり/).length).toBeGreaterThan(0);
    expect(within(fees).getAllByText(/ご契約の前に必ず画面でお知らせします/).length).toBeGreaterThan(0);
  });

  test("#fees: the 計算例 shows the domain's figures for its terms (fee-example.ts)", () => {
    renderAt(<HomePage />);
    const example = screen.getByRole('table', { name: /計算例/ });
    const ex = feeExampleFigures();
    expect(
      within(example)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([ex.face, ex.principal, `−${ex.fee}`, `−${ex.bankCharge}`, ex.payout]);
    expect(within(example).getByRole('rowheader', { name: /額面 × 買取率/ })).toHaveTextContent(
      `額面 × 買取率（${ex.purchaseRatio}）${ex.face} × ${ex.purchaseRatio}`,
    );
    expect(ex).toMatchObject({ face: '1,000,000円', purchaseRatio: '90%', principal: '900,000円', payout: '869,500円' });
  });

  test('FAQ: native disclosures', () => {
    renderAt(<HomePage />);
    const faq = screen.getByRole('region', { name: 'よくあるご質問' });
    const items = faq.querySelectorAll('details');
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items.length).toBeLessThanOrEqual(6);
    for (const item of items) expect(item.querySelector('summary')?.textContent).toMatch(/？$/);
  });

  test('individuals not supported: said plainly, with the way to the details', () => {
    withConfig({ individualsSupported: false });
    renderAt(<HomePage />);
    const audience = screen.getByRole('region', { name: 'ご利用いただける方' });
    expect(within(audience).getByText('現在、受け付けを停止しています')).toBeInTheDocument();
    expect(within(audience).getByRole('link', { name: '詳しいご案内' })).toHaveAttribute('href', '/unsupported');
  });

  test('every section is labelled by its heading', () => {
    renderAt(<HomePage />);
    expect(unlabelledSections()).toEqual([]);
  });

  test('opening /#fees scrolls that section into view and focuses its heading', async () => {
    renderAt(<HomePage />, '/#fees');
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById('fees'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: '手数料と買取額の決まり方' }));
  });

  test('following a hash link on the page scrolls to it', async () => {
    renderAt(<HomePage />, '/#flow');
    await waitFor(() => expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById('flow')));
    fireEvent.click(screen.getByRole('link', { name: '手数料の仕組みを見る' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/#fees');
    await waitFor(() => expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById('fees')));
  });

  test('no hash: nothing scrolls', async () => {
    renderAt(<HomePage />);
    await new Promise((r) => setTimeout(r, 50));
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
