// The invites screen of an admin who has picked an event, against the real server, its data
// reaching the device only through the real pull: the event's invites show; one added through the
// 'Add invite' dialog and one removed (Save turns red) are saved offline, stay on the device, and
// once online the server holds exactly that change; an invite added meanwhile on a second device
// makes the server refuse the same invite, and the page shows the refusal.
import 'fake-indexeddb/auto';
import { MemoryRouter } from 'react-router-dom';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { duplicateInviteMessage } from '../../server/modules/invites/service';
import { SessionContext } from '../../src/components/session-context';
import type { InterschoolsDb } from '../../src/db/database';
import { setSessionUser } from '../../src/db/meta';
import type { Invite, SessionUser } from '../../src/domain/schemas';
import InvitesPage, { INVITES_SAVED } from '../../src/features/invites/invites-page';
import { createUser } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { signInOnEvent, typeValue } from './support/pages';
import { dropDatabases, engineFor, freshDb, offline, world, type Jar, type World } from './sync-support';

const dom = renderInNode();

let w: World;
let admin: { jar: Jar; user: SessionUser };
beforeEach(async () => {
  w = await world();
  admin = await signInAdmin();
});
afterEach(async () => {
  dom.rtl.cleanup();
  await dropDatabases();
  await w.close();
});

/** An admin signed in through the real login with the event picked. */
async function signInAdmin(): Promise<{ jar: Jar; user: SessionUser }> {
  const { email } = await createUser(w.t.db, 'admin');
  const signedIn = await signInOnEvent(w, email);
  expect(signedIn.user.EventId).toBe(w.eventId);
  return signedIn;
}

type Race = Pick<Invite, 'DisciplineId' | 'division' | 'gender' | 'stateNational'>;
const race = ({ DisciplineId, division, gender, stateNational }: Race): Race => ({
  DisciplineId,
  division,
  gender,
  stateNational,
});

/** PUT /api/invites as the admin: what a save on some device sends. */
async function putInvites(invites: (Race & { id: string })[]) {
  const res = await admin.jar.fetch(`${w.baseUrl}/api/invites`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ multi: true, invites, invitesDeleted: [], overallDeleted: [] }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The event's invites as the server lists them (GET /api/invites/). */
async function serverInvites(): Promise<Invite[]> {
  const res = await admin.jar.fetch(`${w.baseUrl}/api/invites/`);
  expect(res.status).toBe(200);
  return (await res.json()) as Invite[];
}

const sync = (db: InterschoolsDb, fetchFn: typeof fetch = admin.jar.fetch) =>
  // Offline, the retry it schedules never comes: the test flushes again itself once online.
  engineFor(w, db, {
    fetch: fetchFn,
    ...(fetchFn === offline ? { sleep: () => new Promise<void>(() => undefined) } : {}),
  }).engine;

/** A device of the admin: mirror filled by the real pull, the page rendered as the shell does. */
async function device() {
  const db = freshDb();
  await setSessionUser(db, admin.user);
  await sync(db).pull();
  dom.rtl.render(
    <MemoryRouter>
      <SessionContext.Provider value={{ user: admin.user, setUser: async () => {} }}>
        <InvitesPage db={db} />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  return db;
}

const choose = (select: HTMLElement, value: string) => typeValue(dom.rtl.fireEvent, select as HTMLSelectElement, value);

/** The grid's rows as the user reads them: discipline, division, gender, State/National. */
function shownRows(): string[][] {
  const { screen, within } = dom.rtl;
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent ?? ''),
    );
}

