// The admin's users and events grids against the real server. Both lists live on the server: the
// pages load and save them over the network (src/api/call.ts, ky), which here reaches the real
// app with the admin's session. The events grid's disciplines and states come through the real
// pull. Users: staff listed (never school coordinators), a row added carries a temporary id that
// the server replaces with a real one, and nobody can remove themselves. Events: a new event opens
// with the spec's defaults and is created on the server as shown; an archived one leaves the list
// and the server's.
import 'fake-indexeddb/auto';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SessionContext } from '../../src/components/session-context';
import { setSessionUser } from '../../src/db/meta';
import type { AdminUser, Event, SessionUser } from '../../src/domain/schemas';
import EventsPage, { EVENTS_SAVED } from '../../src/features/events/events-page';
import { SELF_REMOVE_REASON } from '../../src/features/users/user-row';
import UsersPage, { USERS_SAVED } from '../../src/features/users/users-page';
import { createUser } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { connectPagesTo, signInOnEvent, typeValue, type SentRequest } from './support/pages';
import { dropDatabases, engineFor, freshDb, world, type Jar, type World } from './sync-support';

const dom = renderInNode();

let w: World;
let admin: { jar: Jar; user: SessionUser };
/** What the pages sent over the network: method, path and JSON body. */
let sent: SentRequest[];

beforeEach(async () => {
  w = await world();
  const { email } = await createUser(w.t.db, 'admin', { firstname: 'Ada', lastname: 'Admin' });
  admin = await signInOnEvent(w, email);
  sent = [];
  connectPagesTo(w.baseUrl, admin.jar, sent);
});
afterEach(async () => {
  dom.rtl.cleanup();
  vi.unstubAllGlobals();
  await dropDatabases();
  await w.close();
});

