// The events screen and the header's event picker against the real server: the admin's device
// holds the events through the real pull, the events screen saves over the network, and the
// picker lists what was saved at once, without a reload. A new event's year is the season being
// prepared (rules/new-event-defaults), from the events the screen lists. A switch the server
// refuses (the event was deleted meanwhile) leaves the admin with no school and no event. An
// event's calendar is edited there, its entries close in the local time of its first state.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { eventDisciplines, eventStates, events } from '../../server/db/schema';
import { SessionPicker } from '../../src/app/session-picker';
import { ServicesContext } from '../../src/components/services-context';
import { SessionContext } from '../../src/components/session-context';
import type { InterschoolsDb } from '../../src/db/database';
import { setSessionUser } from '../../src/db/meta';
import type { SessionUser } from '../../src/domain/schemas';
import EventsPage, { EVENTS_SAVED } from '../../src/features/events/events-page';
import type { SyncEngine } from '../../src/sync/engine';
import { syncStatus } from '../../src/sync/status';
import { createEvent, createUser } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { connectPagesTo, signInOnEvent, typeValue } from './support/pages';
import { dropDatabases, engineFor, freshDb, world, type Jar, type World } from './sync-support';

const dom = renderInNode();

let w: World;
let admin: { jar: Jar; user: SessionUser };

beforeEach(async () => {
  w = await world();
  const { email } = await createUser(w.t.db, 'admin', { firstname: 'Ada', lastname: 'Admin' });
  admin = await signInOnEvent(w, email);
  connectPagesTo(w.baseUrl, admin.jar);
});
afterEach(async () => {
  dom.rtl.cleanup();
  vi.unstubAllGlobals();
  syncStatus.set({ online: true });
  await dropDatabases();
  await w.close();
});

/** The admin's device after its download (the events, disciplines and states come through it). */
async function adminDevice(): Promise<InterschoolsDb> {
  const db = freshDb();
  await setSessionUser(db, admin.user);
  await engineFor(w, db, { fetch: admin.jar.fetch }).engine.pull();
  return db;
}

/** The header's picker above the events screen, as on an admin's page. */
function renderShell(db: InterschoolsDb, today?: Date) {
  dom.rtl.render(
    <MemoryRouter>
      <ServicesContext.Provider value={{ db, engine: {} as SyncEngine }}>
        <SessionContext.Provider value={{ user: admin.user, setUser: async () => {} }}>
          <SessionPicker user={admin.user} reload={() => {}} />
          <EventsPage db={db} today={today} />
        </SessionContext.Provider>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
}

const type = (input: HTMLElement, value: string) => typeValue(dom.rtl.fireEvent, input as HTMLInputElement, value);
const input = (label: string) => dom.rtl.screen.getByLabelText(label) as HTMLInputElement;
const picker = () => dom.rtl.screen.getByLabelText('Event', { selector: 'select' }) as HTMLSelectElement;
const pickable = () => [...picker().options].map((option) => option.textContent);

it('lists a new event in the event picker as soon as it is saved, and drops an archived one', async () => {
  const [current] = await w.t.db.select().from(events).where(eq(events.id, w.eventId));
  const other = await createEvent(w.t.db, { name: 'Perisher Cup', year: 2026 });
  const db = await adminDevice();
  renderShell(db);
  const { screen, fireEvent, waitFor } = dom.rtl;
  await waitFor(() => expect(pickable()).toEqual(['No event', current!.name, other.name].sort(byPickOrder)), {
    timeout: 10_000,
  });
  await waitFor(() => expect(input(`Name of ${other.name}`)).toBeTruthy(), { timeout: 10_000 });

  fireEvent.click(screen.getByRole('button', { name: 'Add event' }));
  // A new event has no name yet; that is not shown as a mistake before the admin has typed.
  expect(document.querySelector('.admin-list-refused')).toBeNull();
  type(input('Name of New event'), 'Snowy Finals');
  fireEvent.click(input('Active: Snowy Finals'));
  fireEvent.click(
    dom.rtl.within(screen.getByRole('group', { name: 'States whose schools may enter' })).getByLabelText('NSW'),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(EVENTS_SAVED)).toBeTruthy();
  await waitFor(() => expect(pickable()).toContain('Snowy Finals'));

  fireEvent.click(input(`Archive: ${other.name}`));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(pickable()).not.toContain(other.name));
  expect(pickable()).toContain('Snowy Finals');
});

