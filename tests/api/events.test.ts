// Events: lists and filters, creating events (with the new-event discipline defaults), updating
// them from the events grid, the /rev form that changes only its two flags, and archiving.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NSW_STATE_ID } from '../../src/domain/constants';
import type { Event } from '../../src/domain/schemas';
import { eventDisciplines, events, teams } from '../../server/db/schema';
import { createEvent, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Agent;
let school: Agent;

beforeEach(async () => {
  t = await startTestApp();
  const s = await createSchool(t.db);
  admin = await signIn(t.app, (await createUser(t.db, 'admin')).email);
  school = await signIn(t.app, (await createUser(t.db, 'school', { schoolId: s.id })).email);
});
afterEach(async () => {
  await t.close();
});

const list = async (agent: Agent, query = '') => {
  const res = await agent.request({ method: 'GET', url: `/api/events${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Event[];
};
const names = (rows: Event[]) => rows.map((e) => e.name).sort();
const put = (agent: Agent, data: unknown[]) => agent.request({ method: 'PUT', url: '/api/events', payload: { data } });
const stored = async (id: string) => (await t.db.select().from(events).where(eq(events.id, id)))[0]!;

function newEvent(over: Partial<Event> = {}) {
  return {
    id: randomUUID(),
    name: 'Perisher Cup',
    year: 2027,
    level: 'State',
    invoiceType: 'VIC',
    registrationFee: 120,
    teamEntryFee: 35.5,
    active: true,
    locked: false,
    archived: false,
    volunteerLock: false,
    invoiceAvailable: '2027-07-01',
    invoiceDue: '2027-08-01',
    states: [7, 3],
    showForResults: false,
    showForStartlists: false,
    ...over,
  };
}

describe('GET /api/events', () => {
  it('answers events with their state ids and named disciplines', async () => {
    const e = await createEvent(t.db, { name: 'NSW Champs', level: 'State' }, [1, 9]);
    const [row] = await list(school);
    expect(row).toMatchObject({
      id: e.id,
      name: 'NSW Champs',
      level: 'State',
      invoiceType: 'NSW',
      registrationFee: 50,
      states: [3],
    });
    expect(row!.disciplines).toEqual([
      { DisciplineId: 1, name: 'Alpine', divisionFrom: 1, divisionTo: 5, male: true, female: true, active: true },
      { DisciplineId: 9, name: 'Alpine Relay', divisionFrom: 1, divisionTo: 3, male: true, female: true, active: true },
    ]);
  });

  it('filters by active, by state and level, and never lists archived events', async () => {
    await createEvent(t.db, { name: 'Active regional', level: 'Regional' });
    await createEvent(t.db, { name: 'Inactive', active: false, level: 'National' });
    await createEvent(t.db, { name: 'Archived', archived: true });
    await admin.request({
      method: 'POST',
      url: '/api/events',
      payload: { data: [newEvent({ name: 'VIC state', states: [7] })] },
    });

    expect(names(await list(school))).toEqual(['Active regional', 'Inactive', 'VIC state']);
    expect(names(await list(school, '?active=true'))).toEqual(['Active regional', 'VIC state']);
    expect(names(await list(school, '?stateId=7'))).toEqual(['VIC state']);
    expect(names(await list(school, '?stateId=3&level=Regional'))).toEqual(['Active regional']);
    expect(names(await list(school, '?stateId=3&level=State'))).toEqual([]);
  });
});

describe('GET /api/events signed out (the login form)', () => {
  it('answers the active events as summaries only: id, name, year, level, invoice type, and when entries close with the states whose time it is in', async () => {
    const open = await createEvent(t.db, { name: 'Open cup', level: 'State', invoiceType: 'VIC' });
    const closed = await createEvent(t.db, { name: 'Closed cup', active: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/events?active=true' });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as Record<string, unknown>[];
    expect(list.find((e) => e.id === open.id)).toEqual({
      id: open.id,
      name: 'Open cup',
      year: 2026,
      level: 'State',
      invoiceType: 'VIC',
      entriesCloseAt: null,
      states: [NSW_STATE_ID],
    });
    expect(list.some((e) => e.id === closed.id)).toBe(false);
    for (const e of list)
      expect(Object.keys(e).sort()).toEqual(['entriesCloseAt', 'id', 'invoiceType', 'level', 'name', 'states', 'year']);
  });

  it('answers nothing else without a session', async () => {
    for (const url of [
      '/api/events',
      '/api/events?active=false',
      '/api/events?active=true&level=State',
      '/api/events?stateId=3',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('POST /api/events', () => {
  it('creates events with their states and the disciplines sent, answering the created rows', async () => {
    const body = newEvent({
      disciplines: [{ DisciplineId: 2, divisionFrom: 1, divisionTo: 4, male: true, female: false, active: true }],
    });
    const res = await admin.request({ method: 'POST', url: '/api/events', payload: { data: [body] } });
    expect(res.statusCode, res.body).toBe(200);
    const [created] = res.json() as Event[];
    expect(created).toMatchObject({ ...body, states: [3, 7], version: 1, volunteerRatio: 8 });
    expect(created!.disciplines).toEqual([{ ...body.disciplines![0], name: 'Moguls' }]);
    expect((await list(admin)).map((e) => e.id)).toEqual([body.id]);
  });

  it('gives every discipline the new-event defaults when the list is left out', async () => {
    const body = newEvent();
    const res = await admin.request({ method: 'POST', url: '/api/events', payload: { data: [body] } });
    expect(res.statusCode, res.body).toBe(200);
    const ranges = Object.fromEntries(
      (res.json() as Event[])[0]!.disciplines.map((d) => [d.DisciplineId, [d.divisionFrom, d.divisionTo]]),
    );
    expect(ranges).toEqual({
      1: [1, 6],
      2: [1, 5],
      3: [1, 5],
      4: [1, 5],
      5: [1, 5],
      6: [1, 5],
      7: [1, 5],
      8: [1, 5],
      9: [3, 3],
      10: [1, 2],
      11: [1, 2],
    });
  });

  it('refuses unknown states and disciplines with the field named, creating nothing', async () => {
    const body = newEvent({
      states: [3, 42],
      disciplines: [{ DisciplineId: 77, divisionFrom: 1, divisionTo: 2, male: true, female: true, active: true }],
    });
    const res = await admin.request({ method: 'POST', url: '/api/events', payload: { data: [body] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual([
      'body.data.0.states.1',
      'body.data.0.disciplines.0.DisciplineId',
    ]);
    expect(await list(admin)).toEqual([]);
  });

  it('is for admins only', async () => {
    const res = await school.request({ method: 'POST', url: '/api/events', payload: { data: [newEvent()] } });
    expect(res.statusCode).toBe(403);
    expect(await list(admin)).toEqual([]);
  });
});

describe('PUT /api/events', () => {
  it('updates the grid fields, states and disciplines', async () => {
    const e = await createEvent(t.db, {}, [1, 2]);
    const res = await put(admin, [
      {
        id: e.id,
        name: 'Renamed',
        year: 2028,
        level: 'National',
        invoiceType: 'VIC',
        registrationFee: 10,
        teamEntryFee: 20,
        active: false,
        locked: true,
        volunteerLock: true,
        invoiceAvailable: '2028-05-01',
        invoiceDue: null,
        states: [7],
        disciplines: [{ DisciplineId: 2, divisionFrom: 2, divisionTo: 3, male: false, female: true, active: true }],
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [updated] = res.json() as Event[];
    expect(updated).toMatchObject({
      name: 'Renamed',
      year: 2028,
      level: 'National',
      invoiceType: 'VIC',
      registrationFee: 10,
      teamEntryFee: 20,
      active: false,
      locked: true,
      volunteerLock: true,
      invoiceAvailable: '2028-05-01',
      invoiceDue: null,
      states: [7],
      version: 2,
    });
    expect(updated!.disciplines).toEqual([
      { DisciplineId: 2, name: 'Moguls', divisionFrom: 2, divisionTo: 3, male: false, female: true, active: true },
    ]);
  });

  it('keeps a dropped discipline that teams already use, made inactive', async () => {
    const e = await createEvent(t.db, {}, [1, 2]);
    const s = await createSchool(t.db);
    await t.db
      .insert(teams)
      .values({ schoolId: s.id, eventId: e.id, disciplineId: 1, division: 1, teamRank: 'A', gender: 'Male' });
    const res = await put(admin, [{ id: e.id, disciplines: [] }]);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.select().from(eventDisciplines).where(eq(eventDisciplines.eventId, e.id));
    expect(rows.map((r) => [r.disciplineId, r.active])).toEqual([[1, false]]);
  });

  it('changes only showForResults and showForStartlists in the /rev form', async () => {
    const e = await createEvent(t.db, { name: 'Kept' });
    const before = await stored(e.id);
    const res = await put(admin, [{ id: e.id, showForResults: true, showForStartlists: true }]);
    expect(res.statusCode, res.body).toBe(200);
    const after = await stored(e.id);
    expect(after).toEqual({
      ...before,
      showForResults: true,
      showForStartlists: true,
      version: before.version + 1,
      updatedAt: after.updatedAt,
    });
    expect(names(await list(admin, '?showForStartlists=true'))).toEqual(['Kept']);
  });

  it('leaves the /rev flags alone in the full form', async () => {
    const e = await createEvent(t.db, { showForResults: true });
    const res = await put(admin, [{ id: e.id, name: 'Grid edit', showForResults: false, showForStartlists: true }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(e.id)).toMatchObject({ name: 'Grid edit', showForResults: true, showForStartlists: false });
  });

  it('requires both flags in the /rev form', async () => {
    const e = await createEvent(t.db);
    const res = await put(admin, [{ id: e.id, showForResults: true }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'body.data.0.showForStartlists', message: 'Required' }]);
  });

  it('hides an archived event from lists but still answers it by id', async () => {
    const e = await createEvent(t.db);
    expect((await put(admin, [{ id: e.id, archived: true }])).statusCode).toBe(200);
    expect(await list(school)).toEqual([]);
    const one = await school.request({ method: 'GET', url: `/api/event/${e.id}` });
    expect(one.json()).toMatchObject({ id: e.id, archived: true });
  });

  it('answers 404 for an unknown id and changes nothing of the batch', async () => {
    const e = await createEvent(t.db, { name: 'Untouched' });
    const res = await put(admin, [
      { id: e.id, name: 'Changed' },
      { id: randomUUID(), name: 'Ghost' },
    ]);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await stored(e.id)).name).toBe('Untouched');
  });

  it('answers 409 for a stale row version', async () => {
    const e = await createEvent(t.db);
    expect((await put(admin, [{ id: e.id, name: 'First', version: 1 }])).statusCode).toBe(200);
    const res = await put(admin, [{ id: e.id, name: 'Second', version: 1 }]);
    expect(res.statusCode).toBe(409);
    expect((await stored(e.id)).name).toBe('First');
  });

  it('is for admins only', async () => {
    const e = await createEvent(t.db);
    expect((await put(school, [{ id: e.id, locked: true }])).statusCode).toBe(403);
    expect((await stored(e.id)).locked).toBe(false);
  });
});

describe('GET /api/event/:EventId and its disciplines', () => {
  it('answers one event and its disciplines, 404 for an unknown id', async () => {
    const e = await createEvent(t.db, { name: 'One' }, [4]);
    expect((await school.request({ method: 'GET', url: `/api/event/${e.id}` })).json()).toMatchObject({
      id: e.id,
      name: 'One',
    });
    const d = await school.request({ method: 'GET', url: `/api/event/${e.id}/disciplines` });
    expect(d.json()).toEqual([
      {
        DisciplineId: 4,
        name: 'Snowboard Giant Slalom',
        divisionFrom: 1,
        divisionTo: 5,
        male: true,
        female: true,
        active: true,
      },
    ]);
    for (const url of [`/api/event/${randomUUID()}`, `/api/event/${randomUUID()}/disciplines`]) {
      expect((await school.request({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
