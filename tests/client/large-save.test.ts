// A save larger than one request may carry (MAX_WRITE_BATCH_ROWS) goes to the server as ordered
// parts, each applied exactly once, so no save holds the server long enough to stall other schools.
// The rows come from the real server through the real pull, and the edit goes through the
// participants screen's own save.
import 'fake-indexeddb/auto';
import { outboxCounts } from '../../src/db/outbox';
import { afterEach, expect, it } from 'vitest';
import { MAX_SCHOOL_LIST_ROWS, MAX_WRITE_BATCH_ROWS } from '../../src/domain/constants/limits';
import { getClientId } from '../../src/db/meta';
import { and, eq } from 'drizzle-orm';
import { participants, waivers } from '../../server/db/schema';
import { waiversBody } from '../../src/features/waivers/waiver-draft';
import { saveWaivers } from '../../src/features/waivers/waiver-writes';
import { diffParticipants } from '../../src/features/participants/participant-rows';
import { saveParticipantChanges } from '../../src/features/participants/participant-writes';
import { appliedSeqs, dropDatabases, engineFor, freshDb, serverRows, world, type World } from './sync-support';

let w: World | undefined;
afterEach(async () => {
  await dropDatabases();
  await w?.close();
  w = undefined;
});

it('a save of more rows than one request carries goes as ordered parts, each applied once', async () => {
  w = await world();
  const count = 2 * MAX_WRITE_BATCH_ROWS + 50;
  await w.t.db.insert(participants).values(
    Array.from({ length: count }, (_, i) => ({
      schoolId: w!.schoolId,
      firstname: `Racer${i}`,
      lastname: 'Bulk',
      gender: 'Female',
      yearLevel: '8',
    })),
  );
  const db = freshDb();
  const { engine, status } = engineFor(w, db);
  await engine.pull();
  const local = await db.participants.where('SchoolId').equals(w.schoolId).toArray();
  expect(local).toHaveLength(count);

  const edits = Object.fromEntries(
    local.map((row) => [row.id, { email: `${row.firstname.toLowerCase()}@example.com` }]),
  );
  const changes = diffParticipants(local, edits, new Set(), 2026);
  expect(await saveParticipantChanges(db, changes, { username: w.username, EventId: w.eventId })).toBe(true);
  const queued = await db.outbox.orderBy('seq').toArray();
  expect(queued.map((item) => (item.body as { participants: unknown[] }).participants.length)).toEqual([
    MAX_WRITE_BATCH_ROWS,
    MAX_WRITE_BATCH_ROWS,
    50,
  ]);

  await engine.flush();
  expect(await db.outbox.count()).toBe(0);
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ pending: 0, failed: 0 });
  const stored = await serverRows(w);
  expect(stored.filter((row) => row.email === `${row.firstname.toLowerCase()}@example.com`)).toHaveLength(count);
  expect(await appliedSeqs(w, await getClientId(db))).toEqual(queued.map((item) => item.seq));
}, 60_000);

it('a waivers save of more rows than one request carries goes as ordered parts, each applied once', async () => {
  w = await world();
  const count = 2 * MAX_SCHOOL_LIST_ROWS + 10;
  await w.t.db.insert(waivers).values(
    Array.from({ length: count }, (_, i) => ({
      schoolId: w!.schoolId,
      eventId: w!.eventId,
      type: 'participant',
      name: `Racer${i} Bulk`,
      givenName: `Racer${i}`,
      surname: 'Bulk',
      completed: 0,
    })),
  );
  const db = freshDb();
  const { engine, status } = engineFor(w, db);
  await engine.pull();
  const base = await db.waivers.toArray();
  expect(base).toHaveLength(count);
  const rows = base.map((row) => ({ ...row, completed: true }));
  await saveWaivers(
    db,
    { rows, base, removedIds: [], body: waiversBody(rows, base, []) },
    { username: w.username, EventId: w.eventId },
  );
  const queued = await db.outbox.orderBy('seq').toArray();
  expect(queued.map((item) => (item.body as { data: unknown[] }).data.length)).toEqual([
    MAX_SCHOOL_LIST_ROWS,
    MAX_SCHOOL_LIST_ROWS,
    10,
  ]);

  await engine.flush();
  expect(await db.outbox.count()).toBe(0);
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ pending: 0, failed: 0 });
  const stored = await w.t.db
    .select()
    .from(waivers)
    .where(and(eq(waivers.schoolId, w.schoolId), eq(waivers.completed, 1)));
  expect(stored).toHaveLength(count);
  expect(await appliedSeqs(w, await getClientId(db))).toEqual(queued.map((item) => item.seq));
}, 60_000);
