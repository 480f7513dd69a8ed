// Provides the session user (components/session-context) from Dexie meta, so it survives reloads
// and offline starts: a stored user opens the app without a network login.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useServices } from '../components/services-context';
import { SessionContext, type SessionState } from '../components/session-context';
import { getSessionUser, setSessionUser } from '../db/meta';
import type { SessionUser } from '../domain/schemas/entities/user';

export function SessionProvider({ children }: { children: ReactNode }) {
  const { db } = useServices();
  const [loaded, setLoaded] = useState(false);
  const [user, setUserState] = useState<SessionUser | null>(null);

  useEffect(() => {
    let alive = true;
    getSessionUser(db)
      .catch(() => null)
      .then((stored) => {
        if (!alive) return;
        setUserState(stored);
        setLoaded(true);
      });
    return () => {
      alive = false;
    };
  }, [db]);

  const setUser = useCallback(
    async (next: SessionUser | null) => {
      await setSessionUser(db, next);
      setUserState(next);
    },
    [db],
  );

  const value = useMemo<SessionState>(() => ({ user, setUser }), [user, setUser]);
  if (!loaded)
    return (
      <p className="splash" role="status">
        Loading…
      </p>
    );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
