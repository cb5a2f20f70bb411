import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { AppLink, supportHref } from '@app/shared/core';

/**
 * The support contact from the runtime config (`supportHref`: the support page, else a mail to the
 * operator), or null when there is none or it would lead back to the page being read.
 */
export function useSupportUrl(): string | null {
  const { pathname } = useLocation();
  const url = supportHref();
  if (url === null) return null;
  if (url.startsWith('/') && url.replace(/[?#].*$/, '').replace(/\/+$/, '') === pathname.replace(/\/+$/, '')) return null;
  return url;
}

/** A link to the support window: in-app for site paths, a plain link for anything else. */
export function SupportLink({ children, className, paragraph = false }: { children: ReactNode; className?: string; paragraph?: boolean }) {
  const url = useSupportUrl();
  if (url === null) return null;
  const link = (
    <AppLink to={url} className={className}>
      {children}
    </AppLink>
  );
  return paragraph ? <p>{link}</p> : link;
}
