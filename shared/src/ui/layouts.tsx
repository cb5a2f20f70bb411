import { useEffect, useRef, type ReactNode } from 'react';
import { routeById } from '@app/contracts/routes/match';
import type { LayoutName, RouteId } from '@app/contracts/routes/table';
import { BRAND, COPY } from '@app/contracts/copy';
import { isLoggedIn, useAuth } from '../auth-store';
import { AppLink } from './link';
import { ToastRegion } from './toast';

type HeaderKind = 'full' | 'app' | 'simple' | 'none';
type FooterKind = 'full' | 'minimal' | 'none';
type MainWidth = 'wide' | 'main' | 'narrow' | 'card';

interface LayoutSpec {
  readonly header: HeaderKind;
  readonly footer: FooterKind;
  readonly width: MainWidth;
}

/** The nine layouts of spec §2: which header, footer and content width each one has. */
export const LAYOUT_SPECS: Readonly<Record<LayoutName, LayoutSpec>> = {
  marketing: { header: 'full', footer: 'full', width: 'wide' },
  static: { header: 'full', footer: 'full', width: 'narrow' },
  anonymous: { header: 'simple', footer: 'minimal', width: 'card' },
  default: { header: 'app', footer: 'minimal', width: 'main' },
  entry: { header: 'app', footer: 'minimal', width: 'main' },
  mypage: { header: 'app', footer: 'minimal', width: 'main' },
  plain: { header: 'none', footer: 'none', width: 'main' },
  'simple-header': { header: 'simple', footer: 'minimal', width: 'narrow' },
  'simple-header-no-footer': { header: 'simple', footer: 'none', width: 'narrow' },
  // Not in the spec: mfe-backoffice draws its own staff header around this (issue 11).
  backoffice: { header: 'none', footer: 'none', width: 'wide' },
};

function Brand() {
  return (
    <AppLink to="/" className="brand" aria-label={`${BRAND.fullName} トップページ`}>
      <span className="brand__mark">{BRAND.name}</span>
      <span className="brand__sub">{BRAND.service}</span>
    </AppLink>
  );
}

function SiteHeader({ kind }: { kind: HeaderKind }) {
  const loggedIn = useAuth(isLoggedIn);
  if (kind === 'none') return null;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Brand />
        {kind !== 'simple' && (
          <nav className="site-nav" aria-label="サイト">
            {kind === 'full' && (
              <>
                <AppLink className="site-nav__link site-nav__extra" to="/#flow">
                  ご利用の流れ
                </AppLink>
                <AppLink className="site-nav__link site-nav__extra" to="/#fees">
                  手数料
                </AppLink>
              </>
            )}
            {loggedIn ? (
              <AppLink className="button button--secondary button--small" to="/mypage">
                {COPY.mypage}
              </AppLink>
            ) : (
              <>
                <AppLink className="site-nav__link" to="/login">
                  {COPY.login}
                </AppLink>
                <AppLink className="button button--primary button--small" to="/register">
                  {COPY.register}
                </AppLink>
              </>
            )}
          </nav>
        )}
      </div>
    </header>
  );
}

/** The footer's pages, each linked by its path and named by its title in the route table. */
const FOOTER_ROUTES: readonly RouteId[] = ['statement', 'terms', 'privacy', 'security', 'sct'];
const FOOTER_LINKS: readonly { to: string; label: string }[] = FOOTER_ROUTES.map((id) => {
  const { path, title } = routeById(id);
  return { to: path, label: title };
});

function SiteFooter({ kind }: { kind: FooterKind }) {
  if (kind === 'none') return null;
  return (
    <footer className={`site-footer site-footer--${kind}`}>
      <div className="site-footer__inner">
        <nav aria-label="規約とポリシー">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <AppLink to={l.to}>{l.label}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copy">© {BRAND.fullName}</p>
      </div>
    </footer>
  );
}

export interface LayoutProps {
  readonly name: LayoutName;
  readonly children: ReactNode;
}

// The URL the tab opened on, and whether the person has moved since (across every remote:
// @app/shared is one instance at run time).
let initialUrl = typeof window === 'undefined' ? '' : window.location.href;
let navigated = false;

/** Forgets the navigation so far (a test's fresh tab). */
export function resetPagesShown(): void {
  initialUrl = typeof window === 'undefined' ? '' : window.location.href;
  navigated = false;
}

/**
 * Rendered after a page's content has committed. The page a tab opens on is left to the browser;
 * every page reached by navigating starts at its top (unless the URL names a section) and moves
 * keyboard and screen-reader focus to its heading, which announces it.
 */
export function PageShown() {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const doc = marker.current?.ownerDocument ?? document;
    if (!navigated && doc.location.href === initialUrl) return;
    navigated = true;
    if (!doc.location.hash) doc.defaultView?.scrollTo?.(0, 0);
    // This page's own heading (another remote's old page may still be leaving the DOM).
    const heading = marker.current?.closest('main')?.querySelector<HTMLElement>('h1');
    if (heading && !doc.location.hash) {
      heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }
  }, []);
  return <span ref={marker} hidden />;
}

/** Renders one of the nine layouts around a page (`data-layout` names it for tests). */
export function Layout({ name, children }: LayoutProps) {
  const spec = LAYOUT_SPECS[name];
  return (
    <div className={`app-layout app-layout--${name}`} data-layout={name}>
      <a className="skip-link" href="#main">
        {COPY.skipToContent}
      </a>
      <SiteHeader kind={spec.header} />
      <main id="main" tabIndex={-1} className={`app-main app-main--${spec.width}`}>
        {children}
      </main>
      <SiteFooter kind={spec.footer} />
      <ToastRegion />
    </div>
  );
}
