// A queued write is applied where it was made. Every queued write carries the school it was made
// for (X-School-Id) as well as its event: an admin who picks another school while a write waits in
// the outbox never sends that write to the new pick; a school user's write made for another school
// is refused with a clear message; so is a write for a school removed since. Alone and in a batch.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { participants, schools, teamManagers } from '../../server/db/schema';
import { createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent, type SchoolScenario } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let s: SchoolScenario;
let schoolB: string;
let coordinatorB: Agent;
beforeEach(async () => {
  t = await startTestApp();
  s = await schoolInEvent(t);
  schoolB = (await createSchool(t.db)).id;
  coordinatorB = await signIn(
    t.app,
    (await createUser(t.db, 'school', { schoolId: schoolB })).email,
    undefined,
    s.eventId,
  );
});
afterEach(async () => {
  await t?.close();
});

const child = () => ({
  id: randomUUID(),
  snowId: null,
  firstname: 'Ava',
  lastname: 'Alpine',
  yearLevel: '7',
  gender: 'Female',
  dob: '2012-03-04',
  email: '',
});
const manager = () => ({
  id: randomUUID(),
  firstname: 'Tess',
  lastname: 'Manager',
  mobile: '(02) 9999-1234',
  seasonPass: '0',
});
/** The headers the device's outbox sends with a write made for `schoolId` in the scenario's event. */
const queued = (schoolId: string) => ({
  'x-client-id': randomUUID(),
  'x-client-seq': '1',
  'idempotency-key': randomUUID(),
  'x-event-id': s.eventId,
  'x-school-id': schoolId,
});
const pick = async (schoolId: string) => {
  const res = await s.admin.request({
    method: 'POST',
    url: '/api/session/',
    payload: { SchoolId: schoolId, EventId: s.eventId },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const childrenOf = async (schoolId: string) =>
  (await t.db.select().from(participants).where(eq(participants.schoolId, schoolId))).map((p) => p.id);
const managersOf = async (schoolId: string) =>
  (await t.db.select().from(teamManagers).where(eq(teamManagers.schoolId, schoolId))).map((m) => m.id);

it("an admin's write made for school A lands at A after the admin has picked school B", async () => {
  const headersForA = queued(s.schoolId);
  await pick(schoolB);
  const ava = child();
  const res = await s.admin.request({
    method: 'POST',
    url: '/api/v2/participants',
    payload: ava,
    headers: headersForA,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(await childrenOf(s.schoolId)).toEqual([ava.id]);
  expect(await childrenOf(schoolB)).toEqual([]);

  const tess = manager();
  const saved = await s.admin.request({
    method: 'PUT',
    url: '/api/teamManagers',
    headers: queued(s.schoolId),
    payload: { multi: true, teamManagers: [tess], teamManagersDeleted: [] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(await managersOf(s.schoolId)).toEqual([tess.id]);
  expect(await managersOf(schoolB)).toEqual([]);

  // B's coordinator sees none of A's children.
  const seen = await coordinatorB.request({ method: 'GET', url: '/api/v2/participants' });
  expect(seen.statusCode).toBe(200);
  expect(seen.json()).toEqual([]);
});

it('the same in a batch: each write goes to the school it was made for', async () => {
  await pick(schoolB);
  const clientId = randomUUID();
  const forA = child();
  const forB = child();
  const write = (seq: number, schoolId: string, body: unknown) => ({
    method: 'POST',
    path: '/api/v2/participants',
    clientId,
    seq,
    idempotencyKey: randomUUID(),
    eventId: s.eventId,
    schoolId,
    body,
  });
  const res = await s.admin.request({
    method: 'POST',
    url: '/api/sync/batch',
    payload: { writes: [write(1, s.schoolId, forA), write(2, schoolB, forB)] },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((res.json() as { answers: { status: number }[] }).answers.map((a) => a.status)).toEqual([200, 200]);
  expect(await childrenOf(s.schoolId)).toEqual([forA.id]);
  expect(await childrenOf(schoolB)).toEqual([forB.id]);
});

it("a school's write made for another school is refused with a message, and nothing is saved", async () => {
  const res = await coordinatorB.request({
    method: 'POST',
    url: '/api/v2/participants',
    payload: child(),
    headers: queued(s.schoolId),
  });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ message: SERVER_MESSAGES.writeForAnotherSchool });
  expect(await childrenOf(s.schoolId)).toEqual([]);
  expect(await childrenOf(schoolB)).toEqual([]);

  // Its own school named, the write goes through.
  const own = await coordinatorB.request({
    method: 'POST',
    url: '/api/v2/participants',
    payload: child(),
    headers: queued(schoolB),
  });
  expect(own.statusCode, own.body).toBe(200);
});

it('a write made for a school removed since is refused, never moved to the current pick', async () => {
  const headersForB = queued(schoolB);
  await t.db.update(schools).set({ removedAt: new Date() }).where(eq(schools.id, schoolB));
  const res = await s.admin.request({
    method: 'POST',
    url: '/api/v2/participants',
    payload: child(),
    headers: headersForB,
  });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ message: SERVER_MESSAGES.writeForRemovedSchool });
  expect(await childrenOf(s.schoolId)).toEqual([]);
});

it('a school id that is not one is refused', async () => {
  const res = await s.admin.request({
    method: 'POST',
    url: '/api/v2/participants',
    payload: child(),
    headers: { ...queued(s.schoolId), 'x-school-id': 'somewhere' },
  });
  expect(res.statusCode).toBe(403);
  expect(await childrenOf(s.schoolId)).toEqual([]);
});
