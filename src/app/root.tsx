// The root route: the host check comes before anything else (unexpected host -> /down), then the
// shell's wiring: the page's sync engine runs while a user is known, a 401 (status.needsLogin, or
// any call of a screen)
// sends the app to /login keeping the outbox, the session's lock follows its event (a 410 locks,
// the pulled event locks or unlocks, its entries close locks at that moment), and a waiting new
// version is offered.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { onEventLocked, onSessionEnded } from '../api/http';
import { useServices } from '../components/services-context';
import { useSession } from '../components/session-context';
import { useSyncStatus } from '../components/use-sync-status';
import { ROUTES } from '../domain/constants/ui';
import { isAdmin } from '../domain/rules/access';
import { closedToSchools, msUntilClose } from '../domain/rules/event-calendar';
import { sessionAfterLock } from '../domain/rules/session';
import { syncStatus } from '../sync/status';
import { useHostCheck } from './host-check';
import { UpdatePrompt } from './update-prompt';

/** setTimeout's longest wait (about 24 days): a later close is waited for in steps. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The session's lock follows its event: a 410 (the engine's or any call's) locks it at once; the
 * pulled event row locks it (locked, or its entries closed), and unlocks it once the engine has
 * found the event open again (so a device is no longer locked after the admin unlocks, until the
 * next sign-in).
 */
function useLockFollowsEvent(): void {
  const { db } = useServices();
  const { user, setUser } = useSession();
  const { locked } = useSyncStatus();
  const username = user?.username ?? null;
  const eventId = user?.EventId ?? null;
  const event = useLiveQuery(async () => (eventId ? db.events.get(eventId) : undefined), [db, eventId]);

  useEffect(
    () =>
      onEventLocked(() => {
        if (username) syncStatus.set({ locked: true });
      }),
    [username],
  );

  // Entries close on their own: the screens lock at that moment, not at the next pull or refusal.
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const wait = event ? msUntilClose(event, new Date()) : null;
    if (wait === null) return;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.min(wait + 1, LONGEST_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [event, tick]);

  useEffect(() => {
    if (!user) return;
    const closed = !!event && closedToSchools(event, new Date());
    if (locked && !user.locked) {
      void setUser(sessionAfterLock(user));
    } else if (!locked && event && !isAdmin(user.type) && closed !== user.locked) {
      void setUser({ ...user, locked: closed });
    }
  }, [locked, user, event, setUser, tick]);
}

function useSyncWiring(): void {
  const { engine } = useServices();
  const { user } = useSession();
  const { needsLogin } = useSyncStatus();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const username = user?.username ?? null;

  // One engine per page; it flushes on online, focus, new items and a timer while running.
  useEffect(() => {
    if (!username) return;
    return engine.start();
  }, [engine, username]);

  // A 401 on a screen's own call (a report, the users list) ends the session as the engine's does.
  useEffect(
    () =>
      onSessionEnded(() => {
        if (username) syncStatus.set({ needsLogin: true });
      }),
    [username],
  );

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
  useLockFollowsEvent();

  if (host === 'checking')
    return (
      <p className="splash" role="status">
        Loading…
      </p>
    );
  if (host === 'down' && pathname !== ROUTES.down) return <Navigate to={ROUTES.down} replace />;
  return (
    <>
      <UpdatePrompt />
      <Outlet />
    </>
  );
}
