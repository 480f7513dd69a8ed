// Page side of the service worker (src/sw/sw.ts): registers it and reports a waiting new version.
// No automatic skipWaiting: the user accepts the update, the outbox is flushed first, then the new
// worker is told to activate and the page reloads once it controls the page.
import { Workbox } from 'workbox-window';

export interface WaitingUpdate {
  /** Flush, activate the waiting worker, reload. */
  accept(): Promise<void>;
}

let registered = false;

export function registerServiceWorker(options: {
  onWaiting(update: WaitingUpdate): void;
  beforeActivate(): Promise<void>;
}): void {
  if (registered || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator))
    return;
  registered = true;
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    options.onWaiting({
      async accept() {
        try {
          await options.beforeActivate();
        } catch {
          // the items stay queued and go out under the new version
        }
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  void wb.register().catch(() => undefined);
}
