import { lazy, useState, type ComponentType } from 'react';
import { matchRoute } from '@app/contracts/routes/match';
import type { PageMap, PageProps } from './remote-root';

/** A page component loaded on first render (like React.lazy) that can also be loaded ahead of it. */
export type LazyPage = ComponentType<PageProps> & { readonly preload: () => Promise<unknown> };

/**
 * A page of a remote's page map, loaded on demand, with `preload()` (issue 12): the shell loads the
 * page of the current path while /api/me/ is in flight, and the page a link leads to while the
 * pointer is on the link. A page whose code is already loaded renders at once, without suspending:
 * React holds a Suspense reveal for up to 300 ms after a fallback was shown, so a preloaded page
 * rendered through React.lazy would still wait.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType<PageProps> }>): LazyPage {
  let loaded: ComponentType<PageProps> | undefined;
  let pending: Promise<{ default: ComponentType<PageProps> }> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a failed chunk may load on the next try
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  function Page(props: PageProps) {
    // Chosen once per mounted page, so it never switches component (which would remount it).
    const [Component] = useState<ComponentType<PageProps>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload });
}

/** Loads the code of the page at `pathname` ahead of its render (pages made with lazyPage). */
export function preloadPage(pages: PageMap, pathname: string, search = ''): Promise<unknown> {
  const page = pages[matchRoute(pathname, search).route.id] as Partial<LazyPage> | undefined;
  return page?.preload ? page.preload() : Promise.resolve();
}
