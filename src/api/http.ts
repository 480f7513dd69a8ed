// The one door to the network: a ky instance for the API (same origin, cookies included). The
// offline engine (src/sync) and the typed call functions build on it. A 401 on any call but the
// sign-in itself means the session has ended: whoever listens (the shell) sends the user to sign in.
// A 410 on any call means the event is locked: the shell marks the session locked, as the
// offline engine's 410 does.
import ky from 'ky';

const sessionEndedListeners = new Set<() => void>();
const eventLockedListeners = new Set<() => void>();

/** Calls `listener` whenever a call is answered 401 (the session has ended); returns the unsubscribe. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** Calls `listener` whenever a call is answered 410 (the event is locked); returns the unsubscribe. */
export function onEventLocked(listener: () => void): () => void {
  eventLockedListeners.add(listener);
  return () => eventLockedListeners.delete(listener);
}

// A refused sign-in answers 401 too: that is a wrong password, not an ended session.
const isSignIn = (url: string) => /\/api\/login\/?$/.test(new URL(url, 'http://x').pathname);

export const http = ky.create({
  prefix: '/',
  credentials: 'same-origin',
  timeout: 20_000,
  retry: 0,
  throwHttpErrors: false,
  hooks: {
    afterResponse: [
      ({ request, response }) => {
        if (response.status === 401 && !isSignIn(request.url)) for (const listener of sessionEndedListeners) listener();
        if (response.status === 410) for (const listener of eventLockedListeners) listener();
      },
    ],
  },
});
