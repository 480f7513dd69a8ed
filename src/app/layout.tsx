// Page frames: the signed-in layout (header, sync status, page) and the public one (login, reset).
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AppStatus } from '../components/app-status';
import { useSession } from '../components/session-context';
import { RequireUser } from './guards';
import { Header } from './header';
import { useServices } from './services';

function Status() {
  const { db, engine } = useServices();
  const { user } = useSession();
  return <AppStatus db={db} userLocked={user?.locked ?? false} onChanged={() => void engine.refreshCounts().catch(() => undefined)} />;
}

export function AppLayout() {
  return (
    <RequireUser>
      <div className="app">
        <Header />
        <Status />
        <Suspense fallback={<p className="splash" role="status">Loading…</p>}>
          <Outlet />
        </Suspense>
      </div>
    </RequireUser>
  );
}

export function PublicLayout() {
  return (
    <div className="app">
      <header className="app-header app-header-public">
        <a className="skip-link" href="#main">Skip to content</a>
        <span className="brand">Interschools</span>
      </header>
      <Status />
      <Outlet />
    </div>
  );
}
