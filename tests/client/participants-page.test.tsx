// The participants page on rows the device pulled from a real server (the real pull, as a signed-in
// coordinator's device gets them), never on rows written into IndexedDB by hand. One server serves
// the file; each test has its own school and coordinator, so one test's rows never reach another.
// Only device state the server never sends (a failed outbox item) is written locally.
import 'fake-indexeddb/auto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { participants, teamEntries, teams } from '../../server/db/schema';
import { SessionContext } from '../../src/components/session-context';
import type { InterschoolsDb } from '../../src/db/database';
import type { SessionUser } from '../../src/domain/schemas/entities';
import ParticipantsPage, { LOCKED_MESSAGE } from '../../src/features/participants/participants-page';
import { syncStatus } from '../../src/sync/status';
import { createSchool, createUser } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { typeValue } from './support/pages';
import { cookieJar, dropDatabases, engineFor, freshDb, world, type World } from './sync-support';

const dom = renderInNode();

let server: World;
/** This test's school, its coordinator signed in to the server's event. */
let w: World;
let session: SessionUser;
let db: InterschoolsDb;

beforeAll(async () => {
  server = await world();
});
afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  const schoolId = (await createSchool(server.t.db)).id;
  const coordinator = await createUser(server.t.db, 'school', { schoolId });
  const jar = cookieJar(server.baseUrl);
  session = await jar.login(coordinator.email, server.eventId);
  w = { ...server, schoolId, username: coordinator.email, jar };
  db = freshDb();
  syncStatus.set({ online: true, locked: false });
});

afterEach(async () => {
  dom.rtl.cleanup();
  await dropDatabases();
});

type NewParticipant = Partial<typeof participants.$inferInsert>;

/** Participants of this test's school on the server (others' school when given). */
async function onServer(...rows: NewParticipant[]) {
  return server.t.db
    .insert(participants)
    .values(
      rows.map((r) => ({
        schoolId: w.schoolId,
        snowId: null,
        firstname: 'Ada',
        lastname: 'Lovelace',
        yearLevel: '7',
        gender: 'Female',
        dob: '2012-01-01',
        ...r,
      })),
    )
    .returning();
}

/** A team of this school in the server's event, with these participants by position. */
async function teamOnServer(
  team: { disciplineId: number; division: number; teamRank: string; gender: string },
  members: string[],
) {
  const [row] = await server.t.db
    .insert(teams)
    .values({ schoolId: w.schoolId, eventId: w.eventId, ...team })
    .returning();
  const entries = await server.t.db
    .insert(teamEntries)
    .values(
      members.map((participantId, i) => ({
        teamId: row!.id,
        eventId: w.eventId,
        disciplineId: team.disciplineId,
        schoolId: w.schoolId,
        participantId,
        position: i + 1,
      })),
    )
    .returning();
  return { team: row!, entries };
}

/** The device's download, through the sync engine against the server. */
async function pull() {
  await engineFor(w, db).engine.pull();
}

function renderPage(sessionUser: SessionUser = session) {
  const { render } = dom.rtl;
  return render(
    <SessionContext.Provider value={{ user: sessionUser, setUser: async () => {} }}>
      <ParticipantsPage db={db} currentYear={2025} />
    </SessionContext.Provider>,
  );
}

