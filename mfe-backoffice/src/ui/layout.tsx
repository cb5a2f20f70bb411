import { useEffect, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { COPY, ToastRegion, href, showToast } from '@app/shared';
import { STAFF_ROLE_LABELS } from '@app/contracts';
import { logoutStaff, useStaffSession } from '../staff/session';
import { ensureBackofficeStyles } from './styles';

/**
 * The back office's own layout (`backoffice` in the route table): a staff header (the service, the
 * review queue, who is logged in with their role, logout), the page, no public footer.
 */
export function BackofficeLayout({ children }: { children: ReactNode }) {
  ensureBackofficeStyles();
  const session = useStaffSession();
  const navigate = useNavigate();
  const staff = session.status === 'staff' ? session.staff : null;
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
              </NavLink>
              <NavLink to={href('backofficeIdentityQueue')}>本人確認</NavLink>
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
