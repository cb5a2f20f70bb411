import { lazy, type ComponentType } from 'react';
import { matchRoute } from '../routes/match';
import type { PageMap, PageProps } from './remote-root';

/** A page component loaded on first render (React.lazy) that can also be loaded ahead of it. */
export type LazyPage = ComponentType<PageProps> & { readonly preload: () => Promise<unknown> };

/**
 * `React.lazy` for a page of a remote's page map, with `preload()`: the shell loads the page a link
 * leads to while the pointer is on the link (issue 12), so the click finds its code ready.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType<PageProps> }>): LazyPage {
  return Object.assign(lazy(load), { preload: load });
}

/** Loads the code of the page at `pathname` ahead of its render (pages made with lazyPage). */
export function preloadPage(pages: PageMap, pathname: string, search = ''): Promise<unknown> {
  const page = pages[matchRoute(pathname, search).route.id] as Partial<LazyPage> | undefined;
  return page?.preload ? page.preload() : Promise.resolve();
}
