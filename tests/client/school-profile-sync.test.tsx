// The school profile screen against the real server, its data reaching the device only through the
// real pull: a registered school shows its name and registration date; a town edited and saved
// while the network is down stays on the device (the mirror row and the pending note show it), and
// once the network returns the flush brings the server the new town and the device the server's
// new version, a second offline edit following the first without a stale-version refusal; a queued
// save the server refuses (an admin's, naming a state removed meanwhile: only an admin chooses the
// state) shows its reason on the page, Discard takes it back and a corrected save replaces it; a new sign-in email or password needs the current
// password and the network (refused on the device otherwise, nothing queued), the server's
// refusals shown on the page and the old address told of the change.
import 'fake-indexeddb/auto';
import { MemoryRouter } from 'react-router-dom';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { states } from '../../server/db/schema';
import { SessionContext } from '../../src/components/session-context';
import type { InterschoolsDb } from '../../src/db/database';
import { setSessionUser } from '../../src/db/meta';
import type { School, SessionUser } from '../../src/domain/schemas/entities';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import SchoolPage, {
  EMAIL_NEEDS_NETWORK,
  PASSWORD_NEEDS_NETWORK,
  SAVED_ON_DEVICE,
} from '../../src/features/schools/school-page';
import { syncStatus } from '../../src/sync/status';
import { PASSWORD, createUser, registrationForm } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { apiAs, signInOnEvent, typeValue } from './support/pages';
import { dropDatabases, engineFor, freshDb, world, type Jar, type World } from './sync-support';

const dom = renderInNode();

let w: World;
beforeEach(async () => {
  w = await world();
});
afterEach(async () => {
  dom.rtl.cleanup();
  vi.unstubAllGlobals();
  syncStatus.set({ online: true, message: null });
  await dropDatabases();
  await w.close();
});

/** This device's network: the engine and the page's own calls (ky on the same origin) reach the
 *  real server with the session's cookie (the jar's, set at login), or fail as a browser's fetch
 *  does offline; the sync status the page reads says which. */
function deviceNetwork(jar: Jar) {
  let up = true;
  const NodeRequest = globalThis.Request;
  const nodeFetch = globalThis.fetch;
  const send: typeof fetch = async (input, init) => {
    if (!up) throw new TypeError('Failed to fetch');
    const request = new NodeRequest(input, init);
    const headers = new Headers(request.headers);
    headers.set('cookie', [...jar.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return nodeFetch(request.url, { method: request.method, headers, body });
  };
  // src/api/http.ts asks for '/api/...': the page's origin is the server's.
  class SameOrigin extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? new URL(input, w.baseUrl) : input, init);
    }
  }
  vi.stubGlobal('Request', SameOrigin);
  vi.stubGlobal('fetch', send);
  syncStatus.set({ online: true });
  return {
    fetch: send,
    setOnline(on: boolean) {
      up = on;
      syncStatus.set({ online: on });
    },
  };
}

/** Signs a user in through the real login and answers the session user the app stores. */
/** A school registered through the real (public) registration, its coordinator signed in. */
async function registeredSchool() {
  const form = registrationForm({ password: PASSWORD });
  const res = await fetch(`${w.baseUrl}/api/schools`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ school: form }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { form, ...(await signInOnEvent(w, form.user.email)) };
}

/** The school as the server holds it, read through the API by another session (an admin's). The
 *  request goes to the app directly: global fetch is this device's network, down at times. */