const saveButton = () => dom.rtl.screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('participants page', () => {
  it("lists the school's participants with dates of birth shown dd/mm/yyyy", async () => {
    await onServer(
      { firstname: 'Ada', lastname: 'Lovelace', dob: '2011-02-03' },
      { snowId: '1002', firstname: 'Grace', lastname: 'Hopper', dob: '2012-12-25' },
      { snowId: '1004', firstname: 'Gone', lastname: 'Archived', archived: 1 },
    );
    const other = (await createSchool(server.t.db)).id;
    await onServer({ snowId: '1003', firstname: 'Other', lastname: 'School', schoolId: other });
    await pull();
    const { screen } = dom.rtl;
    renderPage();
    expect(await screen.findByText('Lovelace', { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('Hopper', { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('03/02/2011', { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('25/12/2012', { selector: 'td' })).toBeTruthy();
    expect(screen.queryByText('School', { selector: 'td' })).toBeNull();
    expect(screen.queryByText('Archived', { selector: 'td' })).toBeNull();
    expect(saveButton().disabled).toBe(true);
  });

  it('finds participants by name or snow id as the coordinator types, and says how many it shows', async () => {
    await onServer(
      { firstname: 'Jack', lastname: 'Brown', snowId: '5501' },
      { firstname: 'Jackie', lastname: 'Chan', snowId: '5502' },
      { firstname: 'Mia', lastname: 'Brown', snowId: '7703' },
    );
    await pull();
    const { screen, fireEvent, waitFor } = dom.rtl;
    renderPage();
    await screen.findAllByText('Brown', { selector: 'td' });
    const find = screen.getByLabelText('Find a participant') as HTMLInputElement;
    const search = (text: string) => typeValue((el, event) => fireEvent(el, event), find, text, 'input');
    const cell = (text: string) => screen.queryByText(text, { selector: 'td' });

    search('jack br');
    await waitFor(() => expect(screen.getByText('Showing 1 of 3')).toBeTruthy());
    await waitFor(() => expect(cell('Mia')).toBeNull());
    expect(cell('Jack')).toBeTruthy();
    expect(cell('Jackie')).toBeNull();

    search('770');
    await waitFor(() => expect(cell('Jack')).toBeNull());
    expect(cell('Mia')).toBeTruthy();
    expect(screen.getByText('Showing 1 of 3')).toBeTruthy();

    search('');
    await waitFor(() => expect(screen.queryByText(/^Showing/)).toBeNull());
  });

  it('says the participants are loading, not that there are none, until the first download has finished', async () => {
    const { screen } = dom.rtl;
    renderPage();
    // Nothing downloaded yet: the school's rows are on their way, not missing.
    expect(await screen.findByText('Loading participants…')).toBeTruthy();
    expect(screen.queryByText('No participants yet.')).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();

    await onServer({ firstname: 'Ada', lastname: 'Lovelace' });
    await pull();
    expect(await screen.findByText('Lovelace', { selector: 'td' })).toBeTruthy();
    expect(screen.queryByText('Loading participants…')).toBeNull();
  });

  it('says there are no participants once a download has found none', async () => {
    await pull();
    const { screen } = dom.rtl;
    renderPage();
    expect(await screen.findByText('No participants yet.')).toBeTruthy();
    expect(screen.queryByText('Loading participants…')).toBeNull();
  });

  it('says offline that the participants are not on the device yet', async () => {
    syncStatus.set({ online: false });
    const { screen } = dom.rtl;
    renderPage();
    expect(
      await screen.findByText('The participants are not on this device yet: they download when it is back online.'),
    ).toBeTruthy();
  });

  it('highlights an inactive snow id', async () => {
    await onServer(
      { snowId: '5551', snowIdActive: 1 },
      { snowId: '5552', snowIdActive: 0, firstname: 'Ina', lastname: 'Ctive' },
    );
    await pull();
    const { screen, waitFor } = dom.rtl;
    renderPage();
    await waitFor(() => expect(screen.getByText('5552', { selector: 'td' }).className).toContain('cell-warning'));
    expect(screen.getByText('5551', { selector: 'td' }).className).not.toContain('cell-warning');
    expect(screen.getByText('inactive snow id', { selector: 'td' })).toBeTruthy();
  });

  it("shows the server's refusal on the row of a failed outbox item", async () => {
    const [row] = await onServer({ snowId: '999' });
    await pull();
    // A refused save of this device: outbox state the server never sends.
    await db.outbox.add({
      seq: 1,
      clientId: 'c',
      userId: w.username,
      method: 'PATCH',
      path: `/api/v2/participants/${row!.id}`,
      body: { snowId: '999', version: 1 },
      idempotencyKey: uuidv7(),
      entity: 'participants',
      rowId: row!.id,
      eventId: w.eventId,
      createdAt: new Date().toISOString(),
      status: 'failed',
      error: 'Snow Id not found or is inactive',
      attempts: 1,
      nextAttemptAt: 0,
      scope: `event:${w.eventId}`,
    });
    const { screen, waitFor, within } = dom.rtl;
    renderPage();
    const refused = await screen.findByRole('region', { name: 'Changes the server refused' });
    expect(within(refused).getByText(/Snow Id not found or is inactive/)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText('Snow Id not found or is inactive', { selector: 'td' }).className).toContain(
        'cell-error',
      ),
    );
  });

  it('removing marks the participant archived, queues a PATCH with archived 1 and drops its entries in this event', async () => {
    const [ada, grace] = await onServer({}, { snowId: '1002', firstname: 'Grace', lastname: 'Hopper' });
    const {
      entries: [adaEntry, graceEntry],
    } = await teamOnServer({ disciplineId: 1, division: 2, teamRank: 'A', gender: 'Female' }, [ada!.id, grace!.id]);
    await pull();
    expect(await db.teamEntries.count()).toBe(2);

    const { screen, fireEvent, waitFor } = dom.rtl;
    renderPage();
    await screen.findByText('Lovelace', { selector: 'td' });
    const removeButtons = await screen.findAllByRole('button', { name: 'Remove' });
    expect(removeButtons).toHaveLength(2);
    fireEvent.click(removeButtons[0]!); // rows are sorted by surname: Hopper, Lovelace
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' }).at(-1)!);
    await waitFor(() => expect(screen.queryByText('Lovelace', { selector: 'td' })).toBeNull());
    // Hopper removed first, then Lovelace; undo Hopper so exactly one row is saved.
    fireEvent.click(screen.getAllByRole('button', { name: 'Undo remove' })[0]!);
    await screen.findByText('Hopper', { selector: 'td' });

    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(saveButton().disabled).toBe(true));

    const items = await db.outbox.toArray();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      method: 'PATCH',
      path: `/api/v2/participants/${ada!.id}`,
      body: { archived: 1, version: 1 },
      entity: 'participants',
      rowId: ada!.id,
      eventId: w.eventId,
      userId: w.username,
    });
    expect(items[0]!.base).toMatchObject({ id: ada!.id, archived: 0, version: 1 });
    expect((await db.participants.get(ada!.id))?.archived).toBe(1);
    expect(await db.teamEntries.get(adaEntry!.id)).toBeUndefined();
    expect(await db.teamEntries.get(graceEntry!.id)).toBeDefined();
    expect(screen.queryByText('Lovelace', { selector: 'td' })).toBeNull();
  });

  it('opens a participant as a form with Edit, and a change made there is saved as one typed in the grid', async () => {
    const [ada] = await onServer({ firstname: 'Ada', lastname: 'Lovelace', yearLevel: '7' });
    await pull();
    const { screen, fireEvent, waitFor, within } = dom.rtl;
    renderPage();
    await screen.findByText('Lovelace', { selector: 'td' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ada Lovelace' });
    typeValue(
      (el, event) => fireEvent(el, event),
      within(dialog).getByLabelText('Year level') as HTMLSelectElement,
      '8',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(saveButton());
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ method: 'PATCH', rowId: ada!.id });
    expect(item!.body).toMatchObject({ yearLevel: '8' });
  });

  it('saving several removed rows queues one PUT of the participants', async () => {
    const [ada, grace] = await onServer({}, { snowId: '1002', firstname: 'Grace', lastname: 'Hopper', version: 4 });
    await pull();
    const { screen, fireEvent, waitFor } = dom.rtl;
    renderPage();
    await screen.findByText('Lovelace', { selector: 'td' });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Remove' }))[0]!);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    const [item, ...rest] = await db.outbox.toArray();
    expect(rest).toHaveLength(0);
    expect(item).toMatchObject({ method: 'PUT', path: '/api/v2/participants' });
    const body = item!.body as { participants: { id: string; archived: number; version?: number }[] };
    expect(body.participants.map((p) => [p.id, p.archived, p.version]).sort()).toEqual(
      [
        [ada!.id, 1, 1],
        [grace!.id, 1, 4],
      ].sort(),
    );
  });

  it('lists race entries of the current event and deletes one', async () => {
    const [ada] = await onServer({});
    // Moguls (discipline 2) of the event, division 3, team B; the event offers it (createEvent).
    const {
      entries: [adaEntry],
    } = await teamOnServer({ disciplineId: 2, division: 3, teamRank: 'B', gender: 'Female' }, [ada!.id]);
    await pull();
    const { screen, fireEvent, within } = dom.rtl;
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Race entries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Race entries: Ada Lovelace' });
    expect(await within(dialog).findByText('Moguls')).toBeTruthy();
    expect(within(dialog).getAllByRole('row')).toHaveLength(2); // header + the one entry of this event
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Moguls entry' }));
    await within(dialog).findByText('No race entries in this event.');
    expect(await db.teamEntries.get(adaEntry!.id)).toBeUndefined();
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({
      method: 'DELETE',
      path: `/api/v2/team-entries/${adaEntry!.id}`,
      entity: 'teamEntries',
      rowId: adaEntry!.id,
    });
  });

  it('is read-only with the reason shown when the event is locked', async () => {
    await onServer({});
    await pull();
    syncStatus.set({ locked: true });
    const { screen } = dom.rtl;
    renderPage();
    expect(await screen.findByText(LOCKED_MESSAGE)).toBeTruthy();
    await screen.findByText('Lovelace', { selector: 'td' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add participant' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('is read-only when the session user is locked', async () => {
    await onServer({});
    await pull();
    const { screen } = dom.rtl;
    renderPage({ ...session, locked: true });
    expect(await screen.findByText(LOCKED_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add participant' })).toBeNull();
  });
});
