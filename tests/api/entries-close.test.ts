// Entries close on time (docs/decisions.md, 'The event's calendar'): an event's entries-close
// instant, set by an admin, makes a school's writes answer 410 from that moment on, with no one
// ticking 'locked', and changes nothing; before it they go through; an admin's own writes still go
// through; moving the close later reopens. The test moves the server's clock, never the wall.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/domain/errors';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { eq } from 'drizzle-orm';
import { ticketing, users } from '../../server/db/schema';
import { PASSWORD } from './support/factories';
import type { Agent } from './support/http';
import { saveTicketOrder, schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let eventId: string;
let admin: Agent;
let school: Agent;

const MINUTE = 60_000;
const save = saveTicketOrder;
const closeAt = (at: Date | null) =>
  admin.request({
    method: 'PUT',
    url: '/api/events',
    payload: { data: [{ id: eventId, entriesCloseAt: at?.toISOString() ?? null }] },
  });

beforeEach(async () => {
  t = await startTestApp();
  ({ eventId, admin, school } = await schoolInEvent(t));
  // The passes a school may ask tickets of are set by an admin first.
  expect((await save(admin, 0)).statusCode).toBe(200);
});
afterEach(async () => {
  await t.close();
});

it('takes a school write until the close, and answers 410 from the close on, changing nothing', async () => {
  const close = new Date(t.clock.now().getTime() + 10 * MINUTE);
  expect((await closeAt(close)).statusCode).toBe(200);
  const event = (await admin.request({ method: 'GET', url: `/api/event/${eventId}` })).json();
  expect(event.entriesCloseAt).toBe(close.toISOString());

  t.clock.set(new Date(close.getTime() - 1000));
  const before1 = await save(school, 1);
  expect(before1.statusCode, before1.body).toBe(200);

  t.clock.set(close);
  const before = await t.db.select().from(ticketing);
  const refused = await save(school, 2);
  expect(refused.statusCode).toBe(410);
  expect(refused.json()).toMatchObject({ code: ERROR_CODES.EVENT_LOCKED, message: SERVER_MESSAGES.entriesClosed });
  expect(await t.db.select().from(ticketing)).toEqual(before);
  // Nobody ticked 'locked'.
  expect((await admin.request({ method: 'GET', url: `/api/event/${eventId}` })).json().locked).toBe(false);
});

it("still takes an admin's write after the close", async () => {
  await closeAt(new Date(t.clock.now().getTime() - MINUTE));
  expect((await save(admin, 3)).statusCode).toBe(200);
});

it('reopens when an admin moves the close later, or clears it', async () => {
  await closeAt(new Date(t.clock.now().getTime() - MINUTE));
  expect((await save(school, 1)).statusCode).toBe(410);
  await closeAt(new Date(t.clock.now().getTime() + MINUTE));
  expect((await save(school, 1)).statusCode).toBe(200);
  t.clock.advance(2 * MINUTE);
  expect((await save(school, 2)).statusCode).toBe(410);
  await closeAt(null);
  expect((await save(school, 2)).statusCode).toBe(200);
});

it('tells a school signing in after the close that its event is locked to it', async () => {
  const [user] = await t.db.select().from(users).where(eq(users.type, 'school'));
  const signIn = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user!.email, password: PASSWORD, EventId: eventId },
    });
  expect((await signIn()).json().locked).toBe(false);
  await closeAt(new Date(t.clock.now().getTime() - MINUTE));
  expect((await signIn()).json().locked).toBe(true);
});

it('refuses race days out of order, and a close that is not an instant', async () => {
  const put = (item: Record<string, unknown>) =>
    admin.request({ method: 'PUT', url: '/api/events', payload: { data: [{ id: eventId, ...item }] } });
  expect((await put({ firstRaceDay: '2027-08-20', lastRaceDay: '2027-08-18' })).statusCode).toBe(400);
  expect((await put({ entriesCloseAt: '31/07/2027 5pm' })).statusCode).toBe(400);
  expect((await put({ firstRaceDay: '2027-08-18', lastRaceDay: '2027-08-20', venue: 'Perisher' })).statusCode).toBe(
    200,
  );
});

it('tells a visitor choosing an event on the sign-in form when its entries close', async () => {
  const close = new Date(t.clock.now().getTime() + 3 * 24 * 60 * MINUTE);
  await closeAt(close);
  const summaries = (await t.app.inject({ method: 'GET', url: '/api/events?active=true' })).json();
  expect(summaries.find((e: { id: string }) => e.id === eventId)).toMatchObject({
    entriesCloseAt: close.toISOString(),
    states: expect.any(Array),
  });
});