/** Adds an invite through the 'Add invite' dialog. */
async function addThroughDialog(discipline: string, division: string, gender: string, level: string) {
  const { screen, within, fireEvent, waitFor } = dom.rtl;
  fireEvent.click(screen.getByRole('button', { name: 'Add invite' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add invite' });
  const option = within(dialog).getByRole('option', { name: discipline }) as HTMLOptionElement;
  choose(within(dialog).getByLabelText('Discipline'), option.value);
  choose(within(dialog).getByLabelText('Division'), division);
  choose(within(dialog).getByLabelText('Gender'), gender);
  choose(within(dialog).getByLabelText('State/National'), level);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

const ALPINE_STATE = { DisciplineId: 1, division: 1, gender: 'Male', stateNational: 'State' } as const;
const MOGULS_NATIONAL = { DisciplineId: 2, division: 2, gender: 'Female', stateNational: 'National' } as const;

it('saves an invite added and one removed offline, keeps them on the device, and the server gets exactly that', async () => {
  const alpine = { id: uuidv7(), ...ALPINE_STATE };
  const moguls = { id: uuidv7(), ...MOGULS_NATIONAL };
  await putInvites([alpine, moguls]);
  const db = await device();
  const { screen, fireEvent, waitFor } = dom.rtl;
  await waitFor(
    () =>
      expect(shownRows()).toEqual([
        ['Alpine', '1', 'Male', 'State'],
        ['Moguls', '2', 'Female', 'National'],
      ]),
    { timeout: 10_000 },
  );

  await addThroughDialog('Skier Cross', '3', 'Female', 'State');
  const save = screen.getByRole('button', { name: 'Save' });
  expect(save.classList.contains('button-danger')).toBe(false);
  fireEvent.click(screen.getByRole('button', { name: 'Remove invite Moguls, division 2, Female, National' }));
  // A removal turns Save red (INV-05).
  expect(save.classList.contains('button-danger')).toBe(true);
  expect(shownRows()).toEqual([
    ['Alpine', '1', 'Male', 'State'],
    ['Skier Cross', '3', 'Female', 'State'],
  ]);
  fireEvent.click(save);
  expect(await screen.findByText(INVITES_SAVED)).toBeTruthy();

  // Offline: the change stays on the device and the server still has the old list.
  await sync(db, offline).flush();
  expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
  const local = await db.invites.toArray();
  expect(local.map(race)).toEqual(
    expect.arrayContaining([ALPINE_STATE, { DisciplineId: 3, division: 3, gender: 'Female', stateNational: 'State' }]),
  );
  expect(local).toHaveLength(2);
  expect(local.find((i) => i.DisciplineId === 3)?._pending).toBe(true);
  expect((await serverInvites()).map((i) => i.id).sort()).toEqual([alpine.id, moguls.id].sort());
  // The invite not yet on the server says so.
  expect(shownRows()).toEqual([
    ['Alpine', '1', 'Male', 'State'],
    ['Skier Cross', '3', 'Female', 'State (waiting to be sent)'],
  ]);

  // Online: the server has the Alpine invite kept, Moguls gone, Skier Cross added under the
  // device's id, and nothing else.
  await sync(db).flush();
  expect(await db.outbox.count()).toBe(0);
  const added = local.find((i) => i.DisciplineId === 3)!;
  const stored = await serverInvites();
  expect(stored.map((i) => ({ id: i.id, ...race(i) }))).toEqual([
    alpine,
    { id: added.id, DisciplineId: 3, division: 3, gender: 'Female', stateNational: 'State' },
  ]);
  expect((await db.invites.get(added.id))?._pending).toBeUndefined();
  expect(screen.queryByText(/The server refused/)).toBeNull();
});

it("shows the server's refusal when a second device saved the same invite first", async () => {
  const db = await device();
  const { screen, fireEvent, waitFor } = dom.rtl;
  await screen.findByText('No invites yet.', undefined, { timeout: 10_000 });

  // A second device adds the Alpine invite and its save reaches the server first.
  await putInvites([{ id: uuidv7(), ...ALPINE_STATE }]);

  // This device, not yet aware of it, adds the same invite offline.
  await addThroughDialog('Alpine', '1', 'Male', 'State');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText(INVITES_SAVED);
  await sync(db).flush();

  const message = duplicateInviteMessage('Alpine', ALPINE_STATE);
  const refusal = await screen.findByText(`The server refused the last save: ${message}`);
  expect(refusal.closest('[role="alert"]')).toBeTruthy();
  await waitFor(async () => expect(await db.outbox.where('status').equals('failed').count()).toBe(1));
  // The server keeps its one Alpine invite.
  expect((await serverInvites()).map(race)).toEqual([ALPINE_STATE]);
  // The refused invite is marked as not saved, and no other save can start until it is dealt with.
  expect(await screen.findByText('(not saved)', { exact: false })).toBeTruthy();

  // Discarded, the device shows what the server holds: the second device's invite, once.
  fireEvent.click(screen.getByRole('button', { name: 'Discard this change' }));
  await sync(db).pull();
  await waitFor(() =>
    expect(screen.getAllByRole('button', { name: /^Remove invite Alpine, division 1, Male, State$/ })).toHaveLength(1),
  );
  expect(screen.queryByText('(not saved)', { exact: false })).toBeNull();
  expect(screen.queryByText(/The server refused/)).toBeNull();
  expect(await db.outbox.count()).toBe(0);
});
