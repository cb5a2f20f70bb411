import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { AppLink, getRuntimeConfig } from '@app/shared/core';

/**
 * The support address from the runtime config, or null when it would lead back to the page being
 * read (the default config points it at /statement, which then shows the contact details itself).
 */
export function useSupportUrl(): string | null {
  const { pathname } = useLocation();
  const url = getRuntimeConfig().supportUrl.trim();
  if (!url) return null;
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
