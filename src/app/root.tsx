// The root route: the host check comes before anything else (unexpected host -> /down), then the
// shell's wiring: the page's sync engine runs while a user is known, a 401 (status.needsLogin, or
// any call of a screen)
// sends the app to /login keeping the outbox, a 410 (status.locked) marks the user locked, and a
// waiting new version is offered.
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { onSessionEnded } from '../api/http';
import { useSession } from '../components/session-context';
import { useSyncStatus } from '../components/use-sync-status';
import { ROUTES } from '../domain/constants/ui';
import { sessionAfterLock } from '../domain/rules/session';
import { syncStatus } from '../sync/status';
import { useHostCheck } from './host-check';
import { useServices } from './services';
import { UpdatePrompt } from './update-prompt';

function useSyncWiring(): void {
  const { engine } = useServices();
  const { user, setUser } = useSession();
  const { locked, needsLogin } = useSyncStatus();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const username = user?.username ?? null;

  // One engine per page; it flushes on online, focus, new items and a timer while running.
  useEffect(() => {
    if (!username) return;
    return engine.start();
  }, [engine, username]);

  useEffect(() => {
    if (locked && user && !user.locked) void setUser(sessionAfterLock(user));
  }, [locked, user, setUser]);

  // A 401 on a screen's own call (a report, the users list) ends the session as the engine's does.
  useEffect(() => onSessionEnded(() => {
    if (username) syncStatus.set({ needsLogin: true });
  }), [username]);

  // On the 401 signal (its rising edge) go to /login and say why; the outbox is kept.
  const wasNeedingLogin = useRef(false);
  useEffect(() => {
    if (needsLogin && !wasNeedingLogin.current && pathname !== ROUTES.login) {
      navigate(ROUTES.login, { state: { expired: true } });
    }
    wasNeedingLogin.current = needsLogin;
  }, [needsLogin, navigate, pathname]);
}

export function Root() {
  const host = useHostCheck();
  const { pathname } = useLocation();
  useSyncWiring();

  if (host === 'checking') return <p className="splash" role="status">Loading…</p>;
  if (host === 'down' && pathname !== ROUTES.down) return <Navigate to={ROUTES.down} replace />;
  return (
    <>
      <UpdatePrompt />
      <Outlet />
    </>
  );
}
