// Who may read the reports (docs/decisions.md 'Access': admin and auditor; a school user or the
// race department 403, signed out 401), and the reports' refusals of bad input: ids that are not
// ids, a state that is not a number, an unknown event (404), and no event at all (400).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/domain/schemas';
import { fillPath } from '../../src/domain/schemas/route';
import { createUser } from './support/factories';
import { signIn } from './support/http';
import { startTestApp, type TestApp } from './support/test-app';
import { buildReportData, type ReportData } from './support/reports-fixture';

let t: TestApp;
let data: ReportData;
beforeAll(async () => {
  t = await startTestApp();
  data = await buildReportData(t);
});
afterAll(async () => {
  await t.close();
});

const reports = Object.entries(API.reports);
const request = (route: (typeof API.reports)[keyof typeof API.reports]) => ({
  method: route.method,
  url: fillPath(route.url, { EventId: data.cur.id, stateId: 3 }),
  ...(route.method === 'POST' ? { payload: { events: [data.cur.id, data.prev.id] } } : {}),
});

describe('every report: admin and auditor only', () => {
  it('lists 22 report routes', () => {
    expect(reports).toHaveLength(22);
  });

  it.each(reports)('%s: admin and auditor 200, school and racedept 403, signed out 401', async (_name, route) => {
    const { admin, auditor, school, racedept } = data.agents;
    for (const [agent, status] of [
      [admin, 200],
      [auditor, 200],
      [school, 403],
      [racedept, 403],
    ] as const) {
      const res = await agent.request(request(route));
      expect(res.statusCode, `${route.url}: ${res.body}`).toBe(status);
    }
    expect((await t.app.inject(request(route))).statusCode).toBe(401);
  });
});

describe('bad input', () => {
  const queryReports = reports.filter(([, r]) => r.method === 'GET' && !r.url.includes(':'));
  const pathReports = reports.filter(([, r]) => r.url.includes(':EventId'));

  it.each(queryReports)(
    '%s: 400 for ?EventId= that is not an id or ?StateId= not a number; 404 for an unknown event',
    async (_name, route) => {
      const { admin } = data.agents;
      expect((await admin.request({ method: 'GET', url: `${route.url}?EventId=42` })).statusCode).toBe(400);
      expect((await admin.request({ method: 'GET', url: `${route.url}?StateId=abc` })).statusCode).toBe(400);
      const unknown = await admin.request({ method: 'GET', url: `${route.url}?EventId=${randomUUID()}` });
      // The two school lists need no event and read none.
      expect(unknown.statusCode, unknown.body).toBe(
        route.url.endsWith('/schools') || route.url.endsWith('/schools-missing-bpay') ? 200 : 404,
      );
    },
  );

  it.each(pathReports)('%s: 400 for a path EventId that is not an id; 404 for an unknown one', async (_name, route) => {
    const { admin } = data.agents;
    expect(
      (await admin.request({ method: 'GET', url: fillPath(route.url, { EventId: 'not-an-id' }) })).statusCode,
    ).toBe(400);
    expect(
      (await admin.request({ method: 'GET', url: `${fillPath(route.url, { EventId: data.cur.id })}?StateId=x` }))
        .statusCode,
    ).toBe(400);
    expect(
      (await admin.request({ method: 'GET', url: fillPath(route.url, { EventId: randomUUID() }) })).statusCode,
    ).toBe(404);
  });

  it('coordinator-details-state: 400 for a stateId that is not a positive whole number', async () => {
    const { admin } = data.agents;
    for (const stateId of ['abc', '0', '-3', '2.5']) {
      expect(
        (await admin.request({ method: 'GET', url: `/api/report/coordinator-details-state/${stateId}` })).statusCode,
        stateId,
      ).toBe(400);
    }
    const none = await admin.request({ method: 'GET', url: '/api/report/coordinator-details-state/99' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it('school-past-total-entries: 400 without events, with an empty list or ids that are not ids; 404 for an unknown event', async () => {
    const { admin } = data.agents;
    const post = (payload: unknown) =>
      admin.request({ method: 'POST', url: '/api/report/school-past-total-entries', payload: payload as object });
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ events: [] })).statusCode).toBe(400);
    expect((await post({ events: ['42'] })).statusCode).toBe(400);
    expect((await post({ events: [data.cur.id, randomUUID()] })).statusCode).toBe(404);
  });

  it('without ?EventId= and without an event in the session: 400 Choose an event first.', async () => {
    const admin = await signIn(t.app, (await createUser(t.db, 'admin')).email);
    const cleared = await admin.request({
      method: 'POST',
      url: '/api/session/',
      payload: { SchoolId: null, EventId: null },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const res = await admin.request({ method: 'GET', url: '/api/report/total-entries' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose an event first.');
    // The event of the query answers.
    expect(
      (await admin.request({ method: 'GET', url: `/api/report/total-entries?EventId=${data.cur.id}` })).statusCode,
    ).toBe(200);
  });
});
