// PUT /api/running-order: an admin saves an event's running order whole; it answers the event's
// race-day row carrying it, and race officials' feed brings it; a race twice or two races in one
// place of a day are refused with words naming the place, and nothing changes.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { events } from '../../server/db/schema';
import { createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let eventId: string;
let admin: Agent;

beforeEach(async () => {
  t = await startTestApp();
  ({ eventId, admin } = await schoolInEvent(t));
  await t.db.update(events).set({ showForStartlists: true }).where(eq(events.id, eventId));
});
afterEach(async () => {
  await t.close();
});

const entry = (gender: string, position: number, plannedStart: string | null = null) => ({
  DisciplineId: 2,
  division: 1,
  gender,
  day: '2027-08-18',
  position,
  plannedStart,
});
const save = (runningOrder: unknown[]) =>
  admin.request({ method: 'PUT', url: '/api/running-order', payload: { id: eventId, runningOrder } });

it("saves the order whole, answers the event's race-day row with it, and race officials' feed brings it", async () => {
  const order = [entry('Female', 1, '09:30'), entry('Male', 2)];
  const res = await save(order);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()[0]).toMatchObject({ id: eventId, runningOrder: order });
  const official = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
  const feed = (await official.request({ method: 'GET', url: '/api/race-day/changes?cursor=0' })).json();
  const row = feed.changes.find((c: { entity: string; key: string }) => c.entity === 'raceEvents' && c.key === eventId);
  expect(row.row.runningOrder).toEqual(order);
  // Saved again without a race: the whole order is replaced.
  expect((await save([entry('Male', 1)])).json()[0].runningOrder).toEqual([entry('Male', 1)]);
});

it('refuses two races in one place of a day, or one race twice, naming it, and changes nothing', async () => {
  await save([entry('Female', 1)]);
  const twoInOne = await save([entry('Female', 1), entry('Male', 1)]);
  expect(twoInOne.statusCode).toBe(400);
  expect(twoInOne.json().message).toContain('Two races are number 1 on 2027-08-18.');
  const twice = await save([entry('Female', 1), entry('Female', 2)]);
  expect(twice.statusCode).toBe(400);
  expect(twice.json().message).toContain('This race is in the running order twice.');
  const badStart = await save([entry('Female', 1, '9.30am')]);
  expect(badStart.statusCode).toBe(400);
  const [stored] = await t.db.select().from(events).where(eq(events.id, eventId));
  expect(stored!.runningOrder).toEqual([entry('Female', 1)]);
});
