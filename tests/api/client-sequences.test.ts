// A device's client id is its own word, sent in the clear with every queued write: anyone who
// learns it must not be able to claim, replay or block that device's sequence. Sequences and
// their stored answers are kept per user and client id (server/plugins/idempotency.ts).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, afterEach, expect, it } from 'vitest';
import { participants } from '../../server/db/schema';
import { createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent, type SchoolScenario } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let s: SchoolScenario;
let other: Agent;
let otherSchoolId: string;
beforeEach(async () => {
  t = await startTestApp();
  s = await schoolInEvent(t);
  otherSchoolId = (await createSchool(t.db)).id;
  other = await signIn(
    t.app,
    (await createUser(t.db, 'school', { schoolId: otherSchoolId })).email,
    undefined,
    s.eventId,
  );
});
afterEach(async () => {
  await t?.close();
});

async function racer(schoolId: string, firstname: string) {
  const [row] = await t.db
    .insert(participants)
    .values({ schoolId, firstname, lastname: 'Seq', gender: 'Female', yearLevel: '8' })
    .returning();
  return row!;
}

const rename = (agent: Agent, id: string, clientId: string, seq: number, firstname: string) =>
  agent.request({
    method: 'PATCH',
    url: `/api/v2/participants/${id}`,
    headers: { 'x-client-id': clientId, 'x-client-seq': String(seq), 'idempotency-key': randomUUID() },
    payload: { firstname },
  });

const nameOf = async (id: string) =>
  (await t.db.select().from(participants).where(eq(participants.id, id)))[0]!.firstname;

it("another user who claims a device's client id far ahead does not block that device", async () => {
  const device = randomUUID();
  const mine = await racer(s.schoolId, 'Mine');
  const theirs = await racer(otherSchoolId, 'Theirs');

  const claim = await rename(other, theirs.id, device, Number.MAX_SAFE_INTEGER - 1, 'Claimed');
  expect(claim.statusCode, claim.body).toBe(200);

  const res = await rename(s.school, mine.id, device, 1, 'Still mine');
  expect(res.statusCode, res.body).toBe(200);
  expect(await nameOf(mine.id)).toBe('Still mine');
  const next = await rename(s.school, mine.id, device, 2, 'Mine again');
  expect(next.statusCode, next.body).toBe(200);
  expect(await nameOf(mine.id)).toBe('Mine again');
});

it("another user cannot replay a device's stored answer by its client id and sequence number", async () => {
  const device = randomUUID();
  const mine = await racer(s.schoolId, 'Mine');
  const theirs = await racer(otherSchoolId, 'Theirs');
  expect((await rename(s.school, mine.id, device, 7, 'Seven')).statusCode).toBe(200);

  // The same client id and number from another user is that user's own first write: applied to
  // their own row, answered with it, and never with the device's stored answer.
  const res = await rename(other, theirs.id, device, 7, 'Their seven');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['idempotent-replay']).toBeUndefined();
  expect(res.json()).toMatchObject({ id: theirs.id, firstname: 'Their seven' });
  expect(await nameOf(mine.id)).toBe('Seven');

  // The device's own resend still meets its stored answer.
  const again = await s.school.request({
    method: 'PATCH',
    url: `/api/v2/participants/${mine.id}`,
    headers: { 'x-client-id': device, 'x-client-seq': '7', 'idempotency-key': randomUUID() },
    payload: { firstname: 'Changed on resend' },
  });
  expect(again.statusCode).toBe(200);
  expect(again.headers['idempotent-replay']).toBe('true');
  expect(again.json()).toMatchObject({ id: mine.id, firstname: 'Seven' });
  expect(await nameOf(mine.id)).toBe('Seven');
});
