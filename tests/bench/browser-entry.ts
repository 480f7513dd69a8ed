// What the client benchmark runs inside Chromium: the app's own database, sync engine and write
// path, bundled on their own so the benchmark can drive them without the UI.
import { Dexie } from 'dexie';
import { parseChangesPage } from '../../src/api/sync';
import { InterschoolsDb } from '../../src/db/database';
import { createSyncEngine } from '../../src/sync/engine';
import { queueWrite } from '../../src/sync/writes';

(globalThis as unknown as { Bench: unknown }).Bench = {
  Dexie,
  InterschoolsDb,
  createSyncEngine,
  queueWrite,
  parseChangesPage,
};