it('keeps the events in the picker offline, but switching waits for the network', async () => {
  const other = await createEvent(w.t.db, { name: 'Perisher Cup', year: 2026 });
  const db = await adminDevice();
  syncStatus.set({ online: false });
  renderShell(db);
  const { screen, waitFor } = dom.rtl;
  await waitFor(() => expect(pickable()).toContain(other.name));
  expect(picker().disabled).toBe(true);
  expect(screen.getByText('Switching school or event needs the network.')).toBeTruthy();
});

/** The picker's order: 'No event' first, then the server's (newest year first, then by name). */
function byPickOrder(a: string | null, b: string | null) {
  if (a === 'No event') return -1;
  if (b === 'No event') return 1;
  return (a ?? '').localeCompare(b ?? '');
}

it("opens a new event on the season being prepared: next season's once this one is over", async () => {
  await createEvent(w.t.db, { name: 'Thredbo Regional', year: 2027 });
  const db = await adminDevice();
  renderShell(db, new Date(2026, 10, 29));
  const { screen, fireEvent, waitFor } = dom.rtl;
  await waitFor(() => expect(input('Name of Thredbo Regional')).toBeTruthy(), { timeout: 10_000 });
  fireEvent.click(screen.getByRole('button', { name: 'Add event' }));
  // The events reach 2027 already: another event added now is for that season too.
  expect(input('Year of New event').value).toBe('2027');
});

it("opens a new event on next season's year in the months after this season, when no event reaches it", async () => {
  const db = await adminDevice();
  renderShell(db, new Date(2026, 9, 1));
  const { screen, fireEvent, waitFor } = dom.rtl;
  await waitFor(() => expect(screen.getAllByLabelText(/^Name of /).length).toBeGreaterThan(0), { timeout: 10_000 });
  fireEvent.click(screen.getByRole('button', { name: 'Add event' }));
  expect(input('Year of New event').value).toBe('2027');
});

it('resets school and event when the server refuses the switch (the event was deleted meanwhile)', async () => {
  const other = await createEvent(w.t.db, { name: 'Gone Cup', year: 2026 });
  const db = await adminDevice();
  const chosen: SessionUser[] = [];
  dom.rtl.render(
    <MemoryRouter>
      <ServicesContext.Provider value={{ db, engine: {} as SyncEngine }}>
        <SessionContext.Provider value={{ user: admin.user, setUser: async (u) => void chosen.push(u!) }}>
          <SessionPicker user={admin.user} reload={() => {}} />
        </SessionContext.Provider>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  await dom.rtl.waitFor(() => expect(pickable()).toContain('Gone Cup'));
  await w.t.db.delete(eventDisciplines).where(eq(eventDisciplines.eventId, other.id));
  await w.t.db.delete(eventStates).where(eq(eventStates.eventId, other.id));
  await w.t.db.delete(events).where(eq(events.id, other.id));
  typeValue(dom.rtl.fireEvent, picker(), other.id);
  await dom.rtl.waitFor(() => expect(chosen).toHaveLength(1));
  expect(chosen[0]).toMatchObject({ EventId: null, SchoolId: null });
});

it("saves an event's calendar, its entries close entered in the local time of its first state", async () => {
  const cup = await createEvent(w.t.db, { name: 'Perisher Cup', year: 2027 });
  const db = await adminDevice();
  renderShell(db);
  const { screen, fireEvent, waitFor, within } = dom.rtl;
  await waitFor(() => expect(screen.getByRole('button', { name: 'Details of Perisher Cup' })).toBeTruthy(), {
    timeout: 10_000,
  });
  fireEvent.click(screen.getByRole('button', { name: 'Details of Perisher Cup' }));
  const calendar = screen.getByRole('group', { name: 'Calendar of Perisher Cup' });
  const field = (label: string) => within(calendar).getByLabelText(label) as HTMLInputElement;
  type(field('Venue'), 'Perisher Valley');
  type(field('First race day'), '2027-08-18');
  type(field('Last race day'), '2027-08-16');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  // Out of order: said in words before anything is sent.
  expect(await screen.findByText(/Last race day: The last race day must not be before the first\./)).toBeTruthy();
  type(field('Last race day'), '2027-08-20');
  type(field('Entries close on'), '2027-07-30');
  // The time follows the event's first state (NSW): Sydney, in winter ten hours ahead of UTC.
  expect(field('at (Sydney time)').value).toBe('17:00');
  type(field('at (Sydney time)'), '16:30');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(EVENTS_SAVED)).toBeTruthy();
  const [saved] = await w.t.db.select().from(events).where(eq(events.id, cup.id));
  expect(saved).toMatchObject({ venue: 'Perisher Valley', firstRaceDay: '2027-08-18', lastRaceDay: '2027-08-20' });
  expect(saved!.entriesCloseAt?.toISOString()).toBe('2027-07-30T06:30:00.000Z');
});
