// The school's state on the school profile screen (docs/decisions.md "A school's state is the
// association's to set"), its data reaching the device only through the real pull from the real
// server: the school's own user sees the state read-only, with whom to ask, and nothing to choose;
// an admin who picked the school gets the state's list and moves the school, the save reaching the
// server through the outbox; a school not placed in a state yet still saves the rest of its
// profile; a save naming another state that still reaches the server from a
// school's device (queued by an older app) is refused there and the page shows the reason.
import 'fake-indexeddb/auto';
import { MemoryRouter } from 'react-router-dom';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { schools } from '../../server/db/schema';
import { SessionContext } from '../../src/components/session-context';
import type { InterschoolsDb } from '../../src/db/database';
import { setSessionUser } from '../../src/db/meta';
import type { School, SessionUser } from '../../src/domain/schemas/entities';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { STATE_SET_BY_ASSOCIATION } from '../../src/features/schools/school-form';
import SchoolPage from '../../src/features/schools/school-page';
import { queueSchoolProfile } from '../../src/features/schools/school-writes';
import { syncStatus } from '../../src/sync/status';
import { createUser } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { apiAs, connectPagesTo, signInOnEvent, typeValue } from './support/pages';
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

/** The school as the server holds it, read by the admin's session straight from the app. */
async function serverSchool(id: string): Promise<School> {
  const cookie = [...w.adminJar.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await w.t.app.inject({ method: 'GET', url: `/api/school/${id}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<School>();
}

/** A device of this user: its mirror filled by the real pull, the page rendered as the shell does. */
async function device(jar: Jar, user: SessionUser) {
  connectPagesTo(w.baseUrl, jar);
  const db = freshDb();
  await setSessionUser(db, user);
  await engineFor(w, db, { fetch: jar.fetch, status: syncStatus }).engine.pull();
  dom.rtl.render(
    <MemoryRouter>
      <SessionContext.Provider value={{ user, setUser: async () => {} }}>
        <SchoolPage db={db} />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  return db;
}

const flush = (db: InterschoolsDb, jar: Jar) =>
  engineFor(w, db, { fetch: jar.fetch, status: syncStatus }).engine.flush();

/** An admin signed in on the world's event who picked the world's school in the header. */
async function adminOnSchool() {
  const { jar, user } = await signInOnEvent(w, (await createUser(w.t.db, 'admin')).email);
  const picked = (await apiAs(w, jar, 'POST', '/api/session/', {
    SchoolId: w.schoolId,
    EventId: w.eventId,
  })) as Partial<SessionUser>;
  return { jar, user: { ...user, ...picked } as SessionUser };
}

const schoolGroup = () => dom.rtl.within(dom.rtl.screen.getByRole('group', { name: 'School' }));
const stateField = () => schoolGroup().getByLabelText('State') as HTMLInputElement | HTMLSelectElement;

it('shows the school user its state read-only, saying the association sets it, with nothing to choose', async () => {
  const own = await serverSchool(w.schoolId);
  const { jar, user } = await signInOnEvent(w, w.username);
  await device(jar, user);
  const { screen } = dom.rtl;
  await screen.findByRole('heading', { level: 1, name: own.name }, { timeout: 10_000 });

  const state = stateField();
  expect(state.tagName).toBe('INPUT');
  expect((state as HTMLInputElement).readOnly).toBe(true);
  // The state's name, never its id.
  expect(state.value).toBe('NSW');
  const hint = schoolGroup().getByText(STATE_SET_BY_ASSOCIATION);
  expect(state.getAttribute('aria-describedby')).toContain(hint.id);
  expect(schoolGroup().queryByRole('combobox', { name: 'State' })).toBeNull();
  // The rest of the school stays the school's to edit.
  expect((schoolGroup().getByLabelText('Town') as HTMLInputElement).readOnly).toBe(false);
  // School types as people say them (the stored values stay the spec's).
  const types = schoolGroup().getByLabelText('School type') as HTMLSelectElement;
  expect([...types.options].map((o) => [o.value, o.textContent])).toEqual([
    ['', 'Choose'],
    ['Co-ed', 'Co-ed'],
    ['Male', "Boys' school"],
    ['Female', "Girls' school"],
  ]);
});

it('lets a school the association has not placed yet save its profile without choosing a state', async () => {
  await w.t.db
    .update(schools)
    .set({ stateId: null, coordinatorFirstname: 'Kim', coordinatorLastname: 'Ng' })
    .where(eq(schools.id, w.schoolId));
  const own = await serverSchool(w.schoolId);
  const { jar, user } = await signInOnEvent(w, w.username);
  const db = await device(jar, user);
  const { screen, waitFor } = dom.rtl;
  await screen.findByRole('heading', { level: 1, name: own.name }, { timeout: 10_000 });
  expect(stateField().value).toBe('Not set');

  typeValue(dom.rtl.fireEvent, schoolGroup().getByLabelText('Town') as HTMLInputElement, 'Perisher');
  dom.rtl.fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(async () => expect((await db.schools.get(w.schoolId))?.town).toBe('Perisher'));
  await flush(db, jar);
  expect(await serverSchool(w.schoolId)).toMatchObject({ town: 'Perisher', StateId: null });
});

it('gives an admin the list of states, and its save moves the school on the server', async () => {
  // The fields the form requires, as a registered school has them (world()'s school is bare).
  await w.t.db
    .update(schools)
    .set({ coordinatorFirstname: 'Kim', coordinatorLastname: 'Ng', region: 'Southern NSW' })
    .where(eq(schools.id, w.schoolId));
  const own = await serverSchool(w.schoolId);
  const { jar, user } = await adminOnSchool();
  const db = await device(jar, user);
  const { screen, waitFor } = dom.rtl;
  await screen.findByRole('heading', { level: 1, name: own.name }, { timeout: 10_000 });

  const state = schoolGroup().getByRole('combobox', { name: 'State' }) as HTMLSelectElement;
  expect(state.value).toBe('3');
  expect(schoolGroup().queryByText(STATE_SET_BY_ASSOCIATION)).toBeNull();

  typeValue(dom.rtl.fireEvent, state, '7');
  dom.rtl.fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(async () => expect((await db.schools.get(w.schoolId))?.StateId).toBe(7));
  await flush(db, jar);
  expect(await db.outbox.count()).toBe(0);
  // Moved to VIC, the NSW region goes with it.
  expect(await serverSchool(w.schoolId)).toMatchObject({ StateId: 7, region: '' });
  expect(await screen.findByText(SERVER_MESSAGES.schoolSaved)).toBeTruthy();
});

it("shows the server's refusal of a queued save from the school's device that names another state", async () => {
  const own = await serverSchool(w.schoolId);
  const { jar, user } = await signInOnEvent(w, w.username);
  const db = await device(jar, user);
  const { screen } = dom.rtl;
  await screen.findByRole('heading', { level: 1, name: own.name }, { timeout: 10_000 });

  // What an older app (or a hand-made request) would queue: the page itself offers no way to.
  const row = (await db.schools.get(w.schoolId))!;
  const { user: _login, _pending, ...fields } = row;
  await queueSchoolProfile(db, row, { ...fields, StateId: 7, town: 'Falls Creek' });
  await flush(db, jar);

  const refusal = await screen.findByText(
    `The server refused the last save: ${SERVER_MESSAGES.schoolStateSetByAssociation}`,
  );
  expect(refusal.closest('[role="alert"]')).toBeTruthy();
  expect(await db.outbox.where('status').equals('failed').count()).toBe(1);
  expect(await serverSchool(w.schoolId)).toMatchObject({ StateId: 3, town: own.town });
});
