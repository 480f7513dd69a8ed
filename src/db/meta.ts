// Device-level facts kept in the `meta` table of the same Dexie database as the outbox (so clearing
// the site wipes both together): the client id, the next outbox sequence number, the pull cursor
// and last sync time of each scope, and the session user.
import { v7 as uuidv7 } from 'uuid';
import type { SessionUser } from '../domain/schemas/entities';
import type { InterschoolsDb } from './database';

const CLIENT_ID = 'clientId';
const NEXT_SEQ = 'nextSeq';
const SESSION_USER = 'sessionUser';
/** The scope under which the race-day feed keeps its last sync time (the screens' 'as of'). */
export const RACE_DAY_SYNC_SCOPE = 'race-day';
const cursorKey = (scope: string) => `cursor:${scope}`;
const lastSyncedKey = (scope: string) => `lastSyncedAt:${scope}`;

async function getValue<T>(db: InterschoolsDb, key: string): Promise<T | undefined> {
  const row = await db.meta.get(key);
  return row?.value as T | undefined;
}

async function setValue(db: InterschoolsDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}

/** This device's client id (UUIDv7), created once and kept. */
export function getClientId(db: InterschoolsDb): Promise<string> {
  // Joins the caller's transaction when there is one that includes meta.
  return db.transaction('rw', db.meta, async () => {
    const existing = await getValue<string>(db, CLIENT_ID);
    if (existing) return existing;
    const id = uuidv7();
    await setValue(db, CLIENT_ID, id);
    return id;
  });
}

/** Takes the next `n` sequence numbers. Call it inside the transaction that writes the outbox
 *  items, so the numbers commit (or roll back) with them; numbers are never reused. */
export function takeSequenceNumbers(db: InterschoolsDb, n: number): Promise<number[]> {
  if (!Number.isInteger(n) || n < 1)
    throw new RangeError(`takeSequenceNumbers: n must be a positive integer, got ${n}`);
  return db.transaction('rw', db.meta, async () => {
    const next = (await getValue<number>(db, NEXT_SEQ)) ?? 1;
    await setValue(db, NEXT_SEQ, next + n);
    return Array.from({ length: n }, (_, i) => next + i);
  });
}

/** The server cursor of a pull scope (e.g. 'school:<id>:event:<id>'), or null before the first pull. */
export async function getCursor(db: InterschoolsDb, scope: string): Promise<string | null> {
  return (await getValue<string>(db, cursorKey(scope))) ?? null;
}

/** Store inside the transaction that stores the pulled changes. */
export function setCursor(db: InterschoolsDb, scope: string, cursor: string | null): Promise<void> {
  return cursor === null ? db.meta.delete(cursorKey(scope)) : setValue(db, cursorKey(scope), cursor);
}

export async function getLastSyncedAt(db: InterschoolsDb, scope: string): Promise<string | null> {
  return (await getValue<string>(db, lastSyncedKey(scope))) ?? null;
}

export function setLastSyncedAt(
  db: InterschoolsDb,
  scope: string,
  at: string = new Date().toISOString(),
): Promise<void> {
  return setValue(db, lastSyncedKey(scope), at);
}

export async function getSessionUser(db: InterschoolsDb): Promise<SessionUser | null> {
  return (await getValue<SessionUser>(db, SESSION_USER)) ?? null;
}

export function setSessionUser(db: InterschoolsDb, user: SessionUser | null): Promise<void> {
  return user === null ? db.meta.delete(SESSION_USER) : setValue(db, SESSION_USER, user);
}

/** The last copy of a server answer this device fetched (an invoice, a report), kept for offline
 *  reading with the time it was fetched. Keyed by its user too: a shared tablet never shows one
 *  user's copy to another. */
export type FetchedCopy<T> = { value: T; fetchedAt: string };
const copyKey = (user: string, key: string) => `copy:${user}:${key}`;

export function getFetchedCopy<T>(db: InterschoolsDb, user: string, key: string): Promise<FetchedCopy<T> | undefined> {
  return getValue<FetchedCopy<T>>(db, copyKey(user, key));
}

export function setFetchedCopy<T>(
  db: InterschoolsDb,
  user: string,
  key: string,
  value: T,
  fetchedAt = new Date().toISOString(),
): Promise<void> {
  return setValue(db, copyKey(user, key), { value, fetchedAt } satisfies FetchedCopy<T>);
}

/** Has a download of a scope `matches` accepts ever finished on this device (a pull that reached
 *  the feed's end records its time)? */
export async function hasFinishedDownload(db: InterschoolsDb, matches: (scope: string) => boolean): Promise<boolean> {
  const prefix = lastSyncedKey('');
  const keys = await db.meta.where('key').startsWith(prefix).primaryKeys();
  return keys.some((key) => matches(key.slice(prefix.length)));
}
