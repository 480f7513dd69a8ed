// The BPAY grid's calls: every school with its state and BPAY reference for admins and auditors
// (GET /api/school/bpay is a path of its own, never read as a school id), references set by the
// admin in one transaction answering the whole list, a reference never shared by two schools,
// stale versions and unknown schools refused, and nobody else reading or writing them.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { schools } from '../../server/db/schema';
import { bpayTakenMessage } from '../../server/modules/schools/bpay';
import { createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

type Row = { id: string; name: string; StateId: number | null; bpay: string; version: number };

let t: TestApp;
let schoolId: string;
let admin: Agent;
let school: Agent;

const put = (agent: Agent, rows: unknown[], headers: Record<string, string> = {}) =>
  agent.request({ method: 'PUT', url: '/api/schools/bpay', payload: { schools: rows }, headers });

beforeEach(async () => {
  t = await startTestApp();
  ({ schoolId, admin, school } = await schoolInEvent(t));
});
afterEach(async () => {
  await t.close();
});

describe('the BPAY grid', () => {
  it('lists every school with its state and reference for admins and auditors', async () => {
    const other = await createSchool(t.db, { bpay: '5551234' });
    for (const agent of [admin, await signIn(t.app, (await createUser(t.db, 'auditor')).email)]) {
      const res = await agent.request({ method: 'GET', url: '/api/school/bpay' });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json() as Row[];
      expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([schoolId, other.id]));
      expect(rows.find((r) => r.id === other.id)).toMatchObject({ bpay: '5551234', StateId: other.stateId });
      expect(rows.map((r) => r.name)).toEqual([...rows.map((r) => r.name)].sort((a, b) => a.localeCompare(b)));
    }
    for (const agent of [school, await signIn(t.app, (await createUser(t.db, 'racedept')).email)]) {
      expect((await agent.request({ method: 'GET', url: '/api/school/bpay' })).statusCode).toBe(403);
    }
  });

  it('sets references in one save and answers the whole list; a replay applies once', async () => {
    const other = await createSchool(t.db);
    const key = randomUUID();
    const res = await put(
      admin,
      [
        { id: schoolId, bpay: ' 1008 ' },
        { id: other.id, bpay: '1016' },
      ],
      { 'idempotency-key': key },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (res.json() as Row[])
        .filter((r) => [schoolId, other.id].includes(r.id))
        .map((r) => r.bpay)
        .sort(),
    ).toEqual(['1008', '1016']);
    const [row] = await t.db.select().from(schools).where(eq(schools.id, schoolId));
    expect((await put(admin, [{ id: schoolId, bpay: '1008' }], { 'idempotency-key': key })).statusCode).toBe(200);
    expect((await t.db.select().from(schools).where(eq(schools.id, schoolId)))[0]!.version).toBe(row!.version);
  });

  it('refuses a reference another school has, a stale version and an unknown school, changing nothing', async () => {
    const other = await createSchool(t.db, { bpay: '2006' });
    const [mine] = await t.db.select().from(schools).where(eq(schools.id, schoolId));
    const taken = await put(admin, [{ id: schoolId, bpay: '2006' }]);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().fields).toEqual([{ path: 'schools.0.bpay', message: bpayTakenMessage('2006', other.name) }]);
    // Two schools trading references in one save is fine.
    expect(
      (
        await put(admin, [
          { id: schoolId, bpay: '2006' },
          { id: other.id, bpay: mine!.bpay || '3004' },
        ])
      ).statusCode,
    ).toBe(200);
    const stale = await put(admin, [{ id: schoolId, bpay: '4002', version: 1 }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: schoolId, bpay: '2006' });
    expect((await put(admin, [{ id: randomUUID(), bpay: '5009' }])).statusCode).toBe(404);
    expect((await t.db.select().from(schools).where(eq(schools.id, schoolId)))[0]!.bpay).toBe('2006');
  });

  it('lets only the admin write', async () => {
    const auditor = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
    for (const agent of [school, auditor])
      expect((await put(agent, [{ id: schoolId, bpay: '9' }])).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/schools/bpay', payload: { schools: [] } })).statusCode).toBe(
      401,
    );
  });
});

describe('a reference with its check digit', () => {
  it('refuses a reference whose last digit is not its check digit, saying which would be, and changes nothing', async () => {
    const t = await startTestApp();
    try {
      const school = await createSchool(t.db, { bpay: '' });
      const admin = await signIn(t.app, (await createUser(t.db, 'admin')).email);
      const res = await admin.request({
        method: 'PUT',
        url: '/api/schools/bpay',
        payload: { schools: [{ id: school.id, bpay: '1000417' }] },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields).toEqual([
        {
          path: 'schools.0.bpay',
          message:
            'BPAY reference 1000417 does not end in its check digit: 10004174 does (or check the reference the bank gave).',
        },
      ]);
      expect((await t.db.select().from(schools).where(eq(schools.id, school.id)))[0]!.bpay).toBe('');
      expect(
        (
          await admin.request({
            method: 'PUT',
            url: '/api/schools/bpay',
            payload: { schools: [{ id: school.id, bpay: '1000413' }] },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });
});
