import { useEffect, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { COPY, ToastRegion, href, showToast } from '@app/shared';
import { STAFF_ROLE_LABELS } from '@app/contracts';
import { useOpenCounts } from '../staff/open-counts';
import { logoutStaff, useStaffSession } from '../staff/session';
import { ensureBackofficeStyles } from './styles';

/** How many wait behind a link of the navigation: 「審査キュー 3」, read aloud as 「審査キュー（審査中 3件）」. */
function OpenCount({ count, label }: { count: number | null; label: string }) {
  if (count === null || count === 0) return null;
  return (
    <span className="bo-nav__count" data-open-count={count}>
      <span aria-hidden="true">{count.toLocaleString('ja-JP')}</span>
      <span className="bo-visually-hidden">{`（${label} ${count.toLocaleString('ja-JP')}件）`}</span>
    </span>
  );
}

/**
 * The back office's own layout (`backoffice` in the route table): a staff header (the service, the
 * review queue, who is logged in with their role, logout), the page, no public footer.
 */
export function BackofficeLayout({ children }: { children: ReactNode }) {
  ensureBackofficeStyles();
  const session = useStaffSession();
  const navigate = useNavigate();
  const staff = session.status === 'staff' ? session.staff : null;
  const { pathname } = useLocation();
  const open = useOpenCounts(staff !== null, pathname);
  useEffect(() => {
    document.documentElement.lang = 'ja';
  }, []);
  const logout = () => {
    logoutStaff()
      .then(() => {
        void navigate(href('backofficeLogin'), { replace: true });
        showToast('ログアウトしました。', 'success', { announcesNavigation: true });
      })
      .catch(() => showToast('ログアウトできませんでした。時間をおいてもう一度お試しください。', 'error'));
  };
  return (
    <div className="app-layout app-layout--backoffice bo" data-layout="backoffice">
      <a className="skip-link" href="#main">
        {COPY.skipToContent}
      </a>
      <header className="bo-header">
        <div className="bo-header__inner">
          <NavLink to={staff ? href('backofficeQueue') : href('backofficeLogin')} className="bo-brand" end>
            ツムギ 請求書買取<small>管理画面</small>
          </NavLink>
          {staff && (
            <nav className="bo-nav" aria-label="管理画面">
              <NavLink to={href('backofficeQueue')} end>
                審査キュー
                <OpenCount count={open.entries} label="審査中" />
              </NavLink>
              <NavLink to={href('backofficeIdentityQueue')}>
                本人確認
                <OpenCount count={open.identities} label="確認待ち" />
              </NavLink>
              <NavLink to={href('backofficeApplicants')}>申込者</NavLink>
              {staff.role !== 'reviewer' && <NavLink to={href('backofficeExports')}>会計用データ</NavLink>}
              <NavLink to={href('backofficeReleases')}>リリース状況</NavLink>
            </nav>
          )}
          {staff && (
            <div className="bo-user">
              <span>
                {staff.name} <span className="bo-user__role">{STAFF_ROLE_LABELS[staff.role]}</span>
              </span>
              <button type="button" className="bo-logout" onClick={logout}>
                ログアウト
              </button>
            </div>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="bo-main">
        {children}
      </main>
      <ToastRegion />
    </div>
  );
}
