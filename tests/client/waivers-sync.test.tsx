// The waivers screen's save against the real server: a waiver added and one matched offline wait
// in the outbox, reach the server once online, and the lists the device matches from its mirror
// equal the server's GET /api/waivers/matched; a refused save names its row. The screen itself, on
// the pulled rows, as a first-time coordinator reads it: what a waiver is, each person's name first
// with their waiver's state in words, Save in its bar, removing behind More. Data reaches a device
// only through the real pull.
import 'fake-indexeddb/auto';
import { outboxCounts } from '../../src/db/outbox';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { participants, volunteers, waivers } from '../../server/db/schema';
import { SessionContext } from '../../src/components/session-context';
import {
  EMPTY_DRAFT,
  editWaiver,
  matchWaiverTo,
  newWaiverFor,
  planWaiversSave,
  type WaiverDraft,
} from '../../src/features/waivers/waiver-draft';
import { saveWaivers } from '../../src/features/waivers/waiver-writes';
import { readMatchedWaivers, readWaiverRows, refusalsOf } from '../../src/features/waivers/use-waivers-data';
import WaiversPage from '../../src/features/waivers/waivers-page';
import { syncStatus } from '../../src/sync/status';
import { renderInNode } from './support/node-dom';
import { dropDatabases, engineFor, freshDb, world, type World } from './sync-support';

const dom = renderInNode();

let w: World;
beforeEach(async () => {
  w = await world();
});
afterEach(async () => {
  dom.rtl.cleanup();
  await dropDatabases();
  await w.close();
});

const user = () => ({ username: w.username, EventId: w.eventId });
const offline: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};
const serverWaivers = () => w.t.db.select().from(waivers).where(eq(waivers.schoolId, w.schoolId));

/** The server's people and one waiver the family typed differently from the school's list. */
async function seed() {
  const [ava, ben] = await w.t.db
    .insert(participants)
    .values([
      { schoolId: w.schoolId, firstname: 'Ava', lastname: 'Alpine', snowId: '1234567' },
      { schoolId: w.schoolId, firstname: 'Ben', lastname: 'Brown', snowId: '7654321' },
    ])
    .returning();
  const [vic] = await w.t.db
    .insert(volunteers)
    .values({ schoolId: w.schoolId, eventId: w.eventId, firstname: 'Vic', lastname: 'Helper' })
    .returning();
  const [typo] = await w.t.db
    .insert(waivers)
    .values({
      schoolId: w.schoolId,
      eventId: w.eventId,
      type: 'participant',
      name: 'Benny Browne',
      givenName: 'Benny',
      surname: 'Browne',
      completed: 0,
      createdBy: 'forms@association.test',
    })
    .returning();
  return { ava: ava!, ben: ben!, vic: vic!, typo: typo! };
}

/** What the server answers, and what the device works out from its mirror, as plain JSON. */
async function serverMatched(): Promise<unknown> {
  const res = await w.jar.fetch(`${w.baseUrl}/api/waivers/matched`);
  expect(res.status).toBe(200);
  return res.json();
}
const plain = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (key.startsWith('_') ? undefined : v))) as unknown;

