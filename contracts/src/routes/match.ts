import { NOT_FOUND_ROUTE, ROUTES, type RemoteName, type RouteDef, type RouteId } from './table';

export interface RouteMatch {
  readonly route: RouteDef;
  readonly params: Readonly<Record<string, string>>;
  /** True when no route claims the path (or its required query is missing): show the 404 page. */
  readonly notFound: boolean;
}

const DIGITS = /^\d+$/;

/** `/a/b/` and `/a/b` are the same page; `/` stays `/`. */
export function normalizePathname(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function segments(path: string): string[] {
  return path === '/' ? [] : path.slice(1).split('/');
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = segments(pattern);
  const got = segments(pathname);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (w === '*') {
      if (i !== want.length - 1 || got.length <= i) return null;
      params['*'] = got.slice(i).map(decodeSegment).join('/');
      return params;
    }
    const g = got[i];
    if (g === undefined) return null;
    if (w.startsWith(':')) {
      if (!DIGITS.test(g)) return null;
      params[w.slice(1)] = g;
    } else if (w !== g) {
      return null;
    }
  }
  return got.length === want.length ? params : null;
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Static routes win over `:param` routes, which win over `*` routes (`/entry/contract/complete`). */
function specificity(path: string): number {
  if (path.includes('*')) return 2;
  if (path.includes(':')) return 1;
  return 0;
}

const ORDERED: readonly RouteDef[] = [...ROUTES].sort((a, b) => specificity(a.path) - specificity(b.path));

export function matchRoute(pathname: string, search = ''): RouteMatch {
  const path = normalizePathname(pathname);
  const query = new URLSearchParams(search);
  for (const route of ORDERED) {
    const params = matchPattern(route.path, path);
    if (!params) continue;
    const missing = route.requiredQuery?.some((name) => !query.get(name));
    if (missing) return { route: NOT_FOUND_ROUTE, params: {}, notFound: true };
    return { route, params, notFound: route.id === 'notFound' };
  }
  return { route: NOT_FOUND_ROUTE, params: {}, notFound: true };
}

/** Which remote renders this path (unknown paths: marketing, which owns the 404 page). */
export function remoteForPath(pathname: string, search = ''): RemoteName {
  return matchRoute(pathname, search).route.remote;
}

/** single-spa activity function for one remote. */
export function activeWhen(remote: RemoteName): (location: { readonly pathname: string; readonly search: string }) => boolean {
  return (location) => remoteForPath(location.pathname, location.search) === remote;
}

export function routeById(id: RouteId): RouteDef {
  const found = ROUTES.find((r) => r.id === id);
  if (!found) throw new Error(`unknown route id ${id}`);
  return found;
}

/** Builds the path of a route: `href('entryDetail', { entryId: 12 })` → `/entry/detail/12`. */
export function href(id: RouteId, params: Record<string, string | number> = {}, query?: Record<string, string>): string {
  const path = routeById(id)
    .path.split('/')
    .map((seg) => {
      if (seg.startsWith(':') || seg === '*') {
        const key = seg === '*' ? '*' : seg.slice(1);
        const value = params[key];
        if (value === undefined) throw new Error(`href(${id}): missing ${key}`);
        const text = String(value);
        if (seg.startsWith(':') && !DIGITS.test(text)) throw new Error(`href(${id}): ${key} must be digits`);
        return seg === '*' ? text.split('/').map(encodeURIComponent).join('/') : text;
      }
      return seg;
    })
    .join('/');
  const qs = query ? new URLSearchParams(query).toString() : '';
  return (path || '/') + (qs ? `?${qs}` : '');
}
