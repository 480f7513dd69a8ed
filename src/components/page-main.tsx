// Every screen's <main> landmark: exactly one per page, with the id the skip link targets and
// tabIndex -1 so the skip link can move focus there (a programmatic focus target only: never in
// the Tab order). Hash routing means the skip link cannot be a plain href="#main" jump, so
// focusMain() does it in script.
import type { ReactNode } from 'react';

export const MAIN_ID = 'main';

export function PageMain({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className={className}>
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
