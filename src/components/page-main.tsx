// Every screen's <main> landmark: exactly one per page, with the id the skip link targets and
// tabIndex -1 so the skip link can move focus there (a programmatic focus target only: never in
// the Tab order). Hash routing means the skip link cannot be a plain href="#main" jump, so
// focusMain() does it in script.
import type { ReactNode } from 'react';

export const MAIN_ID = 'main';

/**
 * The one page frame: every page has the class 'page' (the same margins and maximum width); a
 * grid screen asks for the wide frame ('page-wide'), a form for the narrow one ('page-narrow').
 */
export function PageMain({ className, children }: { className?: string; children: ReactNode }) {
  const classes = new Set(['page', ...(className ?? '').split(' ').filter(Boolean)]);
  return (
    <main id={MAIN_ID} tabIndex={-1} className={[...classes].join(' ')}>
      {children}
    </main>
  );
}

/** Moves focus to the page's main landmark (the skip link's target) without changing the route. */
export function focusMain(doc: Document = document): boolean {
  const main = doc.getElementById(MAIN_ID) ?? doc.querySelector<HTMLElement>('main');
  if (!main) return false;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus();
  main.scrollIntoView?.({ block: 'start' });
  return true;
}
