import { Component, Suspense, useEffect, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { BrowserRouter, Navigate, useLocation } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { useAuth, type AuthState } from '../auth-store';
import { BRAND, COPY } from '@app/contracts/copy';
import { evaluateGuards, type GuardContext } from '@app/contracts/routes/guards';
import { matchRoute } from '@app/contracts/routes/match';
import type { RemoteName, RouteDef, RouteId } from '@app/contracts/routes/table';
import { getRuntimeConfig } from '../runtime/config';
import { handleChunkLoadError, isChunkLoadError } from '../runtime/chunk-reload-guard';
import { reportFieldError } from '../runtime/field-error';
import { ErrorPage } from './error-page';
import { Layout, PageShown } from './layouts';
import { NotYetAvailable } from './not-yet-available';

export interface PageProps {
  readonly route: RouteDef;
  readonly params: Readonly<Record<string, string>>;
}
export type PageMap = Partial<Record<RouteId, ComponentType<PageProps>>>;

export function documentTitle(route: RouteDef): string {
  return route.id === 'home' ? `${BRAND.fullName}｜${route.title}` : `${route.title}｜${BRAND.fullName}`;
}

/** What the guards read of the auth state (a flat object: compared field by field). */
export function guardFieldsOf(auth: AuthState) {
  return {
    status: auth.status,
    isIndividual: auth.isIndividual,
    hasSatisfiedProfile: auth.hasSatisfiedProfile,
    allowRedirectToProfile: auth.allowRedirectToProfile,
    segment: auth.me?.user_segment ?? null,
    suppressEntries: auth.suppressEntries,
  };
}

/** The guard context from the auth store and runtime config (entry progress comes later). */
export function guardContextFrom(auth: AuthState | ReturnType<typeof guardFieldsOf>): GuardContext {
  const fields = 'segment' in auth ? auth : guardFieldsOf(auth);
  return {
    user: {
      status: fields.status,
      isIndividual: fields.isIndividual,
      hasSatisfiedProfile: fields.hasSatisfiedProfile,
      allowRedirectToProfile: fields.allowRedirectToProfile,
      segment: fields.segment,
    },
    config: { individualsSupported: getRuntimeConfig().individualsSupported },
    suppressEntries: fields.suppressEntries,
    entry: { firstIncompleteStepPath: null },
  };
}

function Loading() {
  return (
    <p className="loading" role="status">
      {COPY.loading}
    </p>
  );
}

/**
 * Renders the page the route table gives for the current URL when this remote owns it: guards,
 * then layout, title and page. A route owned by another remote renders nothing (single-spa is
 * about to swap remotes); unknown paths belong to marketing, which shows the 404 page.
 */
export function RouteView({ remote, pages }: { remote: RemoteName; pages: PageMap }) {
  const location = useLocation();
  // Only what the guards read, compared field by field: the view does not render again when
  // nothing it uses changed (a prerendered page's Suspense boundary is hydrated, not replaced,
  // when the store's state differs from its initial one only in fields no guard reads).
  const auth = useAuth(useShallow(guardFieldsOf));
  const match = matchRoute(location.pathname, location.search);
  const owned = match.route.remote === remote;
  const result = owned ? evaluateGuards(match.route, guardContextFrom(auth), location) : null;
  const showsPage = owned && result?.kind === 'allow';
  const titleRoute = match.notFound ? match.route : showsPage ? match.route : null;
  useEffect(() => {
    if (titleRoute) document.title = documentTitle(titleRoute);
  }, [titleRoute]);
  if (!owned || !result) return null;
  if (result.kind === 'redirect') return <Navigate to={result.to} replace />;
  if (match.notFound || result.kind === 'notFound') {
    return (
      <Layout name="simple-header">
        <ErrorPage status={404} />
        <PageShown />
      </Layout>
    );
  }
  const Page = pages[match.route.id];
  return (
    <Layout name={match.route.layout}>
      <Suspense fallback={<Loading />}>
        {Page ? <Page route={match.route} params={match.params} /> : <NotYetAvailable route={match.route} />}
        <PageShown />
      </Suspense>
    </Layout>
  );
}

interface BoundaryState {
  readonly error: unknown;
  readonly reloading: boolean;
}

/**
 * A remote's error boundary. A chunk that failed to load reloads the page once per path within
 * 10 s (spec §8); after that, or for any other error, the error page shows in the remote's place.
 */
export class RemoteErrorBoundary extends Component<{ children: ReactNode; remote: RemoteName }, BoundaryState> {
  override state: BoundaryState = { error: null, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error) && handleChunkLoadError() === 'reloading') {
      this.setState({ reloading: true });
      return;
    }
    console.error(`[${this.props.remote}]`, error, info.componentStack);
    // Field telemetry (the shell's collector): the error page a person sees, counted for the remote's version.
    reportFieldError('boundary', error, this.props.remote);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    if (this.state.reloading) return <Loading />;
    const chunk = isChunkLoadError(this.state.error);
    return (
      <Layout name="simple-header">
        <ErrorPage status={chunk ? 503 : 500} detail={chunk ? COPY.errors.chunkFailed : undefined} />
      </Layout>
    );
  }
}

function ResettingBoundary({ remote, children }: { remote: RemoteName; children: ReactNode }) {
  const location = useLocation();
  // A new page gets a fresh boundary: an error on one page does not stick to the next.
  return (
    <RemoteErrorBoundary key={location.pathname} remote={remote}>
      {children}
    </RemoteErrorBoundary>
  );
}

/**
 * Everything a remote renders inside its router: error boundary, route view. The build-time
 * prerender (mfe-marketing/src/prerender.tsx) renders this same tree in a static router, so the
 * HTML it writes is what the browser hydrates.
 */
export function RemoteRoutes({ remote, pages }: { remote: RemoteName; pages: PageMap }) {
  return (
    <ResettingBoundary remote={remote}>
      <RouteView remote={remote} pages={pages} />
    </ResettingBoundary>
  );
}

/** The whole tree a remote mounts: router, error boundary, route view. */
export function RemoteRoot({ remote, pages }: { remote: RemoteName; pages: PageMap }) {
  return (
    <BrowserRouter>
      <RemoteRoutes remote={remote} pages={pages} />
    </BrowserRouter>
  );
}
