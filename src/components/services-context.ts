// What the shell hands to every screen of the page: the Dexie database and the one sync engine of
// this page. It lives below the screens so features can read it without importing the shell;
// src/app creates the page's services and provides them, tests provide their own (a fresh
// database, a fake engine).
import { createContext, useContext } from 'react';
import type { InterschoolsDb } from '../db/database';
import type { SyncEngine } from '../sync/engine';

export interface AppServices {
  db: InterschoolsDb;
  engine: SyncEngine;
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesContext is not provided');
  return services;
}
