// The service worker: precaches the app shell (the list vite-plugin-pwa injects at build), serves
// the precached index.html to navigations so the app opens offline, and flushes the outbox on the
// Background Sync 'sync' event (tag 'outbox'). Browsers without Background Sync flush from the
// page (src/sync engine.start()). A new version waits until the page says SKIP_WAITING, which it
// does only after the user accepted the update and the outbox was flushed. Asked, it says how many
// of the app's files it has stored (the device's readiness to work offline).
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { STORED_FILES } from '../sync/stored-files';
import { InterschoolsDb } from '../db/database';
import { outboxCounts } from '../db/outbox';
import { createSyncEngine } from '../sync/engine';
import { OUTBOX_SYNC_TAG } from '../sync/writes';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

cleanupOutdatedCaches();
// Named once: the build injects the list where it is written.
const APP_FILES = self.__WB_MANIFEST;
precacheAndRoute(APP_FILES);

// Hash routes: every page is index.html; the API, the host check and the built-in payment
// gateway's checkout pages always go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//, /^\/utils\//, /^\/gateway\//] }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // How far this device is from working offline: the app's files stored of those it needs
  // (src/components/offline-readiness.tsx asks while it is getting ready).
  if (type === STORED_FILES && event.ports[0]) {
    const port = event.ports[0];
    event.waitUntil(
      storedFiles().then(
        (stored) => port.postMessage({ stored, total: APP_FILES.length }),
        () => port.postMessage({ stored: 0, total: APP_FILES.length }),
      ),
    );
  }
});

/** The app's files in the precache so far (workbox's cache, which fills as the worker installs). */
async function storedFiles(): Promise<number> {
  const precache = (await caches.keys()).find((name) => name.startsWith('workbox-precache'));
  return precache ? (await (await caches.open(precache)).keys()).length : 0;
}

// Take over pages already open once this version is active (it activates only when accepted).
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('sync', (event: Event) => {
  const syncEvent = event as SyncEvent;
  if (syncEvent.tag !== OUTBOX_SYNC_TAG) return;
  syncEvent.waitUntil(flushForSync(syncEvent.lastChance));
});

/**
 * Flushes for a 'sync' event. Another flusher (a closing page) may still hold the outbox lock, so
 * try a few times, a fresh engine each time (no backoff carried over). If changes are still
 * waiting for the network, fail the event so that the browser fires it again later.
 */
async function flushForSync(lastChance: boolean): Promise<void> {
  const db = new InterschoolsDb();
  let waiting = 0;
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await createSyncEngine({ db }).flush();
    waiting = (await outboxCounts(db)).pending;
    if (waiting === 0 || !navigator.onLine) break;
    await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
  }
  if (waiting > 0 && !lastChance) throw new Error(`${waiting} changes still waiting for the network`);
}