/** A read through the API as the admin, straight to the app (global fetch is the page's). */
async function serverGet<T>(url: string): Promise<T> {
  const cookie = [...admin.jar.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await w.t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

function renderAsAdmin(page: React.ReactNode) {
  dom.rtl.render(
    <MemoryRouter>
      <SessionContext.Provider value={{ user: admin.user, setUser: async () => {} }}>{page}</SessionContext.Provider>
    </MemoryRouter>,
  );
}

const type = (input: HTMLElement, value: string) => typeValue(dom.rtl.fireEvent, input as HTMLInputElement, value);
const input = (label: string) => dom.rtl.screen.getByLabelText(label) as HTMLInputElement;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

it('lists the staff, creates an added user with a real id, and does not let the admin remove themselves', async () => {
  const auditor = await createUser(w.t.db, 'auditor', { firstname: 'Audrey', lastname: 'Auditor' });
  renderAsAdmin(<UsersPage />);
  const { screen, fireEvent, waitFor } = dom.rtl;
  const me = admin.user.username;
  await waitFor(() => expect(input(`Email of ${me}`).value).toBe(me), { timeout: 10_000 });
  expect(input(`Given name of ${auditor.email}`).value).toBe('Audrey');
  expect((screen.getByLabelText(`Role of ${auditor.email}`) as HTMLSelectElement).value).toBe('auditor');
  // The school's coordinator signs in too, but is not staff.
  expect(screen.queryByLabelText(`Email of ${w.username}`)).toBeNull();

  const removeMe = screen.getByRole('button', { name: `Remove ${me}` }) as HTMLButtonElement;
  expect(removeMe.disabled).toBe(true);
  expect(removeMe.getAttribute('aria-describedby')).toBeTruthy();
  expect(document.getElementById(removeMe.getAttribute('aria-describedby')!)?.textContent?.trim()).toBe(
    SELF_REMOVE_REASON,
  );
  expect((screen.getByRole('button', { name: `Remove ${auditor.email}` }) as HTMLButtonElement).disabled).toBe(false);

  fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
  type(input('Given name of new user 1'), 'Rory');
  type(input('Surname of new user 1'), 'Racer');
  type(input('Email of new user 1'), 'rory.racer@race.test');
  type(screen.getByLabelText('Role of new user 1'), 'racedept');
  type(input('Password of new user 1'), 'a long enough password');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(USERS_SAVED)).toBeTruthy();

  // The new row travelled with a temporary id (spec: 'tempid...'); the server gave it a real one.
  const put = sent.find((s) => s.method === 'PUT' && s.path === '/api/users')!;
  const [newRow] = (put.body as { users: { id: string; email: string }[] }).users;
  expect(newRow).toMatchObject({ email: 'rory.racer@race.test' });
  expect(newRow!.id.startsWith('tempid')).toBe(true);
  const stored = (await serverGet<AdminUser[]>('/api/users')).find((u) => u.email === 'rory.racer@race.test');
  expect(stored).toMatchObject({ firstname: 'Rory', lastname: 'Racer', role: 'racedept' });
  expect(stored!.id).toMatch(UUID);
  // The grid now shows the stored user (labelled by its email, no longer 'new user 1').
  expect(input('Given name of rory.racer@race.test').value).toBe('Rory');
  expect(screen.queryByLabelText('Given name of new user 1')).toBeNull();
});

/** The admin's device: the disciplines and states the events grid offers come through the pull. */
async function renderEvents() {
  const db = freshDb();
  await setSessionUser(db, admin.user);
  await engineFor(w, db, { fetch: admin.jar.fetch }).engine.pull();
  renderAsAdmin(<EventsPage db={db} />);
  return db;
}

/** The spec's divisions of a new event's disciplines: 1 to 6 for Alpine, 1 to 2 for the two
 *  slopestyles, 3 to 3 for the relay, 1 to 5 for the rest. */
const DEFAULT_DIVISIONS: Record<number, [number, number]> = { 1: [1, 6], 9: [3, 3], 10: [1, 2], 11: [1, 2] };
const defaultsOf = (id: number) => {
  const [from, to] = DEFAULT_DIVISIONS[id] ?? [1, 5];
  return { DisciplineId: id, divisionFrom: from, divisionTo: to, male: true, female: true, active: true };
};

it("opens a new event with every discipline's default divisions and creates it on the server as shown", async () => {
  const db = await renderEvents();
  const { screen, within, fireEvent, waitFor } = dom.rtl;
  const [existing] = await serverGet<Event[]>('/api/events');
  await waitFor(() => expect(input(`Name of ${existing!.name}`).value).toBe(existing!.name), { timeout: 10_000 });

  fireEvent.click(screen.getByRole('button', { name: 'Add event' }));
  expect(input('Registration fee of New event').value).toBe('0');
  // Its details open at once ('Hide details of New event').
  expect(screen.getByRole('button', { name: /details of New event$/i }).getAttribute('aria-expanded')).toBe('true');
  const disciplines = screen.getByRole('table', { name: 'Disciplines of the new event' });
  // Every discipline (the eleven the pull brought), in order of id.
  const pulled = await db.disciplines.orderBy('id').toArray();
  expect(pulled.map((d) => d.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  expect(
    within(disciplines)
      .getAllByRole('rowheader')
      .map((th) => th.textContent),
  ).toEqual(pulled.map((d) => d.name));
  pulled.forEach(({ id, name }) => {
    const expected = defaultsOf(id);
    const value = (label: string) => within(disciplines).getByLabelText(`${label}: ${name}`) as HTMLInputElement;
    expect([Number(value('Division from').value), Number(value('Division to').value)], name).toEqual([
      expected.divisionFrom,
      expected.divisionTo,
    ]);
    expect([value('Male').checked, value('Female').checked, value('Active').checked], name).toEqual([true, true, true]);
  });

  type(input('Name of New event'), 'Snowy Finals');
  fireEvent.click(within(screen.getByRole('group', { name: 'States whose schools may enter' })).getByLabelText('NSW'));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(EVENTS_SAVED)).toBeTruthy();

  const created = (await serverGet<Event[]>('/api/events')).find((e) => e.name === 'Snowy Finals');
  expect(created).toMatchObject({ registrationFee: 0, states: [3], archived: false });
  expect(created!.disciplines.map(({ name: _name, ...d }) => d)).toEqual(pulled.map((d) => defaultsOf(d.id)));
  expect(input('Name of Snowy Finals').value).toBe('Snowy Finals');
});

it('removes an event ticked Archive from the list once saved, and the server lists it no more', async () => {
  await renderEvents();
  const { screen, fireEvent, waitFor } = dom.rtl;
  const [existing] = await serverGet<Event[]>('/api/events');
  await waitFor(() => expect(input(`Name of ${existing!.name}`)).toBeTruthy(), { timeout: 10_000 });

  fireEvent.click(screen.getByLabelText(`Archive: ${existing!.name}`));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(EVENTS_SAVED)).toBeTruthy();
  expect(screen.queryByLabelText(`Name of ${existing!.name}`)).toBeNull();
  expect((await serverGet<Event[]>('/api/events')).map((e) => e.id)).not.toContain(existing!.id);
  // Still readable by id, as archived.
  expect(await serverGet<Event>(`/api/event/${existing!.id}`)).toMatchObject({ archived: true });
});

it('offers Retry after a failed load instead of saying Loading… for good, and lists the staff once it works', async () => {
  const real = globalThis.fetch;
  let refused = 1;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (refused > 0) {
      refused -= 1;
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    return real(input, init);
  });
  renderAsAdmin(<UsersPage />);
  const retry = await dom.rtl.screen.findByRole('button', { name: 'Retry' });
  expect(dom.rtl.screen.queryByText('Loading…')).toBeNull();
  dom.rtl.fireEvent.click(retry);
  await dom.rtl.screen.findByDisplayValue('Ada');
  expect(dom.rtl.screen.queryByRole('button', { name: 'Retry' })).toBeNull();
});
