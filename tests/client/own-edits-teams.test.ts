// A device never conflicts with itself, for the team grid too: its Save is one PUT /api/teams, so
// saves of one team queued one after another follow the version the device's own earlier save
// produced, send only what changed (another device's change to a field left alone stands), and the
// server ends with the last value of every field. Teams come from the real server through the real
// pull; saves go through the screen's own plan and save; the flush is the real one.
import 'fake-indexeddb/auto';
import { outboxCounts } from '../../src/db/outbox';
import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { participants, teamEntries, teamManagers, teams } from '../../server/db/schema';
import type { InterschoolsDb } from '../../src/db/database';
import {
  EMPTY_TEAM_DRAFT,
  addEntry,
  baseTeams,
  planTeamsSave,
  setEntry,
  setManager,
  setTeamField,
  withTeam,
  type WorkingTeam,
} from '../../src/features/teams/team-draft';
import { saveTeams } from '../../src/features/teams/team-writes';
import { dropDatabases, engineFor, freshDb, world, type World } from './sync-support';

let w: World | undefined;
afterEach(async () => {
  await dropDatabases();
  await w?.close();
  w = undefined;
});

async function setUp() {
  w = await world();
  const people = await w.t.db
    .insert(participants)
    .values(
      ['Ava', 'Bea', 'Cal'].map((firstname) => ({
        schoolId: w!.schoolId,
        firstname,
        lastname: 'Own',
        yearLevel: '9',
        gender: 'Female',
      })),
    )
    .returning();
  const managers = await w.t.db
    .insert(teamManagers)
    .values(
      ['Max', 'Mo'].map((firstname) => ({
        schoolId: w!.schoolId,
        eventId: w!.eventId,
        firstname,
        lastname: 'Manager',
        mobile: '0400 111 222',
      })),
    )
    .returning();
  const [team] = await w.t.db
    .insert(teams)
    .values({
      schoolId: w.schoolId,
      eventId: w.eventId,
      disciplineId: 2,
      division: 1,
      gender: 'Female',
      teamRank: 'A',
    })
    .returning();
  const db = freshDb();
  const sync = engineFor(w, db);
  await sync.engine.pull();
  return { db, ...sync, people, managers, teamId: team!.id };
}

/** The grid's Save of one edit of the team, on the team as the device holds it now. */
async function save(db: InterschoolsDb, teamId: string, edit: (team: WorkingTeam) => WorkingTeam) {
  const base = baseTeams(await db.teams.toArray(), await db.teamEntries.toArray());
  const team = base.find((t) => t.id === teamId)!;
  await saveTeams(db, planTeamsSave(base, withTeam(EMPTY_TEAM_DRAFT, edit(team)))!, {
    username: w!.username,
    EventId: w!.eventId,
  });
}

const onServer = async (teamId: string) => ({
  team: (await w!.t.db.select().from(teams).where(eq(teams.id, teamId)))[0]!,
  members: (await w!.t.db.select().from(teamEntries).where(eq(teamEntries.teamId, teamId)))
    .map((e) => e.participantId)
    .sort(),
});

it('six saves of one team made offline (division, manager, members) apply in order, the last value of each stands', async () => {
  const { db, engine, status, people, managers, teamId } = await setUp();
  const [ava, bea, cal] = people;
  await save(db, teamId, (t) => setTeamField(t, 'division', 2));
  await save(db, teamId, (t) => setManager(t, managers[0]!.id));
  await save(db, teamId, (t) => {
    const added = addEntry(t, crypto.randomUUID());
    return setEntry(added, added.entries.at(-1)!.id, { ParticipantId: ava!.id });
  });
  await save(db, teamId, (t) => setTeamField(t, 'division', 3));
  await save(db, teamId, (t) => {
    const added = addEntry(addEntry(t, crypto.randomUUID()), crypto.randomUUID());
    const [, second, third] = added.entries;
    return setEntry(setEntry(added, second!.id, { ParticipantId: bea!.id }), third!.id, { ParticipantId: cal!.id });
  });
  await save(db, teamId, (t) => setManager(t, managers[1]!.id));
  expect(await db.outbox.count()).toBe(6);
  await engine.flush();
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ pending: 0, failed: 0 });
  const { team, members } = await onServer(teamId);
  // Four saves changed the team's own fields (its members are rows of their own): version 1 + 4.
  expect(team).toMatchObject({ division: 3, teamManagerId: managers[1]!.id, version: 5 });
  expect(members).toEqual([ava!.id, bea!.id, cal!.id].sort());
});

it("sends only what changed, so another device's change to a field left alone stands", async () => {
  const { db, engine, status, managers, teamId } = await setUp();
  await w!.t.db.update(teams).set({ teamManagerId: managers[0]!.id }).where(eq(teams.id, teamId)); // another device
  await save(db, teamId, (t) => setTeamField(t, 'division', 2));
  const [queued] = await db.outbox.toArray();
  expect((queued!.body as { teams: unknown[] }).teams).toEqual([{ id: teamId, division: 2, version: 1 }]);
  await engine.flush();
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ pending: 0, failed: 0 });
  expect((await onServer(teamId)).team).toMatchObject({ division: 2, teamManagerId: managers[0]!.id });
});
