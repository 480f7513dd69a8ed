// A race official's device against the real server, with race-day data reaching it only through
// the real race-day pull: the start list computed on the device equals the server's answer; a DNS
// mark made offline waits on the device, reaches the server once online and another device pulls
// it; a manual bib taken meanwhile on another device is refused with the holder's name on the row,
// and the next Save (with a fix) replaces the refused one. A coordinator's device pulls no race day.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { events, participants, raceMarks, teamEntries, teams } from '../../server/db/schema';
import type { InterschoolsDb } from '../../src/db/database';
import { setSessionUser } from '../../src/db/meta';
import type { SessionUser } from '../../src/domain/schemas/entities';
import { buildStartlist } from '../../src/domain/rules/start-list';
import { saveManualBibs, refusedBibs } from '../../src/features/race-day/bib-manual-writes';
import { saveMark } from '../../src/features/race-day/mark-writes';
import { readRaceDayRows } from '../../src/features/race-day/use-race-day';
import { createUser } from '../api/support/factories';
import {
  cookieJar,
  dropDatabases,
  engineFor,
  freshDb,
  offline,
  waitFor,
  world,
  type Jar,
  type World,
} from './sync-support';

let w: World;
let official: { email: string };
let officialJar: Jar;
let entryIds: string[];

const RACE = { DisciplineId: 2, division: 1, gender: 'Male' } as const;

beforeEach(async () => {
  w = await world();
  await w.t.db.update(events).set({ showForStartlists: true }).where(eq(events.id, w.eventId));
  entryIds = [];
  for (const letter of ['A', 'B']) {
    const [team] = await w.t.db
      .insert(teams)
      .values({
        schoolId: w.schoolId,
        eventId: w.eventId,
        disciplineId: RACE.DisciplineId,
        division: RACE.division,
        gender: RACE.gender,
        teamRank: letter,
      })
      .returning();
    const people = await w.t.db
      .insert(participants)
      .values(
        [1, 2].map((n) => ({
          schoolId: w.schoolId,
          firstname: 'Racer',
          lastname: `${letter}${n}`,
          gender: 'Male',
          yearLevel: '9',
        })),
      )
      .returning();
    const entries = await w.t.db
      .insert(teamEntries)
      .values(
        people.map((p, i) => ({
          teamId: team!.id,
          eventId: w.eventId,
          disciplineId: 2,
          schoolId: w.schoolId,
          participantId: p.id,
          position: i + 1,
        })),
      )
      .returning();
    entryIds.push(...entries.map((e) => e.id));
  }
  official = await createUser(w.t.db, 'racedept');
  officialJar = cookieJar(w.baseUrl);
  await officialJar.login(official.email);
});
afterEach(async () => {
  await dropDatabases();
  await w.close();
});

async function deviceOf(type: SessionUser['type'], username: string, jar: Jar) {
  const db = freshDb();
  await setSessionUser(db, {
    type,
    username,
    EventId: w.eventId,
    SchoolId: null,
    selectedSchool: null,
    firstSeasonLogin: false,
    locked: false,
  } as unknown as SessionUser);
  let online = true;
  const fetchFn: typeof fetch = (input, init) => (online ? jar.fetch(input, init) : offline(input, init));
  const { engine } = engineFor(w, db, { fetch: fetchFn });
  return {
    db,
    engine,
    setOnline: (on: boolean) => {
      online = on;
    },
  };
}

const startlistOf = async (db: InterschoolsDb) =>
  buildStartlist({ EventId: w.eventId, ...RACE }, await readRaceDayRows(db, w.eventId));

it('computes on the device the start list the server answers', async () => {
  const admin = await w.adminJar.fetch(`${w.baseUrl}/api/startlist/draw`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ EventId: w.eventId, ...RACE }),
  });
  expect(admin.status).toBe(200);
  const device = await deviceOf('racedept', official.email, officialJar);
  await device.engine.pull();
  const res = await officialJar.fetch(
    `${w.baseUrl}/api/startlist?EventId=${w.eventId}&DisciplineId=2&division=1&gender=Male`,
  );
  const server = (await res.json()) as { teams: unknown[] };
  expect(await startlistOf(device.db)).toEqual(server.teams);
  expect((await startlistOf(device.db)).flatMap((t) => t.members.map((m) => m.lastname)).sort()).toEqual([
    'A1',
    'A2',
    'B1',
    'B2',
  ]);
});

