// A stored address (a result's published file, a trophy's picture kept elsewhere) as a link, opened
// in a new tab, only when it is a web address or one of our own files (rules/stored-url). The
// server refuses any other on the way in; one stored before that check is shown as plain text
// (`fallback`, else the link's words), never followed.
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { isSafeStoredUrl } from '../domain/rules/stored-url';

type StoredLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> & {
  url: string;
  children: ReactNode;
  /** What shows instead of a link for an unsafe address (default: the children, as text). */
  fallback?: ReactNode;
};

export function StoredLink({ url, children, fallback, ...rest }: StoredLinkProps) {
  if (!isSafeStoredUrl(url)) return <>{fallback === undefined ? children : fallback}</>;
  return (
    <a {...rest} href={url} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
