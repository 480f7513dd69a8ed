// The accounting sync on the built-in ledger: GET /api/schools/sync-with-xero/:invoiceType lists
// our schools of the organisation's events with their linked contact, and the organisation's
// contacts no school is linked to; POST /api/schools/xero-join/:invoiceType links one to the other
// (nsw -> Northern, vic -> Southern). After a join both leave the unmatched lists. Refusals: an
// unknown or removed school (404), a contact not in that organisation, a school already linked
// there, a contact already another school's (422). Admin only; an unreachable provider is 503.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventStates, invoices, schoolAccountingContacts, teams } from '../../server/db/schema';
import {
  AccountingUnavailable,
  type AccountingContact,
  type AccountingProvider,
} from '../../server/integrations/accounting';
import { createLedger } from '../../server/integrations/accounting/ledger';
import {
  contactNotFoundMessage,
  contactTakenMessage,
  schoolAlreadyLinkedMessage,
} from '../../server/modules/accounting/school-links';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import type { AccountingSync } from '../../src/domain/schemas';
import { createEvent, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { startTestApp, type TestApp } from './support/test-app';

const SYNC = (type: string) => `/api/schools/sync-with-xero/${type}`;
const JOIN = (type: string) => `/api/schools/xero-join/${type}`;

let t: TestApp;
let admin: Agent;
/** NSW event open to NSW (3); VIC event open to VIC (7). */
let world: {
  nswA: string;
  nswB: string;
  vicC: string;
  removed: string;
  qldWithTeam: string;
  saWithInvoice: string;
  actNowhere: string;
  alpha: AccountingContact;
  beta: AccountingContact;
  gamma: AccountingContact;
};

beforeEach(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, (await createUser(t.db, 'admin')).email);
  const nswEvent = await createEvent(t.db, { invoiceType: 'NSW' });
  const vicEvent = await createEvent(t.db, { invoiceType: 'VIC' });
  await t.db.delete(eventStates).where(eq(eventStates.eventId, vicEvent.id));
  await t.db.insert(eventStates).values({ eventId: vicEvent.id, stateId: 7 });
  const school = async (name: string, stateId: number | null, over = {}) =>
    (await createSchool(t.db, { name, stateId, ...over })).id;
  const qldWithTeam = await school('Queensland Snow College', 4);
  await t.db.insert(teams).values({
    schoolId: qldWithTeam,
    eventId: nswEvent.id,
    disciplineId: 1,
    division: 1,
    teamRank: 'A',
    gender: 'Female',
  });
  const saWithInvoice = await school('Adelaide Hills School', 5);
  await t.db.insert(invoices).values({
    schoolId: saWithInvoice,
    eventId: vicEvent.id,
    number: `S${randomUUID().slice(0, 6)}`,
    totalCents: 5000,
  });
  const ledger = t.deps.accounting;
  world = {
    nswA: await school('Alpine Grammar', 3),
    nswB: await school('Blue Mountains High', 3),
    vicC: await school('Corryong College', 7),
    removed: await school('Closed School', 3, { removedAt: new Date('2026-01-01T00:00:00Z') }),
    qldWithTeam,
    saWithInvoice,
    actNowhere: await school('Canberra Snow School', 1),
    beta: await ledger.createContact('Northern', { name: 'Blue Mountains High School', email: '' }),
    alpha: await ledger.createContact('Northern', { name: 'Alpine Grammar School', email: 'accounts@alpine.test' }),
    gamma: await ledger.createContact('Southern', { name: 'Corryong College', email: '' }),
  };
});
afterEach(async () => {
  await t.close();
});