it('keeps a waiver added and one matched offline on the device, sends them once online, and matches as the server does', async () => {
  const { ben, vic, typo } = await seed();
  const db = freshDb();
  await engineFor(w, db).engine.pull();
  const before = await readMatchedWaivers(db, w.schoolId, w.eventId);
  expect(before.unmatchedParticipants.map((x) => x.id)).toEqual([typo.id]);
  expect(plain(before)).toEqual(await serverMatched());

  // What the screen does: match the family's waiver to Ben and tick it; add Vic's paper waiver.
  const rows = await readWaiverRows(db, w.schoolId, w.eventId);
  let draft: WaiverDraft = matchWaiverTo(EMPTY_DRAFT, rows.waivers, { id: typo.id, type: 'participant' }, ben);
  draft = editWaiver(draft, rows.waivers, typo.id, { completed: true });
  const added = newWaiverFor('volunteer', vic, {
    id: uuidv7(),
    schoolId: w.schoolId,
    eventId: w.eventId,
    createdBy: w.username,
  });
  draft = { ...draft, added: [added] };
  await saveWaivers(db, planWaiversSave(rows.waivers, draft)!, user());

  // Matched on the device at once, before any network.
  const local = await readMatchedWaivers(db, w.schoolId, w.eventId);
  expect(local.participants.find((p) => p.ParticipantId === ben.id)?.waiver).toMatchObject({
    id: typo.id,
    completed: true,
    snowId: '7654321',
    _pending: true,
  });
  expect(local.volunteers.map((v) => v.waiver?.id)).toEqual([added.id]);
  expect(local.unmatchedParticipants).toEqual([]);

  // Offline: the item waits; the retry it schedules never comes (this device stays offline).
  await engineFor(w, db, { fetch: offline, sleep: () => new Promise(() => undefined) }).engine.flush();
  expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
  expect((await serverWaivers()).map((r) => r.id)).toEqual([typo.id]);

  // Back online once the back-off has run out: applied once, as one save.
  await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
  const { engine } = engineFor(w, db);
  await engine.flush();
  expect(await db.outbox.count()).toBe(0);
  const stored = await serverWaivers();
  expect(stored.map((r) => [r.id, r.givenName, r.surname, r.snowId, r.completed, r.createdBy]).sort()).toEqual(
    [
      [added.id, 'Vic', 'Helper', null, 1, w.username],
      [typo.id, 'Ben', 'Brown', '7654321', 1, 'forms@association.test'],
    ].sort(),
  );
  expect((await db.waivers.get(typo.id))?._pending).toBeUndefined();

  await engine.pull();
  const server = await serverMatched();
  expect(plain(await readMatchedWaivers(db, w.schoolId, w.eventId))).toEqual(server);
  // Another device of the school pulls the same lists.
  const other = freshDb();
  await engineFor(w, other).engine.pull();
  expect(plain(await readMatchedWaivers(other, w.schoolId, w.eventId))).toEqual(server);
});

it('sets a refused save aside and names the waiver it refused', async () => {
  const { ava } = await seed();
  const db = freshDb();
  await engineFor(w, db).engine.pull();
  // A name longer than the server keeps (an older version of the app, say) next to a good waiver.
  const good = newWaiverFor('participant', ava, {
    id: uuidv7(),
    schoolId: w.schoolId,
    eventId: w.eventId,
    createdBy: w.username,
  });
  const long = newWaiverFor(
    'participant',
    { firstname: 'x'.repeat(101), lastname: 'Long' },
    { id: uuidv7(), schoolId: w.schoolId, eventId: w.eventId, createdBy: w.username },
  );
  await saveWaivers(db, planWaiversSave([], { ...EMPTY_DRAFT, added: [good, long] })!, user());
  await engineFor(w, db).engine.flush();
  const [failed] = await db.outbox.where('status').equals('failed').toArray();
  expect(failed).toBeTruthy();
  expect([...refusalsOf(failed!).keys()]).toEqual([long.id]);
  // One transaction refused whole: nothing of it reached the server.
  expect((await serverWaivers()).map((r) => r.givenName)).toEqual(['Benny']);
});

it("sends only the fields changed of a stored waiver, so another device's change stands, and saves of it queued offline apply in order", async () => {
  const { typo } = await seed();
  const db = freshDb();
  const { engine, status } = engineFor(w, db);
  await engine.pull();
  await w.t.db.update(waivers).set({ completed: 1 }).where(eq(waivers.id, typo.id)); // another device
  const save = async (edit: Parameters<typeof editWaiver>[3]) => {
    const mirror = (await readWaiverRows(db, w.schoolId, w.eventId)).waivers;
    await saveWaivers(db, planWaiversSave(mirror, editWaiver(EMPTY_DRAFT, mirror, typo.id, edit))!, user());
  };
  await save({ givenName: 'Ben' });
  const [queued] = await db.outbox.toArray();
  expect((queued!.body as { data: unknown[] }).data).toEqual([
    { id: typo.id, givenName: 'Ben', version: typo.version },
  ]);
  await save({ surname: 'Brown' });
  await engine.flush();
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ pending: 0, failed: 0 });
  // The full name was made from the two parts, so it follows them.
  expect((await serverWaivers())[0]).toMatchObject({
    givenName: 'Ben',
    surname: 'Brown',
    completed: 1,
    name: 'Ben Brown',
  });
});

