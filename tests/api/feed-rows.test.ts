// Every row the change feed sends on the demo data (plus one row of each entity the demo lacks, so
// no schema goes unchecked) has the shape its mirror table's schema says
// (src/domain/schemas/api/feed-rows.ts): the client parses pulled rows with the same schemas, so a
// loader that forgot a field fails here, not silently on a device (a paid invoice once looked
// fine in a test that wrote its row into IndexedDB by hand while the server sent another shape).
import { and, eq } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { FEED_ROW_SCHEMAS, SYNC_ENTITIES } from '../../src/domain/schemas';
import {
  events,
  qualifiers,
  raceMarks,
  resultOveralls,
  resultRaces,
  startDraws,
  teamEntries,
  teams,
} from '../../server/db/schema';
import { seedDemoData } from '../../server/db/seed/demo';
import { pullChanges } from '../../server/modules/sync/service';
import { pullRaceDay } from '../../server/modules/race-day/feed';
import { startTestApp, type TestApp } from './support/test-app';

const FEED_ENTITIES = SYNC_ENTITIES.filter((e) => FEED_ROW_SCHEMAS[e]);

let t: TestApp;
const rowsByEntity = new Map<string, Record<string, unknown>[]>();

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoData(t.db, { now: t.clock.now() });
  await addRowsTheDemoLacks();
  for (const event of await t.db.select().from(events).where(eq(events.archived, false))) {
    const page = await pullChanges(
      t.db,
      { schoolId: null, eventId: event.id, allSchools: true, withAdminTables: true },
      0,
      100_000,
    );
    for (const change of page.changes) {
      if (change.row) rowsByEntity.set(change.entity, [...(rowsByEntity.get(change.entity) ?? []), change.row]);
    }
  }
  for (const change of (await pullRaceDay(t.db, 0, 100_000)).changes) {
    if (change.row) rowsByEntity.set(change.entity, [...(rowsByEntity.get(change.entity) ?? []), change.row]);
  }
});
afterAll(async () => {
  await t?.close();
});

/** The demo keeps its results on last season's archived event and has no draws, start hut marks
 *  or confirmed qualifiers yet: one of each on an event the feeds send, so every feed schema meets
 *  a real row. */
async function addRowsTheDemoLacks() {
  const [shown] = await t.db
    .select()
    .from(events)
    .where(and(eq(events.archived, false), eq(events.showForStartlists, true)));
  if (!shown) throw new Error('the demo data has no event shown for start lists');
  const [team] = await t.db.select().from(teams).where(eq(teams.eventId, shown.id)).limit(1);
  const [entry] = await t.db.select().from(teamEntries).where(eq(teamEntries.teamId, team!.id)).limit(1);
  await t.db.insert(resultRaces).values({
    eventId: shown.id,
    disciplineId: team!.disciplineId,
    division: team!.division,
    gender: team!.gender,
    teamIndividual: 'Team',
  });
  await t.db
    .insert(resultOveralls)
    .values({ eventId: shown.id, pointscore: 'Skiing', schoolType: 'Primary', gender: 'Male' });
  await t.db.insert(startDraws).values({
    eventId: shown.id,
    disciplineId: team!.disciplineId,
    division: team!.division,
    gender: team!.gender,
    seed: 1,
    teamOrder: [team!.id],
  });
  await t.db.insert(raceMarks).values({ eventId: shown.id, teamEntryId: entry!.id, run: 'First', mark: 'started' });
  // The demo's championship is the last level but one, with no National event to invite to.
  await t.db.insert(qualifiers).values({
    eventId: shown.id,
    toEventId: shown.id,
    schoolId: team!.schoolId,
    disciplineId: team!.disciplineId,
    division: team!.division,
    gender: team!.gender,
    kind: 'team',
    place: 1,
    teamName: 'Demo A',
    racers: ['Ada Lovelace'],
    confirmedBy: 'admin@example.org',
  });
}

describe('the change feed on the demo data', () => {
  it('has rows of every entity with a feed schema to check', () => {
    expect(FEED_ENTITIES.filter((e) => !rowsByEntity.get(e)?.length)).toEqual([]);
  });

  it.each(FEED_ENTITIES)('sends %s rows that parse with their schema', (entity) => {
    const rows = rowsByEntity.get(entity) ?? [];
    expect(rows.length, `${entity} rows in the feed`).toBeGreaterThan(0);
    const failures = rows.flatMap((row) => {
      const parsed = FEED_ROW_SCHEMAS[entity]!.safeParse(row);
      return parsed.success
        ? []
        : [
            `${JSON.stringify(row).slice(0, 200)}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
          ];
    });
    expect(failures.slice(0, 5)).toEqual([]);
  });

  it('sends each school its invoice status, paid where the payments cover the invoice', () => {
    const statuses = rowsByEntity.get('invoices') ?? [];
    expect(statuses.some((s) => s.paid === true)).toBe(true);
    for (const s of statuses)
      expect(s.paid).toBe((s.total as number) > 0 && (s.received as number) >= (s.total as number));
  });
});
