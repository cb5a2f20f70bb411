import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router-dom';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  readonly to: string;
  readonly children: ReactNode;
}

/**
 * A link to any page of the site. Inside a remote's router it navigates with the History API
 * (single-spa hands the URL to whichever remote owns it: no full page load); outside a router
 * (the shell's fallback pages) it is a plain link.
 */
export function AppLink({ to, children, ...rest }: AppLinkProps) {
  const inRouter = useInRouterContext();
  if (inRouter && to.startsWith('/')) {
    return (
      <Link to={to} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}
