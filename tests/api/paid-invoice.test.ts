// A paid invoice: the feed says so on the school's invoice row, and the server refuses a school
// user's removal (archiving) of a participant once the payments cover the invoice. Staff may.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, afterEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { invoices, participants, payments } from '../../server/db/schema';
import type { Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let school: Agent;
let admin: Agent;
let schoolId: string;
let eventId: string;
let participantId: string;

beforeEach(async () => {
  t = await startTestApp();
  ({ school, admin, schoolId, eventId } = await schoolInEvent(t));
  participantId = randomUUID();
  const created = await school.request({
    method: 'POST',
    url: '/api/v2/participants',
    payload: {
      id: participantId,
      snowId: null,
      firstname: 'Paid',
      lastname: 'Up',
      yearLevel: '8',
      gender: 'Male',
      dob: null,
      email: '',
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  await t.db.insert(invoices).values({ schoolId, eventId, number: 'INV-0001', totalCents: 8_000, entryCount: 1 });
});
afterEach(async () => {
  await t?.close();
});

const pay = (amountCents: number) =>
  t.db.insert(payments).values({ schoolId, eventId, amountCents, method: 'bpay', status: 'received' });
const archive = (agent: Agent) =>
  agent.request({ method: 'PATCH', url: `/api/v2/participants/${participantId}`, payload: { archived: 1 } });
const stored = async () => (await t.db.select().from(participants).where(eq(participants.id, participantId)))[0]!;
const invoiceRow = async (agent: Agent) => {
  const feed = (await agent.request({ method: 'GET', url: '/api/sync/changes?cursor=0' })).json();
  return feed.changes.find((c: { entity: string }) => c.entity === 'invoices')?.row;
};

describe('once the payments cover the invoice', () => {
  beforeEach(async () => {
    await pay(5_000);
    await pay(3_000);
  });

  it('the feed says the invoice is paid', async () => {
    expect(await invoiceRow(school)).toMatchObject({
      SchoolId: schoolId,
      EventId: eventId,
      number: 'INV-0001',
      total: 80,
      received: 80,
      outstanding: 0,
      paid: true,
    });
  });

  it('refuses a school user archiving a participant, by PATCH or by the batch save, and changes nothing', async () => {
    const refused = await archive(school);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(SERVER_MESSAGES.paidNoRemoval);
    const batch = await school.request({
      method: 'PUT',
      url: '/api/v2/participants',
      payload: {
        participants: [
          {
            id: participantId,
            snowId: null,
            firstname: 'Paid',
            lastname: 'Up',
            yearLevel: '8',
            gender: 'Male',
            dob: null,
            email: '',
            archived: 1,
          },
        ],
      },
    });
    expect(batch.statusCode).toBe(422);
    expect((await stored()).archived).toBe(0);
  });

  it('still lets an admin archive one', async () => {
    expect((await archive(admin)).statusCode).toBe(200);
    expect((await stored()).archived).toBe(1);
  });
});

describe('while something is still owed', () => {
  it('the feed says unpaid and the school may archive', async () => {
    await pay(5_000);
    expect(await invoiceRow(school)).toMatchObject({ total: 80, received: 50, outstanding: 30, paid: false });
    expect((await archive(school)).statusCode).toBe(200);
    expect((await stored()).archived).toBe(1);
  });
});
