import type { ReactNode } from 'react';
import { AppLink } from '@app/shared';

interface UrlLinkProps {
  readonly url: string;
  readonly children: ReactNode;
  readonly className?: string;
}

/** A link from the runtime config: a page of this site in place, another site in a new tab (said aloud), a mail address as a mail link. */
export function ConfigLink(props: UrlLinkProps) {
  const { url, children, className } = props;
  if (url.startsWith('mailto:')) {
    // The mail program opens; the page stays.
    return (
      <a className={className} href={url}>
        {children}
      </a>
    );
  }
  if (url.startsWith('/')) {
    return (
      <AppLink className={className} to={url}>
        {children}
      </AppLink>
    );
  }
  return <ExternalLink {...props} />;
}

export function ExternalLink({ url, children, className }: UrlLinkProps) {
  return (
    <a className={`mp-external${className ? ` ${className}` : ''}`} href={url} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">（新しいタブで開きます）</span>
    </a>
  );
}
