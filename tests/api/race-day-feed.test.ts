// The race-day feed of officials' tablets: the racers, teams, schools, draws, marks and bib
// readiness of every event shown for start lists (and nothing of other events), as deltas after a
// cursor, each row in the shape its domain schema names; a mark made on one tablet reaches the
// others; the scope changes with the set of events shown.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RACE_DAY_ROW_SCHEMAS } from '../../src/domain/schemas/api/race-day-feed';
import { events, participants, teamEntries, teams, waivers } from '../../server/db/schema';
import { createEvent, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

type Change = {
  entity: keyof typeof RACE_DAY_ROW_SCHEMAS;
  key: string;
  deleted: boolean;
  row?: Record<string, unknown>;
};
type Page = { scopeKey: string; cursor: number; hasMore: boolean; resetRequired: boolean; changes: Change[] };

let t: TestApp;
let eventId: string;
let schoolId: string;
let admin: Agent;
let school: Agent;
let racedept: Agent;

async function pull(agent: Agent, cursor = 0, limit = 1000): Promise<Page> {
  const res = await agent.request({
    method: 'GET',
    url: '/api/race-day/changes',
    query: { cursor: String(cursor), limit: String(limit) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

/** Every page from `cursor`. */
async function pullAll(agent: Agent, cursor = 0, limit = 1000) {
  const changes: Change[] = [];
  let page: Page;
  do {
    page = await pull(agent, cursor, limit);
    changes.push(...page.changes);
    cursor = page.cursor;
  } while (page.hasMore);
  return { changes, cursor, scopeKey: page.scopeKey };
}

const rowsOf = (changes: Change[], entity: Change['entity']) =>
  changes.filter((c) => c.entity === entity && !c.deleted).map((c) => c.row!);

async function addTeam(sid: string, eid: string, names: string[], teamRank = 'A') {
  const [team] = await t.db
    .insert(teams)
    .values({ schoolId: sid, eventId: eid, disciplineId: 2, division: 1, gender: 'Male', teamRank })
    .returning();
  const people = await t.db
    .insert(participants)
    .values(
      names.map((lastname) => ({
        schoolId: sid,
        firstname: 'Racer',
        lastname,
        gender: 'Male',
        yearLevel: '9',
        snowId: String(100000 + Math.floor(Math.random() * 800000)),
      })),
    )
    .returning();
  const entries = await t.db
    .insert(teamEntries)
    .values(
      people.map((p, i) => ({
        teamId: team!.id,
        eventId: eid,
        disciplineId: 2,
        schoolId: sid,
        participantId: p.id,
        position: i + 1,
      })),
    )
    .returning();
  return { team: team!, people, entries };
}

beforeEach(async () => {
  t = await startTestApp();
  ({ schoolId, eventId, admin, school } = await schoolInEvent(t));
  await t.db.update(events).set({ showForStartlists: true }).where(eq(events.id, eventId));
  racedept = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
});
afterEach(async () => {
  await t.close();
});

describe('race-day feed', () => {
  it('downloads the race day of the events shown for start lists, each row in its schema, and nothing of other events', async () => {
    const shown = await addTeam(schoolId, eventId, ['Shown1', 'Shown2']);
    const hidden = await createEvent(t.db);
    const other = await addTeam((await createSchool(t.db)).id, hidden.id, ['Hidden1']);

    const { changes } = await pullAll(racedept);
    for (const c of changes) {
      const parsed = RACE_DAY_ROW_SCHEMAS[c.entity].safeParse(c.row);
      expect(parsed.success, `${c.entity} ${JSON.stringify(c.row)}`).toBe(true);
    }
    expect(rowsOf(changes, 'raceEvents').map((e) => e.id)).toEqual([eventId]);
    expect((rowsOf(changes, 'raceEvents')[0]!.disciplines as unknown[]).length).toBeGreaterThan(0);
    expect(rowsOf(changes, 'raceTeams').map((r) => r.id)).toEqual([shown.team.id]);
    expect(
      rowsOf(changes, 'raceEntries')
        .map((r) => r.id)
        .sort(),
    ).toEqual(shown.entries.map((e) => e.id).sort());
    expect(
      rowsOf(changes, 'raceParticipants')
        .map((r) => r.lastname)
        .sort(),
    ).toEqual(['Shown1', 'Shown2']);
    expect(rowsOf(changes, 'raceParticipants').every((p) => !('dob' in p) && !('dateOfBirth' in p))).toBe(true);
    expect(rowsOf(changes, 'raceSchools').map((r) => r.id)).toEqual([schoolId]);
    const readiness = rowsOf(changes, 'raceReadiness');
    expect(readiness).toEqual([
      expect.objectContaining({ SchoolId: schoolId, EventId: eventId, racers: 2, raceEntries: 2, invoicePaid: false }),
    ]);
    // Nothing of the hidden event, and no tombstones in a first download.
    const keys = changes.map((c) => c.key).join(' ');
    expect(keys).not.toContain(other.team.id);
    expect(keys).not.toContain(hidden.id);
    expect(changes.some((c) => c.deleted)).toBe(false);
  });

  it('pages through a download without losing a row', async () => {
    await addTeam(schoolId, eventId, ['P1', 'P2', 'P3']);
    const whole = await pullAll(racedept);
    const paged = await pullAll(racedept, 0, 2);
    const ids = (c: Change[]) => [...new Set(c.map((x) => `${x.entity}:${x.key}`))].sort();
    expect(ids(paged.changes)).toEqual(ids(whole.changes));
  });

  it('sends a mark made on one tablet, a draw, a new racer and a completed waiver as deltas; a removed entry as a tombstone', async () => {
    const { entries } = await addTeam(schoolId, eventId, ['Before']);
    const start = await pullAll(racedept);

    const mark = await admin.request({
      method: 'PUT',
      url: '/api/raceMarks',
      payload: { marks: [{ teamEntryId: entries[0]!.id, run: 'First', mark: 'DNS' }] },
    });
    expect(mark.statusCode, mark.body).toBe(200);
    const drawn = await admin.request({
      method: 'POST',
      url: '/api/startlist/draw',
      payload: { EventId: eventId, DisciplineId: 2, division: 1, gender: 'Male' },
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    const later = await addTeam(schoolId, eventId, ['Later'], 'B');
    await t.db.insert(waivers).values({ schoolId, eventId, type: 'participant', name: 'Racer Before', completed: 1 });

    const delta = await pullAll(racedept, start.cursor);
    expect(delta.scopeKey).toBe(start.scopeKey);
    expect(rowsOf(delta.changes, 'raceMarks')).toEqual([
      expect.objectContaining({
        id: `${entries[0]!.id}:First`,
        teamEntryId: entries[0]!.id,
        run: 'First',
        mark: 'DNS',
        EventId: eventId,
      }),
    ]);
    expect(rowsOf(delta.changes, 'startDraws')).toHaveLength(1);
    expect(rowsOf(delta.changes, 'raceParticipants').map((p) => p.lastname)).toContain('Later');
    expect(rowsOf(delta.changes, 'raceReadiness')).toEqual([
      expect.objectContaining({ SchoolId: schoolId, racers: 2, completedParticipantWaivers: 1 }),
    ]);

    // The mark cleared, the later entry removed: tombstones.
    await admin.request({
      method: 'PUT',
      url: '/api/raceMarks',
      payload: { marks: [{ teamEntryId: entries[0]!.id, run: 'First', mark: null }] },
    });
    await t.db.delete(teamEntries).where(eq(teamEntries.id, later.entries[0]!.id));
    const gone = await pullAll(racedept, delta.cursor);
    expect(gone.changes).toEqual(
      expect.arrayContaining([
        { entity: 'raceMarks', key: `${entries[0]!.id}:First`, deleted: true },
        { entity: 'raceEntries', key: later.entries[0]!.id, deleted: true },
      ]),
    );
  });

  it('changes its scope when the events shown for start lists change', async () => {
    const first = await pull(racedept);
    const next = await createEvent(t.db);
    await t.db.update(events).set({ showForStartlists: true }).where(eq(events.id, next.id));
    expect((await pull(racedept)).scopeKey).not.toBe(first.scopeKey);
  });

  it('is for race officials and admins only', async () => {
    expect((await pull(admin)).changes.length).toBeGreaterThanOrEqual(0);
    const auditor = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
    for (const agent of [school, auditor]) {
      const res = await agent.request({ method: 'GET', url: '/api/race-day/changes' });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/race-day/changes' })).statusCode).toBe(401);
  });
});
