// Page frames: the signed-in layout (header, sync status, then the side rail beside the page on a
// laptop) and the public one (login, reset, registration).
// Each starts with the skip link; every screen renders its own <main id="main"> (PageMain).
import { Suspense, type MouseEvent } from 'react';
import { Outlet } from 'react-router-dom';
import { AppStatus } from '../components/app-status';
import { MAIN_ID, PageMain, focusMain } from '../components/page-main';
import { useServices } from '../components/services-context';
import { useSession } from '../components/session-context';
import { RequireUser } from './guards';
import { Header, SideRail } from './header';
import { useUnsavedEditCount } from './use-unsaved-edit-count';

const LOADING = (
  <PageMain>
    <p className="splash" role="status">
      Loading…
    </p>
  </PageMain>
);

function Status() {
  const { db } = useServices();
  const { user } = useSession();
  const unsaved = useUnsavedEditCount();
  return <AppStatus db={db} userLocked={user?.locked ?? false} unsaved={unsaved} />;
}

/**
 * 'Skip to content': the first thing Tab reaches. The app uses hash routes, so following
 * href="#main" would change the route: the click (Enter on a link is a click) is taken over and
 * focus moves to the page's main landmark instead. The href stays so that axe and screen readers
 * know it for an in-page link and its target.
 */
function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    focusMain();
  }
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      Skip to content
    </a>
  );
}

export function AppLayout() {
  return (
    <RequireUser>
      <div className="app">
        <SkipLink />
        <Header />
        <Status />
        <div className="app-body">
          <SideRail />
          <Suspense fallback={LOADING}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </RequireUser>
  );
}

export function PublicLayout() {
  return (
    <div className="app">
      <SkipLink />
      <header className="app-header app-header-public">
        <span className="brand">Interschools</span>
      </header>
      <Status />
      <Suspense fallback={LOADING}>
        <Outlet />
      </Suspense>
    </div>
  );
}
