// The service worker: precaches the app shell (the list vite-plugin-pwa injects at build), serves
// the precached index.html to navigations so the app opens offline, and flushes the outbox on the
// Background Sync 'sync' event (tag 'outbox'). Browsers without Background Sync flush from the
// page (src/sync engine.start()). A new version waits until the page says SKIP_WAITING, which it
// does only after the user accepted the update and the outbox was flushed.
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { InterschoolsDb } from '../db/database';
import { createSyncEngine } from '../sync/engine';
import { OUTBOX_SYNC_TAG } from '../sync/writes';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Hash routes: every page is index.html; the API and the host check always go to the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//, /^\/utils\//] }));

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Take over pages already open once this version is active (it activates only when accepted).
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('sync', (event: Event) => {
  const syncEvent = event as SyncEvent;
  if (syncEvent.tag !== OUTBOX_SYNC_TAG) return;
  syncEvent.waitUntil(createSyncEngine({ db: new InterschoolsDb() }).flush());
});
