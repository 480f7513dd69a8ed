// The host check of spec section 1: before anything else the app asks the server which host it is
// served from, and goes to /down on an unexpected one. The answer is kept in localStorage so an
// offline start (or a server that cannot be reached) reuses the last known answer, allowed by
// default: an offline start never lands on /down.
import { useEffect, useState } from 'react';
import { fetchHost } from '../api/session';

const STORAGE_KEY = 'interschools:hostAllowed';

export type HostState = 'checking' | 'allowed' | 'down';

function lastKnown(): boolean | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === null ? null : value === 'true';
  } catch {
    return null;
  }
}

function remember(allowed: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEY, String(allowed));
  } catch {
    // storage refused (private mode): the check simply runs again next start
  }
}

/** Resolves the host answer: the server's, else the last known one, else allowed. */
async function checkHost(): Promise<boolean> {
  try {
    const { allowed } = await fetchHost();
    remember(allowed);
    return allowed;
  } catch {
    return lastKnown() ?? true;
  }
}

const toState = (allowed: boolean): HostState => (allowed ? 'allowed' : 'down');

/** With a last known answer the app starts at once on it, and the fresh answer follows; on a
 *  first start it waits for the server (or its failure). */
export function useHostCheck(): HostState {
  const [state, setState] = useState<HostState>(() => {
    const known = lastKnown();
    return known === null ? 'checking' : toState(known);
  });
  useEffect(() => {
    let alive = true;
    void checkHost().then((allowed) => {
      if (alive) setState(toState(allowed));
    });
    return () => {
      alive = false;
    };
  }, []);
  return state;
}