async function serverSchool(id: string): Promise<School> {
  const cookie = [...w.adminJar.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await w.t.app.inject({ method: 'GET', url: `/api/school/${id}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<School>();
}

/** A device of this user: its mirror filled by the real pull, the page rendered as the shell does. */
async function device(jar: Jar, user: SessionUser) {
  const net = deviceNetwork(jar);
  const db = freshDb();
  await setSessionUser(db, user);
  await engineFor(w, db, { fetch: net.fetch, status: syncStatus }).engine.pull();
  /** Opens the page (again: as a reload does, with nothing of the last visit but the device's data). */
  const open = () => {
    dom.rtl.cleanup();
    dom.rtl.render(
      <MemoryRouter>
        <SessionContext.Provider value={{ user, setUser: async () => {} }}>
          <SchoolPage db={db} />
        </SessionContext.Provider>
      </MemoryRouter>,
    );
  };
  open();
  return { db, net, open };
}

/** A flush of this device's outbox. Offline, the retry it schedules never comes (the test flushes
 *  again itself, with a new engine, as a page reloaded once the network is back would). */
const flush = (db: InterschoolsDb, fetchFn: typeof fetch, offline = false) =>
  engineFor(w, db, {
    fetch: fetchFn,
    status: syncStatus,
    ...(offline ? { sleep: () => new Promise<void>(() => undefined) } : {}),
  }).engine.flush();

const field = (label: string, group = 'School') =>
  dom.rtl.within(dom.rtl.screen.getByRole('group', { name: group })).getByLabelText(label) as HTMLInputElement;
const type = (input: HTMLInputElement, value: string) => typeValue(dom.rtl.fireEvent, input, value);
const save = () => dom.rtl.fireEvent.click(dom.rtl.screen.getByRole('button', { name: 'Save' }));

it('shows the school pulled from the server: its name as heading, "Registered pre 2013" without a date', async () => {
  // world()'s school was made without a registration date, as schools carried over from before 2013.
  const own = await serverSchool(w.schoolId);
  const { jar, user } = await signInOnEvent(w, w.username);
  await device(jar, user);
  const { screen } = dom.rtl;
  expect(await screen.findByRole('heading', { level: 1, name: own.name }, { timeout: 10_000 })).toBeTruthy();
  expect(screen.getByText('Registered pre 2013')).toBeTruthy();
});

it("keeps two town edits saved offline on the device, then sends both once online and takes the server's version", async () => {
  const { form, jar, user } = await registeredSchool();
  const { db, net, open } = await device(jar, user);
  const { screen, waitFor } = dom.rtl;
  expect(await screen.findByRole('heading', { level: 1, name: form.name }, { timeout: 10_000 })).toBeTruthy();
  // Registered on the server's clock (15 June 2026).
  expect(screen.getByText('Registered 15/06/2026')).toBeTruthy();
  expect(field('Town').value).toBe('Jindabyne');
  const before = await serverSchool(form.id);

  net.setOnline(false);
  type(field('Town'), 'Thredbo');
  save();
  expect(await screen.findByText(SAVED_ON_DEVICE)).toBeTruthy();
  await waitFor(async () => expect(await db.schools.get(form.id)).toMatchObject({ town: 'Thredbo', _pending: true }));
  await flush(db, net.fetch, true);
  expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
  expect((await serverSchool(form.id)).town).toBe('Jindabyne');
  // Reopened while still offline, the page shows the change as waiting, from the device's row.
  open();
  await waitFor(() => expect(field('Town').value).toBe('Thredbo'));
  expect(screen.getByText(SAVED_ON_DEVICE).getAttribute('role')).toBe('status');

  // A second edit before the network returns, made on the same (not yet sent) version.
  type(field('Town'), 'Perisher Valley');
  save();
  await waitFor(async () => expect((await db.schools.get(form.id))?.town).toBe('Perisher Valley'));
  expect(screen.getByText(SAVED_ON_DEVICE)).toBeTruthy();
  // Both saves wait, each made on the version the device knows: the server's version before either.
  const queued = await db.outbox.orderBy('seq').toArray();
  expect(queued.map((item) => [item.status, (item.body as { school: School }).school.version])).toEqual([
    ['pending', before.version],
    ['pending', before.version],
  ]);

  net.setOnline(true);
  await flush(db, net.fetch);
  expect(await db.outbox.count()).toBe(0);
  // The page that saved says so once the server has it, and no longer says it waits.
  expect(await screen.findByText(SERVER_MESSAGES.schoolSaved)).toBeTruthy();
  expect(screen.queryByText(SAVED_ON_DEVICE)).toBeNull();
  const after = await serverSchool(form.id);
  expect(after.town).toBe('Perisher Valley');
  expect(after.version).toBe(before.version! + 2);
  // The device holds the server's answer (PUT /api/school answers { message, school }).
  const row = await db.schools.get(form.id);
  expect(row).toMatchObject({ town: 'Perisher Valley', version: after.version });
  expect(row?._pending).toBeUndefined();
  // Reopened, the page shows the saved town and nothing waiting.
  open();
  await waitFor(() => expect(field('Town').value).toBe('Perisher Valley'));
  expect(screen.queryByText(SAVED_ON_DEVICE)).toBeNull();
  expect(screen.queryByText(/The server refused/)).toBeNull();
});

/** An admin signed in on the world's event who picked this school: only an admin chooses a
 *  school's state (docs/decisions.md "A school's state is the association's to set"). */
async function adminOn(schoolId: string): Promise<{ jar: Jar; user: SessionUser }> {
  const { jar, user } = await signInOnEvent(w, (await createUser(w.t.db, 'admin')).email);
  const picked = await apiAs(w, jar, 'POST', '/api/session/', { SchoolId: schoolId, EventId: w.eventId });
  return { jar, user: { ...user, ...(picked as Partial<SessionUser>) } };
}

/** A state the association removed after the device downloaded the states: a save naming it is
 *  refused by the server, with its reason. */
async function removeStateAfterDownload() {
  const [unused] = await w.t.db.select().from(states).where(eq(states.id, 8));
  await w.t.db.delete(states).where(eq(states.id, 8));
  return unused!;
}

it("shows the server's refusal of a queued save on the page, and takes it back on Discard", async () => {
  const { form } = await registeredSchool();
  const admin = await adminOn(form.id);
  const { db, net } = await device(admin.jar, admin.user);
  const { screen, waitFor } = dom.rtl;
  await screen.findByRole('heading', { level: 1, name: form.name }, { timeout: 10_000 });
  const removed = await removeStateAfterDownload();

  type(field('State'), String(removed.id));
  type(field('Town'), 'Perth');
  save();
  await flush(db, net.fetch);
  const refusal = await screen.findByText(`The server refused the last save: Unknown state ${removed.id}`);
  expect(refusal.closest('[role="alert"]')).toBeTruthy();
  // Refused is not saved: the page never says it was.
  expect(screen.queryByText(SERVER_MESSAGES.schoolSaved)).toBeNull();
  expect((await serverSchool(form.id)).town).toBe('Jindabyne');

  // Discarding the refused change brings back what the server holds...
  dom.rtl.fireEvent.click(screen.getByRole('button', { name: 'Discard this change' }));
  await waitFor(() => expect(field('Town').value).toBe('Jindabyne'));
  expect(screen.queryByText(/The server refused/)).toBeNull();
  // ...and a corrected save goes through.
  type(field('Town'), 'Cooma');
  save();
  await flush(db, net.fetch);
  expect(await screen.findByText(SERVER_MESSAGES.schoolSaved)).toBeTruthy();
  expect((await serverSchool(form.id)).town).toBe('Cooma');
  expect(await db.outbox.count()).toBe(0);
});

it('sends a corrected save made over a refused one, without discarding it first', async () => {
  const { form } = await registeredSchool();
  const admin = await adminOn(form.id);
  const { db, net } = await device(admin.jar, admin.user);
  const { screen } = dom.rtl;
  await screen.findByRole('heading', { level: 1, name: form.name }, { timeout: 10_000 });
  const removed = await removeStateAfterDownload();
  type(field('State'), String(removed.id));
  save();
  await flush(db, net.fetch);
  await screen.findByText(`The server refused the last save: Unknown state ${removed.id}`);
  type(field('Town'), 'Smiggin Holes');
  type(field('State'), '3');
  type(field('Region'), form.region);
  save();
  await flush(db, net.fetch);
  expect(await screen.findByText(SERVER_MESSAGES.schoolSaved)).toBeTruthy();
  expect(await serverSchool(form.id)).toMatchObject({ town: 'Smiggin Holes', StateId: 3 });
  expect(await db.outbox.count()).toBe(0);
});

it("changes the sign-in email only with the current password and the network, shows the server's refusals, and tells the old address", async () => {
  const { form, jar, user } = await registeredSchool();
  const taken = await createUser(w.t.db, 'auditor');
  const { db, net } = await device(jar, user);
  const { screen, waitFor } = dom.rtl;
  await screen.findByRole('heading', { level: 1, name: form.name }, { timeout: 10_000 });
  const signIn = (label: string) => field(label, 'Sign-in');

  // Offline: refused on the device, nothing queued.
  net.setOnline(false);
  type(signIn('Email'), 'moved@school.example');
  save();
  expect((await screen.findByText(EMAIL_NEEDS_NETWORK)).getAttribute('role')).toBe('alert');
  expect(await db.outbox.count()).toBe(0);

  // Online, without the current password: the field says so and nothing is sent (Save is pressed
  // until the page has seen the network come back).
  net.setOnline(true);
  await waitFor(() => {
    save();
    expect(screen.getByText(SERVER_MESSAGES.currentPasswordRequired)).toBeTruthy();
  });
  // A wrong current password, then an address another account has: the server's reasons.
  type(signIn('Current password'), 'not my password');
  save();
  expect((await screen.findByText(SERVER_MESSAGES.currentPasswordWrong)).getAttribute('role')).toBe('alert');
  type(signIn('Email'), taken.email);
  type(signIn('Current password'), PASSWORD);
  save();
  expect(await screen.findByText(SERVER_MESSAGES.emailInUse)).toBeTruthy();
  expect((await serverSchool(form.id)).user?.email).toBe(form.user.email);
  expect(w.t.mailer.sent).toEqual([]);

  type(signIn('Email'), 'moved@school.example');
  save();
  expect(await screen.findByText(SERVER_MESSAGES.schoolSaved)).toBeTruthy();
  expect((await serverSchool(form.id)).user?.email).toBe('moved@school.example');
  // The device shows the new address at once; the password typed is kept nowhere.
  await waitFor(() => expect(signIn('Email').value).toBe('moved@school.example'));
  expect(signIn('Current password').value).toBe('');
  expect(JSON.stringify(await db.schools.toArray())).not.toContain(PASSWORD);
  expect(await db.outbox.count()).toBe(0);
  expect(w.t.mailer.sent).toEqual([expect.objectContaining({ to: form.user.email })]);
});

it('refuses a new password offline on the device and queues nothing', async () => {
  const { form, jar, user } = await registeredSchool();
  const { db, net } = await device(jar, user);
  const { screen } = dom.rtl;
  await screen.findByRole('heading', { level: 1, name: form.name }, { timeout: 10_000 });

  net.setOnline(false);
  type(field('Password', 'Sign-in'), 'a brand new password');
  save();
  const alert = await screen.findByText(PASSWORD_NEEDS_NETWORK);
  expect(alert.getAttribute('role')).toBe('alert');
  expect(await db.outbox.count()).toBe(0);
  expect((await db.schools.get(form.id))?._pending).toBeUndefined();
  // Still typed, for when the network returns.
  expect(field('Password', 'Sign-in').value).toBe('a brand new password');
});