it('shows a first-time coordinator what a waiver is, each name first with its state in words, Save in its bar and removing behind More', async () => {
  const { ava } = await seed();
  // Ava's family has handed in a form, not ticked yet; Ben's came in as 'Benny Browne'; Vic has none.
  const [avas] = await w.t.db
    .insert(waivers)
    .values({
      schoolId: w.schoolId,
      eventId: w.eventId,
      type: 'participant',
      name: 'Ava Alpine',
      givenName: 'Ava',
      surname: 'Alpine',
      snowId: ava.snowId,
      completed: 0,
      createdBy: w.username,
    })
    .returning();
  const db = freshDb();
  const { engine } = engineFor(w, db);
  await engine.pull();
  syncStatus.set({ online: true, locked: false });
  const session = await w.jar.login(w.username, w.eventId);
  const { render, screen, within, fireEvent, waitFor } = dom.rtl;
  render(
    <SessionContext.Provider value={{ user: session, setUser: async () => {} }}>
      <WaiversPage db={db} />
    </SessionContext.Provider>,
  );

  const people = await screen.findByRole('region', { name: 'Participants' });
  // One line says what a waiver is and who signs it, before any list.
  screen.getByText(
    "A waiver is the form a racer's family, or a volunteer, signs; race bibs are handed over only when all are completed. Tick Completed once you have it.",
  );
  screen.getByText('0 of 2 participant waivers completed, 0 of 1 volunteer waivers completed');

  // A list, each row the person's name first, then their waiver's state in words.
  const rows = () => within(people).getAllByRole('listitem');
  expect(rows().map((row) => row.textContent)).toEqual([
    expect.stringMatching(/^Ava AlpineNot completed/),
    expect.stringMatching(/^Ben BrownNo waiver/),
  ]);
  const volunteerRows = within(screen.getByRole('region', { name: 'Volunteers' })).getAllByRole('listitem');
  expect(volunteerRows.map((row) => row.textContent)).toEqual([expect.stringMatching(/^Vic HelperNo waiver/)]);
  const stray = within(screen.getByRole('region', { name: 'Participant waivers that match nobody' }));
  expect(stray.getAllByRole('listitem').map((row) => row.textContent)).toEqual([
    expect.stringMatching(/^Benny BrowneNot completed/),
  ]);
  stray.getByRole('checkbox', { name: 'Completed: Benny Browne' });
  stray.getByRole('combobox', { name: 'Match the waiver of Benny Browne to' });

  // The row's first control is its state; removing is not on the row, but behind More, named for Ava.
  const avaRow = rows()[0]!;
  const completed = within(avaRow).getByRole('checkbox', { name: 'Completed: Ava Alpine' }) as HTMLInputElement;
  expect(avaRow.querySelector('input, button, select')).toBe(completed);
  expect(completed.checked).toBe(false);
  expect(within(avaRow).queryByRole('button', { name: /remove/i })).toBeNull();
  const more = within(avaRow).getByRole('button', { name: 'More for Ava Alpine' });
  expect(more.getAttribute('aria-expanded')).toBe('false');

  // Save waits in its bar, which says how many edits are not saved yet.
  const bar = within(screen.getByRole('region', { name: 'Unsaved edits' }));
  const save = bar.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  expect(save.disabled).toBe(true);
  bar.getByText('No unsaved edits');

  fireEvent.click(more);
  expect(more.getAttribute('aria-expanded')).toBe('true');
  fireEvent.click(within(avaRow).getByRole('button', { name: 'Remove the waiver of Ava Alpine' }));
  await waitFor(() => expect(rows()[0]!.textContent).toMatch(/^Ava AlpineNo waiver/));
  within(screen.getByRole('region', { name: 'Removed, not saved yet' })).getByRole('button', {
    name: 'Undo remove: the waiver of Ava Alpine',
  });
  // Adding Ben's paper waiver puts the focus on its Completed box, which takes the Add button's place.
  fireEvent.click(within(rows()[1]!).getByRole('button', { name: 'Add waiver for Ben Brown' }));
  const bens = await within(people).findByRole('checkbox', { name: 'Completed: Ben Brown' });
  await waitFor(() => expect(document.activeElement).toBe(bens));
  expect((bens as HTMLInputElement).checked).toBe(true);
  bar.getByText('2 edits not saved yet');
  expect(save.disabled).toBe(false);

  // What is saved is what the screen always saved: Ava's waiver gone, Ben's completed one new.
  fireEvent.click(save);
  await bar.findByText('Changes saved on this device; they are sent to the server when online.');
  bar.getByText('No unsaved edits');
  await engine.flush();
  expect(await db.outbox.count()).toBe(0);
  const stored = await serverWaivers();
  expect(stored.map((r) => r.id)).not.toContain(avas!.id);
  expect(stored.map((r) => [r.givenName, r.surname, r.completed]).sort()).toEqual([
    ['Ben', 'Brown', 1],
    ['Benny', 'Browne', 0],
  ]);
});
