import { Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Navigate, useLocation } from 'react-router-dom';
import { COPY, PageShown, RemoteErrorBoundary, documentTitle, matchRoute, type RouteDef } from '@app/shared';
import { afterLoginPath, staffLoginRedirect } from '../staff/login-paths';
import { useOpenCounts, withOpenCount } from '../staff/open-counts';
import { refreshStaff, useStaffSession } from '../staff/session';
import { BackofficeLayout } from '../ui/layout';
import { Loading, Notice } from '../ui/bits';
import { pages } from './pages';

function PageFrame({ route, children }: { route: RouteDef; children: ReactNode }) {
  const session = useStaffSession();
  const { entries } = useOpenCounts(false, route.id);
  useEffect(() => {
    // Work waiting shows in the browser's tab on every page: 「(3) 申込者｜…」 (the layout reads it).
    document.title = session.status === 'staff' ? withOpenCount(documentTitle(route), entries) : documentTitle(route);
  }, [route, entries, session.status]);
  return (
    <BackofficeLayout>
      <Suspense fallback={<Loading />}>
        {children}
        <PageShown />
      </Suspense>
    </BackofficeLayout>
  );
}

/**
 * The page the route table gives for the URL, when the back office owns it. The login is open to
 * anyone; every other page needs a staff session (checked here, from `POST /api/staff/me/`); unknown
 * /backoffice/* paths are the back office's 404.
 */
export function BackofficeRouteView() {
  const location = useLocation();
  const session = useStaffSession();
  const match = matchRoute(location.pathname, location.search);
  const owned = match.route.remote === 'backoffice';
  useEffect(() => {
    if (owned && session.status === 'unknown') void refreshStaff();
  }, [owned, session.status]);
  if (!owned) return null;
  const { route, params } = match;
  const Page = pages[route.id];
  if (route.id === 'backofficeNotFound' || !Page) {
    const NotFound = pages.backofficeNotFound!;
    return (
      <PageFrame route={route}>
        <NotFound route={route} params={params} />
      </PageFrame>
    );
  }
  if (session.status === 'unknown' || session.status === 'loading') {
    return (
      <BackofficeLayout>
        <Loading />
      </BackofficeLayout>
    );
  }
  if (session.status === 'error') {
    return (
      <BackofficeLayout>
        <Notice tone="error" title={COPY.errors.server}>
          <p>{session.message}</p>
          <button type="button" className="button button--secondary button--small" onClick={() => void refreshStaff()}>
            再読み込み
          </button>
        </Notice>
      </BackofficeLayout>
    );
  }
  if (route.id === 'backofficeLogin') {
    if (session.status === 'staff') return <Navigate to={afterLoginPath(location.search)} replace />;
  } else if (session.status !== 'staff') {
    return <Navigate to={staffLoginRedirect(location.pathname, location.search)} replace />;
  }
  return (
    <PageFrame route={route}>
      <Page route={route} params={params} />
    </PageFrame>
  );
}

function ResettingBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <RemoteErrorBoundary key={location.pathname} remote="backoffice">
      {children}
    </RemoteErrorBoundary>
  );
}

/** The whole tree the back office mounts: router, error boundary, route view. */
export function BackofficeRoot() {
  return (
    <BrowserRouter>
      <ResettingBoundary>
        <BackofficeRouteView />
      </ResettingBoundary>
    </BrowserRouter>
  );
}