it('keeps a DNS mark made offline, sends it when online, and another device pulls it', async () => {
  const device = await deviceOf('racedept', official.email, officialJar);
  await device.engine.pull();
  device.setOnline(false);
  await saveMark(
    device.db,
    { EventId: w.eventId, teamEntryId: entryIds[0]!, run: 'First', mark: 'DNS' },
    official.email,
  );
  await device.engine.flush();
  expect((await readRaceDayRows(device.db, w.eventId)).marks).toEqual([
    expect.objectContaining({ teamEntryId: entryIds[0], mark: 'DNS', _pending: true }),
  ]);
  expect(await w.t.db.select().from(raceMarks)).toEqual([]);
  // A pull while the mark waits keeps it on the device.
  device.setOnline(true);
  await device.engine.pull();
  expect((await readRaceDayRows(device.db, w.eventId)).marks.map((m) => m.mark)).toEqual(['DNS']);

  await device.engine.syncNow();
  await waitFor(async () =>
    expect((await w.t.db.select().from(raceMarks)).map((m) => [m.teamEntryId, m.run, m.mark])).toEqual([
      [entryIds[0], 'First', 'DNS'],
    ]),
  );
  const other = await deviceOf('admin', 'admin', w.adminJar);
  await other.engine.pull();
  expect((await readRaceDayRows(other.db, w.eventId)).marks).toEqual([
    expect.objectContaining({ teamEntryId: entryIds[0], run: 'First', mark: 'DNS' }),
  ]);

  // Cleared on the first device: gone everywhere.
  await saveMark(
    device.db,
    { EventId: w.eventId, teamEntryId: entryIds[0]!, run: 'First', mark: null },
    official.email,
  );
  await device.engine.syncNow();
  await other.engine.pull();
  expect((await readRaceDayRows(other.db, w.eventId)).marks).toEqual([]);
});

/** An administrator's device saves bibs 7 and 8 offline while bib 7 is given to another racer on
 *  another device: back online, the server refuses the save. */
async function refusedBibSave() {
  const device = await deviceOf('admin', 'admin', w.adminJar);
  await device.engine.pull();
  device.setOnline(false);
  await saveManualBibs(
    device.db,
    {
      EventId: w.eventId,
      assignments: [
        { teamEntryId: entryIds[0]!, bib: 7 },
        { teamEntryId: entryIds[1]!, bib: 8 },
      ],
    },
    'admin',
  );
  await w.t.db.update(teamEntries).set({ bib: 7, bibManual: true }).where(eq(teamEntries.id, entryIds[3]!));
  device.setOnline(true);
  await device.engine.flush();
  const refused = async () => refusedBibs(await device.db.outbox.where('status').equals('failed').toArray());
  return { device, refused };
}

it('shows a manual bib refused for a holder on its row and replaces the refused save with the next one', async () => {
  const { device, refused: refusedNow } = await refusedBibSave();
  const refused = await refusedNow();
  expect(refused.rows.get(entryIds[0]!)).toEqual({
    bib: 7,
    message: 'Bib 7 is already assigned to Racer B2 (' + (await schoolName()) + ').',
  });
  expect(refused.rows.get(entryIds[1]!)?.bib).toBe(8);

  await saveManualBibs(
    device.db,
    {
      EventId: w.eventId,
      assignments: [
        { teamEntryId: entryIds[0]!, bib: 9 },
        { teamEntryId: entryIds[1]!, bib: 8 },
      ],
    },
    'admin',
  );
  await device.engine.syncNow();
  expect(await device.db.outbox.count()).toBe(0);
  const bibs = await w.t.db.select({ id: teamEntries.id, bib: teamEntries.bib }).from(teamEntries);
  expect(Object.fromEntries(bibs.map((b) => [b.id, b.bib]))).toMatchObject({
    [entryIds[0]!]: 9,
    [entryIds[1]!]: 8,
    [entryIds[3]!]: 7,
  });
  expect((await readRaceDayRows(device.db, w.eventId)).entries.find((e) => e.id === entryIds[0])?.bib).toBe(9);
});

// The bibs screen saves one race at a time: a refused save of another race's bibs is not sent
// again by it, so it must stay, listed on its rows, for the official to fix there.
it('keeps a refused bib save that the next save does not carry again', async () => {
  const { device, refused } = await refusedBibSave();
  expect((await refused()).rows.get(entryIds[0]!)?.bib).toBe(7);

  // Another racer's bib: the refused save is not sent again by it.
  await saveManualBibs(
    device.db,
    { EventId: w.eventId, assignments: [{ teamEntryId: entryIds[2]!, bib: 11 }] },
    'admin',
  );
  await device.engine.syncNow();
  const still = await refused();
  expect(still.rows.get(entryIds[0]!)).toMatchObject({ bib: 7 });
  expect(still.rows.get(entryIds[1]!)).toMatchObject({ bib: 8 });
});

it("pulls no race day on a coordinator's device", async () => {
  const device = await deviceOf('school', w.username, w.jar);
  await device.engine.pull();
  expect(await device.db.raceEntries.count()).toBe(0);
  expect(await device.db.teams.count()).toBe(2);
});

async function schoolName() {
  const res = await w.jar.fetch(`${w.baseUrl}/api/school`);
  return ((await res.json()) as { name: string }).name;
}
