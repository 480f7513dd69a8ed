// Every write is checked against the event it acts on, whether that comes from the session or from
// a queued write's X-Event-Id: a school writes only into an active, unarchived event open to its
// state. Found from outside: an NSW school entered teams in the VIC event (and was invoiced there)
// by naming it in X-Event-Id, and a school with a paid invoice archived an entered participant by
// naming another event.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { eventStates, events, invoices, participants, payments, teamEntries, teams } from '../../server/db/schema';
import { createEvent } from './support/factories';
import type { Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let school: Agent;
let admin: Agent;
let schoolId: string;
let eventId: string;

beforeEach(async () => {
  t = await startTestApp();
  ({ school, admin, schoolId, eventId } = await schoolInEvent(t));
});
afterEach(async () => {
  await t?.close();
});

/** A VIC event: open to VIC (state 7) only; the scenario's school is in NSW. */
async function vicEvent() {
  const event = await createEvent(t.db, { invoiceType: 'VIC' });
  await t.db.update(eventStates).set({ stateId: 7 }).where(eq(eventStates.eventId, event.id));
  return event.id;
}

const teamIn = (payloadEvent: string | null) => ({
  method: 'PUT' as const,
  url: '/api/teams',
  headers: payloadEvent ? { 'x-event-id': payloadEvent } : {},
  payload: {
    multi: true,
    teamsDeleted: [],
    teams: [{ id: randomUUID(), DisciplineId: 1, division: 1, gender: 'Female', teamRank: 'A', TeamEntries: [] }],
  },
});
const teamsOf = (event: string) =>
  t.db
    .select()
    .from(teams)
    .where(and(eq(teams.schoolId, schoolId), eq(teams.eventId, event)));

describe("a queued write's X-Event-Id", () => {
  it("cannot put a school's teams into an event not open to its state", async () => {
    const vic = await vicEvent();
    const res = await school.request(teamIn(vic));
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(SERVER_MESSAGES.eventNotForSchool);
    expect(await teamsOf(vic)).toEqual([]);
  });

  it('cannot write into an archived or inactive event, even of its own state', async () => {
    for (const closed of [{ archived: true }, { active: false }]) {
      const other = (await createEvent(t.db, closed)).id;
      const res = await school.request(teamIn(other));
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(SERVER_MESSAGES.eventClosed);
      expect(await teamsOf(other)).toEqual([]);
    }
  });

  it("still writes into another open event of the school's state, and into the session's", async () => {
    const next = (await createEvent(t.db)).id;
    expect((await school.request(teamIn(next))).statusCode).toBe(200);
    expect(await teamsOf(next)).toHaveLength(1);
    expect((await school.request(teamIn(null))).statusCode).toBe(200);
    expect(await teamsOf(eventId)).toHaveLength(1);
  });

  it('leaves the admin free to correct any event', async () => {
    const vic = await vicEvent();
    expect((await admin.request(teamIn(vic))).statusCode).toBe(200);
  });
});

it("refuses the session's own event once it is archived", async () => {
  await t.db.update(events).set({ archived: true }).where(eq(events.id, eventId));
  const res = await school.request(teamIn(null));
  expect(res.statusCode).toBe(403);
  expect(await teamsOf(eventId)).toEqual([]);
});

it('a paid invoice keeps an entered participant, whichever event the write names', async () => {
  const participantId = randomUUID();
  await t.db.insert(participants).values({ id: participantId, schoolId, firstname: 'Paid', lastname: 'Up' });
  const [team] = await t.db
    .insert(teams)
    .values({ schoolId, eventId, disciplineId: 1, division: 1, teamRank: 'A', gender: 'Female' })
    .returning();
  await t.db
    .insert(teamEntries)
    .values({ teamId: team!.id, eventId, disciplineId: 1, schoolId, participantId, position: 1 });
  await t.db.insert(invoices).values({ schoolId, eventId, number: 'INV-0009', totalCents: 8_000, entryCount: 1 });
  await t.db.insert(payments).values({ schoolId, eventId, amountCents: 8_000, method: 'bpay', status: 'received' });
  const unpaid = (await createEvent(t.db)).id; // open to the school's state, nothing invoiced

  const res = await school.request({
    method: 'PATCH',
    url: `/api/v2/participants/${participantId}`,
    headers: { 'x-event-id': unpaid },
    payload: { archived: 1 },
  });
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().message).toBe(SERVER_MESSAGES.paidNoRemoval);
  expect((await t.db.select().from(participants).where(eq(participants.id, participantId)))[0]!.archived).toBe(0);
  expect(await t.db.select().from(teamEntries).where(eq(teamEntries.participantId, participantId))).toHaveLength(1);
});

it('a school cannot start an online payment in an event not open to its state, nor have one issued there', async () => {
  const vic = await vicEvent();
  const res = await school.request({
    method: 'POST',
    url: '/api/transaction',
    payload: { schoolId, eventId: vic, outstanding: 50 },
  });
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().message).toBe(SERVER_MESSAGES.eventNotForSchool);
  expect(
    await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.schoolId, schoolId), eq(invoices.eventId, vic))),
  ).toEqual([]);
});
