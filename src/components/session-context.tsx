// The signed-in user as every screen sees it. The shell (src/app) provides it from the stored
// session (Dexie meta, so it survives reloads and offline starts); features only read it.
import { createContext, useContext } from 'react';
import type { SessionUser } from '../domain/schemas/entities';

export type SessionState = {
  user: SessionUser | null;
  /** Replace the stored session user (after login, a session switch or a lock). */
  setUser(user: SessionUser | null): Promise<void>;
};

export const SessionContext = createContext<SessionState>({
  user: null,
  setUser: async () => {
    throw new Error('SessionContext is not provided');
  },
});

export const useSession = () => useContext(SessionContext);
