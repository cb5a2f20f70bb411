import { href, matchRoute } from '@app/shared';

/** Where a page without a staff session sends the person: the staff login, coming back afterwards. */
export function staffLoginRedirect(pathname: string, search: string): string {
  return `${href('backofficeLogin')}?${new URLSearchParams({ next: `${pathname}${search}` }).toString()}`;
}

/**
 * Where the login sends a staff member: `?next=` when it is a back-office page of this site, else the
 * review queue. (Only back-office paths: a staff login never lands on an applicant's page.)
 */
export function afterLoginPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  const queue = href('backofficeQueue');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return queue;
  const path = next.split(/[?#]/)[0] ?? '';
  const route = matchRoute(path).route;
  return route.remote === 'backoffice' && route.id !== 'backofficeLogin' && route.id !== 'backofficeNotFound' ? next : queue;
}