const sync = async (agent: Agent, type: 'nsw' | 'vic'): Promise<AccountingSync> => {
  const res = await agent.request({ method: 'GET', url: SYNC(type) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AccountingSync;
};
const join = (agent: Agent, type: string, schoolId: string, contactId: string, headers: Record<string, string> = {}) =>
  agent.request({ method: 'POST', url: JOIN(type), payload: { schoolId, contactId }, headers });

describe('the lists', () => {
  it("nsw: the Northern organisation's schools (by state, team or invoice) and its unlinked contacts", async () => {
    const body = await sync(admin, 'nsw');
    expect(body.entrySystemSchools).toEqual([
      { id: world.nswA, name: 'Alpine Grammar', StateId: 3, contactId: null },
      { id: world.nswB, name: 'Blue Mountains High', StateId: 3, contactId: null },
      { id: world.qldWithTeam, name: 'Queensland Snow College', StateId: 4, contactId: null },
    ]);
    expect(body.xeroMissing).toEqual([
      { contactId: world.alpha.contactId, name: 'Alpine Grammar School' },
      { contactId: world.beta.contactId, name: 'Blue Mountains High School' },
    ]);
  });

  it("vic: the Southern organisation's", async () => {
    const body = await sync(admin, 'vic');
    expect(body.entrySystemSchools.map((s) => s.id)).toEqual([world.saWithInvoice, world.vicC]);
    expect(body.xeroMissing).toEqual([{ contactId: world.gamma.contactId, name: 'Corryong College' }]);
  });

  it('refuses an invoice type other than nsw and vic', async () => {
    for (const type of ['act', 'NSW', 'northern']) {
      expect((await admin.request({ method: 'GET', url: SYNC(type) })).statusCode).toBe(400);
    }
  });
});

describe('the join', () => {
  it('links a school to a contact: both leave the unmatched lists (ACC-06)', async () => {
    const res = await join(admin, 'nsw', world.nswA, world.alpha.contactId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.accountingJoined });
    expect(await t.db.select().from(schoolAccountingContacts)).toEqual([
      expect.objectContaining({ schoolId: world.nswA, organisation: 'Northern', contactId: world.alpha.contactId }),
    ]);

    const body = await sync(admin, 'nsw');
    expect(body.entrySystemSchools.find((s) => s.id === world.nswA)?.contactId).toBe(world.alpha.contactId);
    expect(body.entrySystemSchools.filter((s) => s.contactId === null).map((s) => s.id)).not.toContain(world.nswA);
    expect(body.xeroMissing.map((c) => c.contactId)).toEqual([world.beta.contactId]);
    // The other organisation is untouched.
    expect((await sync(admin, 'vic')).xeroMissing.map((c) => c.contactId)).toEqual([world.gamma.contactId]);
  });

  it('links a school of any state in the organisation it names (vic -> Southern)', async () => {
    expect((await join(admin, 'vic', world.nswA, world.gamma.contactId)).statusCode).toBe(200);
    const [link] = await t.db.select().from(schoolAccountingContacts);
    expect(link).toMatchObject({ schoolId: world.nswA, organisation: 'Southern', contactId: world.gamma.contactId });
    const body = await sync(admin, 'vic');
    expect(body.entrySystemSchools).toContainEqual({
      id: world.nswA,
      name: 'Alpine Grammar',
      StateId: 3,
      contactId: world.gamma.contactId,
    });
    expect(body.xeroMissing).toEqual([]);
    expect((await sync(admin, 'nsw')).entrySystemSchools.find((s) => s.id === world.nswA)?.contactId).toBeNull();
  });

  it('answers the same again for the same school and contact, and replays a repeated key', async () => {
    const key = randomUUID();
    expect((await join(admin, 'nsw', world.nswA, world.alpha.contactId, { 'idempotency-key': key })).statusCode).toBe(
      200,
    );
    const replay = await join(admin, 'nsw', world.nswA, world.alpha.contactId, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect((await join(admin, 'nsw', world.nswA, world.alpha.contactId)).json()).toEqual({
      message: SERVER_MESSAGES.accountingJoined,
    });
    expect(await t.db.select().from(schoolAccountingContacts)).toHaveLength(1);
  });

  it('refuses an unknown or removed school (404)', async () => {
    for (const schoolId of [randomUUID(), world.removed]) {
      const res = await join(admin, 'nsw', schoolId, world.alpha.contactId);
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await t.db.select().from(schoolAccountingContacts)).toHaveLength(0);
  });

  it('refuses a contact that is not in the organisation (422)', async () => {
    for (const contactId of [world.gamma.contactId, 'LC-not-a-contact']) {
      const res = await join(admin, 'nsw', world.nswA, contactId);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(contactNotFoundMessage('Northern'));
    }
    expect(await t.db.select().from(schoolAccountingContacts)).toHaveLength(0);
  });

  it("refuses a school already linked there, and a contact already another school's (422)", async () => {
    expect((await join(admin, 'nsw', world.nswA, world.alpha.contactId)).statusCode).toBe(200);
    const linkedSchool = await join(admin, 'nsw', world.nswA, world.beta.contactId);
    expect(linkedSchool.statusCode).toBe(422);
    expect(linkedSchool.json().message).toBe(schoolAlreadyLinkedMessage('Alpine Grammar', 'Northern'));
    const takenContact = await join(admin, 'nsw', world.nswB, world.alpha.contactId);
    expect(takenContact.statusCode).toBe(422);
    expect(takenContact.json().message).toBe(contactTakenMessage('Alpine Grammar'));
    expect(await t.db.select().from(schoolAccountingContacts)).toHaveLength(1);
  });

  it('refuses a malformed body (400)', async () => {
    for (const payload of [
      { schoolId: world.nswA },
      { schoolId: 'x', contactId: world.alpha.contactId },
      { schoolId: world.nswA, contactId: 'has spaces' },
    ]) {
      expect((await admin.request({ method: 'POST', url: JOIN('nsw'), payload })).statusCode).toBe(400);
    }
  });
});

describe('who may', () => {
  it("is the admin's only: 403 for school, auditor and racedept, 401 signed out", async () => {
    const others = [
      await signIn(
        t.app,
        (await createUser(t.db, 'school', { schoolId: world.nswA })).email,
        undefined,
        (await createEvent(t.db)).id,
      ),
      await signIn(t.app, (await createUser(t.db, 'auditor')).email),
      await signIn(t.app, (await createUser(t.db, 'racedept')).email),
    ];
    for (const agent of others) {
      expect((await agent.request({ method: 'GET', url: SYNC('nsw') })).statusCode).toBe(403);
      expect((await join(agent, 'nsw', world.nswA, world.alpha.contactId)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: SYNC('vic') })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: JOIN('vic'),
          payload: { schoolId: world.vicC, contactId: world.gamma.contactId },
        })
      ).statusCode,
    ).toBe(401);
    expect(await t.db.select().from(schoolAccountingContacts)).toHaveLength(0);
  });
});

describe('an unreachable accounting system', () => {
  it('answers 503 with the message, and the join stores nothing', async () => {
    const down = await startTestApp({
      accounting: (db): AccountingProvider => ({
        ...createLedger(db),
        listContacts: () => Promise.reject(new AccountingUnavailable('Xero contacts: HTTP 500')),
      }),
    });
    try {
      const downAdmin = await signIn(down.app, (await createUser(down.db, 'admin')).email);
      const schoolId = (await createSchool(down.db)).id;
      const res = await downAdmin.request({ method: 'GET', url: SYNC('nsw') });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        message: SERVER_MESSAGES.accountingUnavailable,
        code: 'ACCOUNTING_UNAVAILABLE',
      });
      const joined = await join(downAdmin, 'nsw', schoolId, 'LC-any');
      expect(joined.statusCode).toBe(503);
      expect(joined.json().message).toBe(SERVER_MESSAGES.accountingUnavailable);
      expect(await down.db.select().from(schoolAccountingContacts)).toHaveLength(0);
    } finally {
      await down.close();
    }
  });
});
