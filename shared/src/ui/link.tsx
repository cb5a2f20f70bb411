import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
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
type SingleSpaWindow = Window & { singleSpaNavigate?: (url: string) => void };

/** Outside a router (the shell's fallback page), still navigate in-app when single-spa runs. */
function navigateOutsideRouter(event: MouseEvent<HTMLAnchorElement>, to: string, onClick?: (e: MouseEvent<HTMLAnchorElement>) => void) {
  onClick?.(event);
  const navigate = (window as SingleSpaWindow).singleSpaNavigate;
  const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
  if (event.defaultPrevented || !plainClick || !navigate || !to.startsWith('/')) return;
  event.preventDefault();
  navigate(to);
}

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
    <a href={to} {...rest} onClick={(event) => navigateOutsideRouter(event, to, rest.onClick)}>
      {children}
    </a>
  );
}
