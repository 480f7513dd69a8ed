// POST /api/sync/batch: a device's queued writes in one request (src/sync/README.md 'Batched flush'). Each goes
// through its own route exactly as if sent alone (authorisation, validation, its exactly-once
// record under the client id and sequence number), in order; the first that is not a success ends
// the batch; a batch sent again (its answer lost) applies nothing twice; and the writes of a batch
// never wait for an admission slot the batch itself holds.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { MAX_SYNC_BATCH_ROWS } from '../../src/domain/schemas/api/sync';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { authAttempts, participants, sessions } from '../../server/db/schema';
import { PASSWORD } from './support/factories';
import { createSchool } from './support/factories';
import { schoolInEvent, type SchoolScenario } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let s: SchoolScenario;
afterEach(async () => {
  await t?.close();
});

type Answers = { answers: { status: number; body: { firstname?: string; message?: string } | null }[] };

async function racers(schoolId: string, names: string[]) {
  return t.db
    .insert(participants)
    .values(names.map((firstname) => ({ schoolId, firstname, lastname: 'Batch', gender: 'Female', yearLevel: '8' })))
    .returning();
}

const clientId = randomUUID();
const patch = (id: string, seq: number, body: Record<string, unknown>) => ({
  method: 'PATCH' as const,
  path: `/api/v2/participants/${id}`,
  clientId,
  seq,
  idempotencyKey: `${clientId}:${seq}`,
  body,
});
const send = (writes: unknown[]) => s.school.request({ method: 'POST', url: '/api/sync/batch', payload: { writes } });
const names = async () =>
  (await t.db.select().from(participants).where(eq(participants.schoolId, s.schoolId))).map((p) => p.firstname).sort();

it('applies the writes in order, each answered as if sent alone, and stops at the first refusal', async () => {
  t = await startTestApp();
  s = await schoolInEvent(t);
  const [a, b, c, d] = await racers(s.schoolId, ['A', 'B', 'C', 'D']);
  const res = await send([
    patch(a!.id, 1, { firstname: 'A2' }),
    patch(b!.id, 2, { firstname: 'B2' }),
    patch(c!.id, 3, { gender: 'Unknown' }),
    patch(d!.id, 4, { firstname: 'D2' }),
  ]);
  expect(res.statusCode, res.body).toBe(200);
  const { answers } = res.json() as Answers;
  expect(answers.map((x) => x.status)).toEqual([200, 200, 400]);
  expect(answers[0]!.body).toMatchObject({ firstname: 'A2' });
  expect(await names()).toEqual(['A2', 'B2', 'C', 'D']);

  // The same batch again (its answer lost): the stored answers, nothing applied twice.
  const again = (
    await send([patch(a!.id, 1, { firstname: 'A2' }), patch(b!.id, 2, { firstname: 'B2' })])
  ).json() as Answers;
  expect(again.answers.map((x) => x.status)).toEqual([200, 200]);
  expect((await t.db.select().from(participants).where(eq(participants.id, a!.id)))[0]!.version).toBe(2);
});

it("decides each write by its own route: another school's racer is refused there, and the batch stops", async () => {
  t = await startTestApp();
  s = await schoolInEvent(t);
  const other = await createSchool(t.db);
  const [mine] = await racers(s.schoolId, ['Mine']);
  const [theirs] = await racers(other.id, ['Theirs']);
  const { answers } = (
    await send([patch(theirs!.id, 1, { firstname: 'Taken' }), patch(mine!.id, 2, { firstname: 'Mine2' })])
  ).json() as Answers;
  expect(answers).toHaveLength(1);
  expect([403, 404]).toContain(answers[0]!.status);
  expect((await t.db.select().from(participants).where(eq(participants.id, theirs!.id)))[0]!.firstname).toBe('Theirs');
  expect(await names()).toEqual(['Mine']);
});

it('refuses a batch without a session, one holding another batch or a path outside the API, changing nothing', async () => {
  t = await startTestApp();
  s = await schoolInEvent(t);
  const [a] = await racers(s.schoolId, ['A']);
  const anonymous = await t.app.inject({
    method: 'POST',
    url: '/api/sync/batch',
    payload: { writes: [patch(a!.id, 1, { firstname: 'X' })] },
  });
  expect(anonymous.statusCode).toBe(401);
  for (const path of ['/api/sync/batch', '/gateway/checkout/x', '/api/../gateway/checkout/x']) {
    expect((await send([{ ...patch(a!.id, 1, { firstname: 'X' }), path }])).statusCode, path).toBe(400);
  }
  expect((await send([])).statusCode).toBe(400);
  expect(await names()).toEqual(['A']);
});

