// Event lock: once an admin locks an event (PUT /api/events), a school's write for it answers 410
// EVENT_LOCKED and changes nothing; the admin's own writes still go through.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/domain/errors';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { eq } from 'drizzle-orm';
import { events, ticketing } from '../../server/db/schema';
import { createEvent } from './support/factories';
import type { Agent } from './support/http';
import { saveTicketOrder, schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let eventId: string;
let admin: Agent;
let school: Agent;

const save = saveTicketOrder;
const lock = (locked: boolean) =>
  admin.request({ method: 'PUT', url: '/api/events', payload: { data: [{ id: eventId, locked }] } });

beforeEach(async () => {
  t = await startTestApp();
  ({ eventId, admin, school } = await schoolInEvent(t));
  expect((await save(admin, 1)).statusCode).toBe(200);
});
afterEach(async () => {
  await t.close();
});

it('answers 410 EVENT_LOCKED to a school write once the admin locks the event, changing nothing', async () => {
  expect((await lock(true)).statusCode).toBe(200);
  const before = await t.db.select().from(ticketing);
  const res = await save(school, 2);
  expect(res.statusCode).toBe(410);
  expect(res.json()).toMatchObject({ code: ERROR_CODES.EVENT_LOCKED, message: SERVER_MESSAGES.eventLocked });
  expect(await t.db.select().from(ticketing)).toEqual(before);
});

it('replays the 410 for the same item, even after the event is unlocked', async () => {
  await lock(true);
  const headers = { 'idempotency-key': randomUUID() };
  expect((await save(school, 2, headers)).statusCode).toBe(410);
  await lock(false);
  const again = await save(school, 2, headers);
  expect(again.statusCode).toBe(410);
  expect(again.headers['idempotent-replay']).toBe('true');
  // A new item (new key) goes through once the lock is lifted.
  expect((await save(school, 2)).statusCode).toBe(200);
});

it('lets the admin write to a locked event', async () => {
  await lock(true);
  const res = await save(admin, 3);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().managerTicket1).toBe(3);
});

it('applies a queued write to the event it names (X-Event-Id), not to the session event', async () => {
  await lock(true);
  const open = await createEvent(t.db);
  expect((await save(admin, 0, { 'x-event-id': open.id })).statusCode).toBe(200); // passes for that event
  const res = await save(school, 2, { 'x-event-id': open.id });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ EventId: open.id, managerTicket1: 2 });
  // And the other way round: a write made in the locked event stays refused after a switch.
  await lock(false);
  await t.db.update(events).set({ locked: true }).where(eq(events.id, open.id));
  expect((await save(school, 3, { 'x-event-id': open.id })).statusCode).toBe(410);
  expect((await save(school, 3)).statusCode).toBe(200);
});
