// The page's services, created once by the shell: one database and one sync engine. The context
// screens read them from is src/components/services-context.ts.
import type { AppServices } from '../components/services-context';
import { getDb } from '../db/database';
import { createLazySyncEngine } from '../sync/lazy-engine';

let pageServices: AppServices | undefined;

/** The page's services: one database, one engine. */
export function defaultServices(): AppServices {
  if (!pageServices) {
    const db = getDb();
    pageServices = { db, engine: createLazySyncEngine(db) };
  }
  return pageServices;
}
