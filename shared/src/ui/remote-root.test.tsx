import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { LOGGED_OUT, authStore } from '../auth-store';
import type { LayoutName, RemoteName } from '@app/contracts/routes/table';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '../runtime/config';
import { LAYOUT_SPECS, Layout, resetPagesShown } from './layouts';
import { RouteView, documentTitle, type PageMap } from './remote-root';
import { routeById } from '@app/contracts/routes/match';

afterEach(() => {
  authStore.setState(LOGGED_OUT, true);
  setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
});

function WhereAmI() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

const renderAt = (path: string, remote: RemoteName, pages: PageMap = {}) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <RouteView remote={remote} pages={pages} />
      <WhereAmI />
    </MemoryRouter>,
  );

describe('RouteView', () => {
  test('renders the owning page in its layout with its title', () => {
    renderAt('/terms', 'marketing', { terms: () => <h1>利用規約の本文</h1> });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('利用規約の本文');
    expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', 'static');
    expect(document.title).toBe('利用規約｜ツムギ 請求書買取');
  });

  test('a page not built yet says so plainly', () => {
    renderAt('/register', 'auth');
    expect(screen.getByText('このページは準備中です')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('無料会員登録');
    expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', 'anonymous');
  });

  test('a route of another remote renders nothing', () => {
    const { container } = renderAt('/login', 'marketing');
    expect(container.querySelector('[data-layout]')).toBeNull();
  });

  test('unknown paths and bad entry ids show the 404 page (marketing owns them)', () => {
    renderAt('/entry/detail/abc', 'marketing');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('お探しのページが見つかりません');
    expect(document.title).toBe('ページが見つかりません｜ツムギ 請求書買取');
    expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', 'simple-header');
  });

  test('guards redirect: a visitor on /mypage goes to /login?next=…', () => {
    renderAt('/mypage', 'mypage');
    expect(screen.getByTestId('where')).toHaveTextContent('/login?next=%2Fmypage');
  });

  test('guards read the auth store: a logged-in person on /login goes to /mypage', () => {
    act(() => authStore.setState({ ...LOGGED_OUT, status: 'login', userId: 3, hasSatisfiedProfile: true }));
    renderAt('/login', 'auth');
    expect(screen.getByTestId('where')).toHaveTextContent('/mypage');
  });

  test('guards read the runtime config: individuals unsupported → /unsupported', () => {
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, individualsSupported: false });
    act(() => authStore.setState({ ...LOGGED_OUT, status: 'login', userId: 3, isIndividual: true, hasSatisfiedProfile: true }));
    renderAt('/mypage', 'mypage');
    expect(screen.getByTestId('where')).toHaveTextContent('/unsupported');
  });
});

describe('focus after navigation', () => {
  test('the first page of the tab keeps the browser focus; later pages focus their heading', async () => {
    resetPagesShown();
    const { unmount } = renderAt('/terms', 'marketing', { terms: () => <h1>利用規約の本文</h1> });
    expect(document.activeElement).toBe(document.body);
    unmount();
    window.history.pushState(null, '', '/policy/privacy');
    renderAt('/policy/privacy', 'marketing', { privacy: () => <h1>プライバシーポリシーの本文</h1> });
    expect(document.activeElement).toHaveTextContent('プライバシーポリシーの本文');
    expect(document.activeElement).toHaveAttribute('tabindex', '-1');
  });
});

describe('layouts', () => {
  test.each(Object.entries(LAYOUT_SPECS))('%s: header %o', (name, spec) => {
    render(
      <MemoryRouter>
        <Layout name={name as LayoutName}>
          <h1>本文</h1>
        </Layout>
      </MemoryRouter>,
    );
    expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', name);
    expect(screen.getByRole('main')).toHaveTextContent('本文');
    expect(screen.queryByRole('banner') !== null).toBe(spec.header !== 'none');
    expect(screen.queryByRole('contentinfo') !== null).toBe(spec.footer !== 'none');
    expect(screen.getByRole('link', { name: '本文へスキップ' })).toHaveAttribute('href', '#main');
    if (spec.header === 'full') expect(screen.getByRole('link', { name: '無料会員登録' })).toHaveAttribute('href', '/register');
    if (spec.header === 'simple') expect(screen.queryByRole('navigation', { name: 'サイト' })).toBeNull();
  });

  test('documentTitle puts the brand first only on the home page', () => {
    expect(documentTitle(routeById('home'))).toBe('ツムギ 請求書買取｜請求書買取のオンライン申し込み');
    expect(documentTitle(routeById('login'))).toBe('ログイン｜ツムギ 請求書買取');
  });
});
