import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { lazyPage, preloadPage } from './lazy-page';
import type { PageMap } from './remote-root';

describe('lazyPage and preloadPage', () => {
  test('preloadPage loads the code of the page a path leads to, and only that one', async () => {
    const login = vi.fn(async () => ({ default: () => <p>login</p> }));
    const register = vi.fn(async () => ({ default: () => <p>register</p> }));
    const pages: PageMap = { login: lazyPage(login), register: lazyPage(register) };
    await preloadPage(pages, '/login');
    expect(login).toHaveBeenCalledTimes(1);
    expect(register).not.toHaveBeenCalled();
  });

  test('a page without preload (plain component) or an unknown path loads nothing', async () => {
    const pages: PageMap = { login: () => <p>login</p> };
    await expect(preloadPage(pages, '/login')).resolves.toBeUndefined();
    await expect(preloadPage(pages, '/no/such/page')).resolves.toBeUndefined();
  });

  test('a lazyPage still renders as a lazy component', async () => {
    const Page = lazyPage(async () => ({ default: () => <p>ログイン画面</p> }));
    render(
      <Suspense fallback={null}>
        <Page route={{ id: 'login', path: '/login', remote: 'auth', layout: 'anonymous', title: 'ログイン', guards: [] }} params={{}} />
      </Suspense>,
    );
    expect(await screen.findByText('ログイン画面')).toBeInTheDocument();
  });
});

describe('a preloaded lazyPage', () => {
  test('renders in the same commit as its parent: no Suspense fallback', async () => {
    const Page = lazyPage(async () => ({ default: () => <p>ログイン画面</p> }));
    await Page.preload();
    render(
      <Suspense fallback={<p>読み込み中</p>}>
        <Page route={{ id: 'login', path: '/login', remote: 'auth', layout: 'anonymous', title: 'ログイン', guards: [] }} params={{}} />
      </Suspense>,
    );
    expect(screen.getByText('ログイン画面')).toBeInTheDocument();
    expect(screen.queryByText('読み込み中')).toBeNull();
  });

  test('a failed load is tried again', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue({ default: () => <p>ok</p> });
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('ChunkLoadError');
    await expect(Page.preload()).resolves.toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
