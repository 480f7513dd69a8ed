// Every row the change feed sends on the demo data has the shape its mirror table's schema says
// (src/domain/schemas/api/feed-rows.ts): the client parses pulled rows with the same schemas, so a
// loader that forgot a field fails here, not silently on a device (a paid invoice once looked
// fine in a test that wrote its row into IndexedDB by hand while the server sent another shape).
import { eq } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { FEED_ROW_SCHEMAS, SYNC_ENTITIES } from '../../src/domain/schemas';
import { events } from '../../server/db/schema';
import { seedDemoData } from '../../server/db/seed/demo';
import { pullChanges } from '../../server/modules/sync/service';
import { pullRaceDay } from '../../server/modules/race-day/feed';
import { startTestApp, type TestApp } from './support/test-app';

/** What the demo data has rows of (the others are made by screens still to come). */
const DEMO_HAS = new Set(['participants', 'teams', 'teamEntries', 'teamManagers', 'volunteers', 'events', 'eventDisciplines',
  'disciplines', 'states', 'schools', 'waivers', 'invoices',
  // The race-day feed (an event of the demo data is shown for start lists).
  'raceEvents', 'raceTeams', 'raceEntries', 'raceParticipants', 'raceSchools', 'raceReadiness']);

let t: TestApp;
const rowsByEntity = new Map<string, Record<string, unknown>[]>();

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoData(t.db, { now: t.clock.now() });
  for (const event of await t.db.select().from(events).where(eq(events.archived, false))) {
    const page = await pullChanges(t.db, { schoolId: null, eventId: event.id, allSchools: true, withAdminTables: true }, 0, 100_000);
    for (const change of page.changes) {
      if (change.row) rowsByEntity.set(change.entity, [...(rowsByEntity.get(change.entity) ?? []), change.row]);
    }
  }
  for (const change of (await pullRaceDay(t.db, 0, 100_000)).changes) {
    if (change.row) rowsByEntity.set(change.entity, [...(rowsByEntity.get(change.entity) ?? []), change.row]);
  }
});
afterAll(async () => { await t?.close(); });

describe('the change feed on the demo data', () => {
  it.each(SYNC_ENTITIES.filter((e) => FEED_ROW_SCHEMAS[e]))('sends %s rows that parse with their schema', (entity) => {
    const rows = rowsByEntity.get(entity) ?? [];
    if (DEMO_HAS.has(entity)) expect(rows.length, `${entity} rows in the demo feed`).toBeGreaterThan(0);
    const failures = rows.flatMap((row) => {
      const parsed = FEED_ROW_SCHEMAS[entity]!.safeParse(row);
      return parsed.success ? [] : [`${JSON.stringify(row).slice(0, 200)}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`];
    });
    expect(failures.slice(0, 5)).toEqual([]);
  });

  it('sends each school its invoice status, paid where the payments cover the invoice', () => {
    const statuses = rowsByEntity.get('invoices') ?? [];
    expect(statuses.some((s) => s.paid === true)).toBe(true);
    for (const s of statuses) expect(s.paid).toBe((s.total as number) > 0 && (s.received as number) >= (s.total as number));
  });
});
