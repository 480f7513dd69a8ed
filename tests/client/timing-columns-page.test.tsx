// The timing files screen of an admin, against the real server, its race-day data reaching the
// device only through the real pull: the VIC file shows its standard columns; the admin changes
// them (a heading shared by two columns is refused on the spot, with Save held back), a reload
// keeps the unsaved edits, Save works offline and the preview uses the new columns at once; once
// online the server's export and a race official's device use them; 'Start again from the
// standard columns' puts the standard ones back everywhere. A race official reads the columns but
// cannot change them.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { events, participants, teamEntries, teams } from '../../server/db/schema';
import { SessionContext } from '../../src/components/session-context';
import type { InterschoolsDb } from '../../src/db/database';
import { setSessionUser } from '../../src/db/meta';
import { STANDARD_TIMING_COLUMNS } from '../../src/domain/constants/timing-files';
import type { SessionUser } from '../../src/domain/schemas';
import { TIMING_COLUMNS_TEXT } from '../../src/features/race-day/timing-columns-editor';
import TimingFilesPage from '../../src/features/race-day/timing-files-page';
import { createUser } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { signInOnEvent, typeValue } from './support/pages';
import { dropDatabases, engineFor, freshDb, world, type Jar, type World } from './sync-support';

const dom = renderInNode();

let w: World;
let admin: { jar: Jar; user: SessionUser };
beforeEach(async () => {
  w = await world();
  await w.t.db.update(events).set({ showForStartlists: true }).where(eq(events.id, w.eventId));
  const [team] = await w.t.db
    .insert(teams)
    .values({ schoolId: w.schoolId, eventId: w.eventId, disciplineId: 2, division: 1, gender: 'Male', teamRank: 'A' })
    .returning();
  const people = await w.t.db
    .insert(participants)
    .values(
      ['Ash', 'Bo'].map((lastname) => ({
        schoolId: w.schoolId,
        firstname: 'Racer',
        lastname,
        gender: 'Male',
        yearLevel: '9',
      })),
    )
    .returning();
  await w.t.db.insert(teamEntries).values(
    people.map((p, i) => ({
      teamId: team!.id,
      eventId: w.eventId,
      disciplineId: 2,
      schoolId: w.schoolId,
      participantId: p.id,
      position: i + 1,
      bib: 21 + i,
    })),
  );
  admin = await signInOnEvent(w, (await createUser(w.t.db, 'admin')).email);
});
afterEach(async () => {
  dom.rtl.cleanup();
  await dropDatabases();
  await w.close();
});

const offline: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};
const sync = (db: InterschoolsDb, fetchFn: typeof fetch = admin.jar.fetch) =>
  engineFor(w, db, {
    fetch: fetchFn,
    ...(fetchFn === offline ? { sleep: () => new Promise<void>(() => undefined) } : {}),
  }).engine;

const ADDRESS = () => `/files/vic-system?event=${w.eventId}&discipline=2&division=1&gender=Male`;

function render(db: InterschoolsDb, user: SessionUser) {
  dom.rtl.render(
    <MemoryRouter initialEntries={[ADDRESS()]}>
      <SessionContext.Provider value={{ user, setUser: async () => {} }}>
        <TimingFilesPage db={db} />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
}

/** A device of this user: the mirror filled by the real pull, the page rendered as the shell does. */
async function device(user: SessionUser = admin.user, jar: Jar = admin.jar) {
  const db = freshDb();
  await setSessionUser(db, user);
  await engineFor(w, db, { fetch: jar.fetch }).engine.pull();
  render(db, user);
  return db;
}

/** The preview of the file (the racers' table under the race's heading). */
function preview(): HTMLElement {
  const table = document.querySelector<HTMLElement>('table.race-table');
  expect(table, 'the file preview').not.toBeNull();
  return table!;
}

/** The preview's headings, as the user reads them. */
function previewHeadings(): string[] {
  return dom.rtl
    .within(preview())
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent ?? '');
}

const heading = (n: number) => dom.rtl.screen.getByLabelText(`Column ${n}: heading`) as HTMLInputElement;
const type = (input: HTMLInputElement, value: string) => typeValue(dom.rtl.fireEvent, input, value);

async function serverFileHeadings(): Promise<string[]> {
  const res = await admin.jar.fetch(
    `${w.baseUrl}/api/timing-file?EventId=${w.eventId}&system=vic-system&DisciplineId=2&divisions=1&gender=Male`,
  );
  expect(res.status).toBe(200);
  // text() has already dropped the byte order mark.
  return (await res.text()).split('\r\n')[0]!.split(',');
}

const VIC = STANDARD_TIMING_COLUMNS.VIC.map((c) => c.heading);

