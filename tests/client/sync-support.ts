// Support for the sync engine tests: a real server app on a real HTTP port, a cookie-carrying
// fetch (one cookie jar per signed-in session), a fresh Dexie database per test, and helpers that
// queue participant writes the way pages do.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { appliedWrites, participants } from '../../server/db/schema';
import { InterschoolsDb, type ParticipantRow } from '../../src/db/database';
import { createSyncEngine, type SyncEngineOptions } from '../../src/sync/engine';
import type { SessionUser } from '../../src/domain/schemas/entities/user';
import { createSyncStatusStore, type SyncStatusStore } from '../../src/sync/status';
import { queueWrite } from '../../src/sync/writes';
import { PASSWORD, createEvent, createSchool, createUser } from '../api/support/factories';
import { startTestApp, type TestApp } from '../api/support/test-app';

export type Jar = {
  fetch: typeof fetch;
  cookies: Map<string, string>;
  /** Signs in; answers the session user the server gave. */
  login(username: string, EventId?: string): Promise<SessionUser>;
  logout(): Promise<void>;
};

/** A fetch that keeps the cookies the server sets, like a browser tab does. */
export function cookieJar(baseUrl: string): Jar {
  const cookies = new Map<string, string>();
  const jarFetch: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  };
  return {
    fetch: jarFetch,
    cookies,
    async login(username, EventId) {
      const res = await jarFetch(`${baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: PASSWORD, ...(EventId ? { EventId } : {}) }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as SessionUser;
    },
    async logout() {
      await jarFetch(`${baseUrl}/api/logout`);
    },
  };
}

export type World = {
  t: TestApp;
  baseUrl: string;
  schoolId: string;
  eventId: string;
  username: string;
  jar: Jar;
  adminJar: Jar;
  close(): Promise<void>;
};

/** A server on a free port, one school in one event, its user signed in (and an admin). */
export async function world(): Promise<World> {
  const t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const schoolId = (await createSchool(t.db)).id;
  const eventId = (await createEvent(t.db)).id;
  const user = await createUser(t.db, 'school', { schoolId });
  const admin = await createUser(t.db, 'admin');
  const jar = cookieJar(baseUrl);
  await jar.login(user.email, eventId);
  const adminJar = cookieJar(baseUrl);
  await adminJar.login(admin.email);
  return { t, baseUrl, schoolId, eventId, username: user.email, jar, adminJar, close: () => t.close() };
}

const opened: InterschoolsDb[] = [];
export function freshDb(name = `sync-${randomUUID()}`): InterschoolsDb {
  const db = new InterschoolsDb(name, { reloadOnVersionChange: false });
  opened.push(db);
  return db;
}
export async function dropDatabases(): Promise<void> {
  for (const db of opened.splice(0)) await db.delete();
}

/** A device with no network: every request fails as a browser's fetch fails offline. */
export const offline: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};

/** A device whose writes fail as offline while its reads reach the server through `jar` (a page
 *  of the pull can still be answered by `answer` in place of the server's). */
export function writesOffline(jar: Pick<Jar, 'fetch'>, answer?: (url: URL) => Response | undefined): typeof fetch {
  return async (input, init) => {
    if ((init?.method ?? 'GET') !== 'GET') return offline(input, init);
    return answer?.(new URL(String(input))) ?? jar.fetch(input, init);
  };
}

export function engineFor(w: World, db: InterschoolsDb, over: Partial<SyncEngineOptions> = {}) {
  const status: SyncStatusStore = over.status ?? createSyncStatusStore();
  const sleeps: number[] = [];
  const engine = createSyncEngine({
    db,
    baseUrl: w.baseUrl,
    fetch: w.jar.fetch,
    status,
    locks: null,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...over,
  });
  return { engine, status, sleeps };
}

export function person(w: Pick<World, 'schoolId'>, over: Partial<ParticipantRow> = {}): ParticipantRow {
  return {
    id: randomUUID(),
    snowId: null,
    snowIdActive: 0,
    firstname: 'Ava',
    lastname: 'Alpine',
    yearLevel: '7',
    gender: 'Female',
    dob: '2012-03-04',
    email: '',
    SchoolId: w.schoolId,
    archived: 0,
    ...over,
  } as ParticipantRow;
}

export const writeFields = (row: ParticipantRow) => {
  const { id, snowId, firstname, lastname, yearLevel, gender, dob, email } = row;
  return { id, snowId, firstname, lastname, yearLevel, gender, dob, email };
};

/** A page creating a participant offline. */
export function queueCreate(db: InterschoolsDb, w: World, row: ParticipantRow, eventId: string | null = w.eventId) {
  return queueWrite(db, {
    method: 'POST',
    path: '/api/v2/participants',
    body: writeFields(row),
    entity: 'participants',
    rowId: row.id,
    eventId,
    userId: w.username,
    base: null,
    applyLocally: (tx) => tx.participants.put({ ...row, _pending: true }),
  });
}

/** A page editing fields of a participant: PATCH with the row's version, the row as base. */
export async function queuePatch(
  db: InterschoolsDb,
  w: World,
  id: string,
  patch: Partial<ParticipantRow>,
  userId = w.username,
) {
  const before = await db.participants.get(id);
  if (!before) throw new Error(`no local participant ${id}`);
  const { _pending: _p, ...base } = before;
  return queueWrite(db, {
    method: 'PATCH',
    path: `/api/v2/participants/${id}`,
    body: { ...patch, version: before.version },
    entity: 'participants',
    rowId: id,
    eventId: w.eventId,
    userId,
    base,
    applyLocally: (tx) => tx.participants.put({ ...before, ...patch, _pending: true }),
  });
}

export const serverRows = (w: World) => w.t.db.select().from(participants).where(eq(participants.schoolId, w.schoolId));
export const appliedSeqs = async (w: World, clientId: string) =>
  (await w.t.db.select().from(appliedWrites).where(eq(appliedWrites.clientId, clientId)))
    .map((r) => r.seq)
    .sort((a, b) => a! - b!);

/** Polls until `check` passes (the engine retries in the background). */
export async function waitFor(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
