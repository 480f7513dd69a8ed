// PUT /api/v2/participants takes, beside whole rows, rows of a participant on record with only
// the fields changed (and the version they were changed on): only those are written, so a
// device's several-row save never carries an older value of a field it did not touch over
// another device's change. A row of fewer fields for no participant on record is refused.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { participants } from '../../server/db/schema';
import type { Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let school: Agent;
let schoolId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ school, schoolId } = await schoolInEvent(t));
});
afterAll(async () => {
  await t?.close();
});

const stored = async (id: string) => (await t.db.select().from(participants).where(eq(participants.id, id)))[0]!;

it('writes only the fields a row carries, beside whole rows in the same save', async () => {
  const [ava] = await t.db
    .insert(participants)
    .values({ schoolId, firstname: 'Ava', lastname: 'Old', gender: 'Female', yearLevel: '8', email: 'ava@example.com' })
    .returning();
  await t.db.update(participants).set({ yearLevel: '10' }).where(eq(participants.id, ava!.id)); // another device: version 2
  const fresh = {
    id: randomUUID(),
    snowId: null,
    firstname: 'New',
    lastname: 'Whole',
    yearLevel: '7',
    gender: 'Male',
    dob: null,
    email: '',
  };
  const res = await school.request({
    method: 'PUT',
    url: '/api/v2/participants',
    payload: { participants: [{ id: ava!.id, lastname: 'Changed', version: 2 }, fresh] },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(await stored(ava!.id)).toMatchObject({
    firstname: 'Ava',
    lastname: 'Changed',
    yearLevel: '10',
    email: 'ava@example.com',
    version: 3,
  });
  expect(await stored(fresh.id)).toMatchObject({ firstname: 'New', lastname: 'Whole' });
});

it('refuses a row of fewer fields for no participant on record, and a stale one with the stored row', async () => {
  const unknown = await school.request({
    method: 'PUT',
    url: '/api/v2/participants',
    payload: { participants: [{ id: randomUUID(), lastname: 'Nobody' }] },
  });
  expect(unknown.statusCode).toBe(404);
  const [ben] = await t.db
    .insert(participants)
    .values({ schoolId, firstname: 'Ben', lastname: 'Kept', gender: 'Male', yearLevel: '9' })
    .returning();
  const stale = await school.request({
    method: 'PUT',
    url: '/api/v2/participants',
    payload: { participants: [{ id: ben!.id, lastname: 'Late', version: 0 }] },
  });
  expect(stale.statusCode).toBe(409);
  expect(stale.json().current).toMatchObject({ id: ben!.id, lastname: 'Kept' });
  expect((await stored(ben!.id)).lastname).toBe('Kept');
});
