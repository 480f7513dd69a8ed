// Property (fast-check): whatever sequence of saves a device makes of a few rows (one-row PATCHes
// and several-row PUTs, through the participants screen's own save), flushed at random moments
// while sends are lost on the way (never reaching the server) or on the way back (applied, the
// answer lost), the server ends with the last value of every field, each write applied once and
// nothing set aside. Against the real server, through the real pull and the real flush.
import 'fake-indexeddb/auto';
import { outboxCounts } from '../../src/db/outbox';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { participants } from '../../server/db/schema';
import { diffParticipants } from '../../src/features/participants/participant-rows';
import { saveParticipantChanges } from '../../src/features/participants/participant-writes';
import { dropDatabases, engineFor, freshDb, world, type World } from './sync-support';

let w: World;
beforeAll(async () => {
  w = await world();
});
afterAll(async () => {
  await dropDatabases();
  await w?.close();
});

const ROWS = 3;
type Field = 'email' | 'lastname';
type Action =
  | { kind: 'save'; rows: number[]; field: Field; value: number }
  | { kind: 'flush'; fault: 'none' | 'lost before' | 'lost after' };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('save' as const),
      rows: fc.uniqueArray(fc.integer({ min: 0, max: ROWS - 1 }), { minLength: 1, maxLength: ROWS }),
      field: fc.constantFrom<Field>('email', 'lastname'),
      value: fc.integer({ min: 0, max: 999 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('flush' as const),
      fault: fc.constantFrom('none', 'lost before', 'lost after'),
    }),
  },
);

const text = (field: Field, value: number, run: number) =>
  field === 'email' ? `r${run}v${value}@example.com` : `Run${run}v${value}`;

let runs = 0;

it('the server ends with the last value of every field, with nothing set aside', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), async (actions) => {
      const run = ++runs;
      const inserted = await w.t.db
        .insert(participants)
        .values(
          Array.from({ length: ROWS }, (_, i) => ({
            schoolId: w.schoolId,
            firstname: `Prop${run}x${i}`,
            lastname: `Start${run}`,
            gender: 'Female',
            yearLevel: '8',
          })),
        )
        .returning();
      const ids = inserted.map((row) => row.id);
      const db = freshDb();
      let fault: 'none' | 'lost before' | 'lost after' = 'none';
      const faulty: typeof fetch = async (input, init) => {
        const now = fault;
        fault = 'none'; // one fault per flush, on its first send
        if (now === 'lost before') throw new TypeError('Failed to fetch');
        const answer = await w.jar.fetch(input, init);
        if (now === 'lost after') throw new TypeError('Failed to fetch');
        return answer;
      };
      let clock = 1_000;
      const { engine, status } = engineFor(w, db, {
        fetch: faulty,
        now: () => clock,
        sleep: () => new Promise(() => undefined),
      });
      await engine.pull();

      const expected = new Map<string, Partial<Record<Field, string>>>(ids.map((id) => [id, {}]));
      for (const step of actions) {
        if (step.kind === 'flush') {
          fault = step.fault;
          clock += 3_600_000;
          await engine.flush();
          continue;
        }
        const local = await db.participants.bulkGet(ids);
        const edits = Object.fromEntries(
          step.rows.map((i) => [ids[i]!, { [step.field]: text(step.field, step.value, run) }]),
        );
        const changes = diffParticipants(
          local.map((row) => row!),
          edits,
          new Set(),
          2026,
        );
        if (!changes.length) continue;
        await saveParticipantChanges(db, changes, { username: w.username, EventId: w.eventId });
        for (const i of step.rows) expected.get(ids[i]!)![step.field] = text(step.field, step.value, run);
      }
      fault = 'none';
      for (let i = 0; i < 5 && (await db.outbox.count()) > 0; i++) {
        clock += 3_600_000;
        await engine.flush();
      }
      expect((await db.outbox.toArray()).map((item) => [item.method, item.status, item.error])).toEqual([]);
      expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ pending: 0, failed: 0 });
      for (const [id, fields] of expected) {
        const [stored] = await w.t.db.select().from(participants).where(eq(participants.id, id));
        expect(stored, id).toMatchObject(fields);
      }
      await db.delete();
    }),
    { numRuns: 25, seed: 20_261_125 },
  );
}, 120_000);