it('changes the columns offline, keeps unsaved edits across a reload, and the server and other devices then use them', async () => {
  const db = await device();
  const { screen, fireEvent, waitFor, within } = dom.rtl;
  await waitFor(() => expect(previewHeadings()).toEqual(VIC));
  expect(screen.getByText(TIMING_COLUMNS_TEXT.standard('VIC system'))).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Change columns' }));
  // Column 2 ('Start') headed 'bib' like column 3: said on the column, and Save waits.
  type(heading(2), 'bib');
  const problem = "Columns 2 and 3 are both headed 'Bib': give each column its own heading.";
  expect((await screen.findByText(problem)).getAttribute('role')).toBe('alert');
  expect(heading(3).getAttribute('aria-invalid')).toBe('true');
  const save = screen.getByRole('button', { name: 'Save columns' }) as HTMLButtonElement;
  expect(save.disabled).toBe(true);
  expect(screen.getByText(TIMING_COLUMNS_TEXT.blocked)).toBeTruthy();

  type(heading(2), 'Start No');
  fireEvent.click(screen.getByRole('button', { name: 'Column 3: move up' }));
  // The focus follows the column moved, for the next key press.
  expect(document.activeElement?.getAttribute('aria-label')).toBe('Column 2: move up');
  fireEvent.click(screen.getByRole('button', { name: 'Column 10: remove' }));
  expect(save.disabled).toBe(false);

  // A reload before Save: the edits are still there, and the screen says so.
  await waitFor(async () => expect(await db.meta.where('key').startsWith('draft:').count()).toBe(1));
  dom.rtl.cleanup();
  render(db, admin.user);
  await screen.findByText(/kept on this device/);
  expect([1, 2, 3].map((n) => heading(n).value)).toEqual(['Division', 'Bib', 'Start No']);
  expect(screen.queryByLabelText('Column 10: heading')).toBeNull();

  // Saved with no network: the files use the columns at once, and the save waits to be sent.
  fireEvent.click(screen.getByRole('button', { name: 'Save columns' }));
  const mine = ['Division', 'Bib', 'Start No', 'Surname', 'Given name', 'Gender', 'Year', 'School', 'Team'];
  await waitFor(() => expect(previewHeadings()).toEqual(mine));
  expect(await screen.findByText(TIMING_COLUMNS_TEXT.waiting)).toBeTruthy();
  expect(screen.getByText(TIMING_COLUMNS_TEXT.own)).toBeTruthy();
  expect(within(preview()).getAllByRole('row')[1]!.textContent).toContain('Ash');
  await sync(db, offline).flush();
  expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
  expect(await serverFileHeadings()).toEqual(VIC);
  expect(await db.meta.where('key').startsWith('draft:').count()).toBe(0);

  // Online: the server's file and a race official's device have them.
  await sync(db).flush();
  expect(await db.outbox.count()).toBe(0);
  expect(await serverFileHeadings()).toEqual(mine);
  await waitFor(() => expect(screen.queryByText(TIMING_COLUMNS_TEXT.waiting)).toBeNull());
  const official = await createUser(w.t.db, 'racedept');
  const officialSession = await signInOnEvent(w, official.email);
  dom.rtl.cleanup();
  await device(officialSession.user, officialSession.jar);
  await waitFor(() => expect(previewHeadings()).toEqual(mine));
  // A race official reads them, and has nothing to change them with.
  expect(screen.getByText(TIMING_COLUMNS_TEXT.own)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Change columns' })).toBeNull();
});

it('puts the standard columns back for the event', async () => {
  const put = await admin.jar.fetch(`${w.baseUrl}/api/timing-file/columns`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: w.eventId, timingColumns: { VIC: [{ field: 'fullName', heading: 'Name' }] } }),
  });
  expect(put.status).toBe(200);
  const db = await device();
  const { screen, fireEvent, waitFor } = dom.rtl;
  await waitFor(() => expect(previewHeadings()).toEqual(['Name']));

  fireEvent.click(screen.getByRole('button', { name: 'Change columns' }));
  fireEvent.click(screen.getByRole('button', { name: 'Start again from the standard columns' }));
  expect(heading(1).value).toBe('Division');
  fireEvent.click(screen.getByRole('button', { name: 'Save columns' }));
  await waitFor(() => expect(previewHeadings()).toEqual(VIC));
  await sync(db).flush();
  expect(await serverFileHeadings()).toEqual(VIC);
  const [stored] = await w.t.db
    .select({ timingColumns: events.timingColumns })
    .from(events)
    .where(eq(events.id, w.eventId));
  expect(stored?.timingColumns).toBeNull();
  await waitFor(() => expect(screen.getByText(TIMING_COLUMNS_TEXT.standard('VIC system'))).toBeTruthy());
});
