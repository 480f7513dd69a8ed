// What the shell hands to every screen of the page: the Dexie database and the one sync engine of
// this page. Tests pass their own (a fresh database, a fake engine).
import { createContext, useContext } from 'react';
import { getDb, type InterschoolsDb } from '../db/database';
import type { SyncEngine } from '../sync/engine';
import { createLazySyncEngine } from '../sync/lazy-engine';

export interface AppServices {
  db: InterschoolsDb;
  engine: SyncEngine;
}

let pageServices: AppServices | undefined;

/** The page's services: one database, one engine. */
export function defaultServices(): AppServices {
  if (!pageServices) {
    const db = getDb();
    pageServices = { db, engine: createLazySyncEngine(db) };
  }
  return pageServices;
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesContext is not provided');
  return services;
}