it('admits each of its writes as if sent alone, holding no slot itself: one slot is enough for a batch', async () => {
  t = await startTestApp({ env: { MAX_CONCURRENT_REQUESTS: '1', MAX_QUEUE_MS: '1000' } });
  s = await schoolInEvent(t);
  const rows = await racers(s.schoolId, ['A', 'B', 'C']);
  const res = await send(rows.map((r, i) => patch(r.id, i + 1, { firstname: `${r.firstname}2` })));
  expect(res.statusCode, res.body).toBe(200);
  expect((res.json() as Answers).answers.map((x) => x.status)).toEqual([200, 200, 200]);
  expect(await names()).toEqual(['A2', 'B2', 'C2']);
});

it('carries only the routes a device queues: sign-in, reset and staff saves are refused whole, changing nothing', async () => {
  t = await startTestApp();
  s = await schoolInEvent(t);
  const [a] = await racers(s.schoolId, ['A']);
  const sessionsBefore = (await t.db.select().from(sessions)).length;
  const others = [
    { method: 'POST', path: '/api/login', body: { username: 'someone@school.example', password: PASSWORD } },
    { method: 'POST', path: '/api/reset', body: { email: 'someone@school.example' } },
    {
      method: 'POST',
      path: '/api/newPassword',
      body: { email: 'x@y.example', password: 'x'.repeat(12), resetToken: 'x' },
    },
    { method: 'POST', path: '/api/logout' },
    { method: 'PUT', path: '/api/users', body: { users: [], usersDeleted: [] } },
    { method: 'POST', path: '/api/events', body: {} },
    { method: 'POST', path: '/api/session/', body: { SchoolId: null, EventId: null } },
  ];
  for (const other of others) {
    const res = await send([patch(a!.id, 1, { firstname: 'A2' }), { ...patch(a!.id, 2, {}), ...other }]);
    expect(res.statusCode, `${other.method} ${other.path}: ${res.body}`).toBe(400);
    expect(res.json()).toMatchObject({ message: SERVER_MESSAGES.notQueuedWrite });
  }
  expect(await names()).toEqual(['A']);
  expect((await t.db.select().from(sessions)).length).toBe(sessionsBefore);
});

it('bounds the rows of one batch: a batch of large list saves is refused whole, changing nothing', async () => {
  t = await startTestApp();
  s = await schoolInEvent(t);
  const perSave = 100;
  const saves = Math.floor(MAX_SYNC_BATCH_ROWS / perSave) + 1;
  const writes = Array.from({ length: saves }, (_, i) => ({
    method: 'PUT' as const,
    path: '/api/v2/participants',
    clientId,
    seq: i + 1,
    idempotencyKey: randomUUID(),
    body: {
      participants: Array.from({ length: perSave }, (_, n) => ({
        id: randomUUID(),
        snowId: null,
        firstname: `P${i}-${n}`,
        lastname: 'Bulk',
        yearLevel: '7',
        gender: 'Female',
        dob: '2012-03-04',
        email: '',
      })),
      participantsDeleted: [],
    },
  }));
  const res = await send(writes);
  expect(res.statusCode, res.body).toBe(413);
  expect(res.json()).toMatchObject({ message: SERVER_MESSAGES.batchTooLarge });
  expect(await names()).toEqual([]);
});

it("sends each write from the batch's own address, so limits per address count it as if sent alone", async () => {
  t = await startTestApp();
  s = await schoolInEvent(t);
  const mine = (await s.school.request({ method: 'GET', url: '/api/school' })).json() as Record<string, unknown>;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sync/batch',
    remoteAddress: '203.0.113.7',
    headers: { cookie: s.school.cookie },
    payload: {
      writes: [
        {
          method: 'PUT',
          path: '/api/school',
          clientId,
          seq: 1,
          idempotencyKey: randomUUID(),
          body: {
            school: { ...mine, user: { email: 'handover@school.example', password: '', currentPassword: PASSWORD } },
          },
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((res.json() as Answers).answers.map((a) => a.status)).toEqual([200]);
  const keys = (await t.db.select().from(authAttempts)).map((a) => a.key);
  expect(keys).toContain('email-change:address:203.0.113.7');
  expect(keys).not.toContain('email-change:address:127.0.0.1');
});
