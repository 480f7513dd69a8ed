// GET /api/sync/changes: the delta feed a device pulls. Rows in their domain shape under the
// client's entity names, tombstones after a delete, never another school's rows, resetRequired
// once the tombstones a cursor needs are purged, and the scope taken from the session only.
import { randomUUID } from 'node:crypto';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncChange, SyncResponse } from '../../src/domain/schemas';
import { purgeTombstones } from '../../server/db/changes';
import { eventStates, invites, participants, registryAthletes, ticketing, users } from '../../server/db/schema';
import { createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let schoolId: string;
let eventId: string;
let admin: Agent;
let school: Agent;

async function pull(agent: Agent, cursor = 0, limit = 1000): Promise<SyncResponse> {
  const res = await agent.request({
    method: 'GET',
    url: '/api/sync/changes',
    query: { cursor: String(cursor), limit: String(limit) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function pullAll(agent: Agent, from = 0) {
  const changes: SyncChange[] = [];
  let cursor = from;
  for (;;) {
    const page = await pull(agent, cursor, 7);
    expect(page.resetRequired).toBe(false);
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { changes, cursor };
  }
}
const of = (changes: SyncChange[], entity: string) => changes.filter((c) => c.entity === entity);

beforeAll(async () => {
  t = await startTestApp();
  await t.db
    .insert(registryAthletes)
    .values({ snowId: '9103001', firstname: 'Ava', lastname: 'Alpine', gender: 'Female', dob: '2012-03-04' });
  ({ schoolId, eventId, admin, school } = await schoolInEvent(t));
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/sync/changes', () => {
  it("downloads the school's scope: its participants in the domain shape, reference data, its event and school", async () => {
    const body = {
      id: randomUUID(),
      snowId: '9103001',
      firstname: 'Ava',
      lastname: 'Alpine',
      yearLevel: '7',
      gender: 'Female',
      dob: '2012-03-04',
      email: '',
    };
    const saved = await school.request({ method: 'POST', url: '/api/v2/participants', payload: body });
    expect(saved.statusCode, saved.body).toBe(200);
    const otherId = (await createSchool(t.db)).id;
    const [theirs] = await t.db.insert(participants).values({ schoolId: otherId, firstname: 'Secret' }).returning();
    await t.db.insert(ticketing).values({ schoolId, eventId, managerTicket1: 2 });

    const page = await pull(school);
    expect(page.scopeKey).toBe(`school:${schoolId}/event:${eventId}`);
    expect(page.resetRequired).toBe(false);
    const mine = of(page.changes, 'participants');
    const { entryCount: _count, ...row } = saved.json();
    expect(mine).toEqual([{ entity: 'participants', key: body.id, deleted: false, row }]);
    expect(page.changes.some((c) => c.key === theirs!.id || c.key === otherId)).toBe(false);
    expect(of(page.changes, 'schools').map((c) => c.key)).toEqual([schoolId]);
    const schoolRow = of(page.changes, 'schools')[0]!.row!;
    expect((schoolRow.user as { password: unknown }).password).toBeNull();
    expect(JSON.stringify(page.changes)).not.toMatch(/argon2|passwordHash|password_hash/);
    expect(of(page.changes, 'events').map((c) => c.key)).toEqual([eventId]);
    expect(of(page.changes, 'events')[0]!.row).toMatchObject({ id: eventId, states: [3] });
    expect(
      of(page.changes, 'eventDisciplines')
        .map((c) => c.key)
        .sort(),
    ).toEqual([1, 2, 9].map((d) => `${eventId}:${d}`).sort());
    expect(of(page.changes, 'disciplines')).toHaveLength(11);
    expect(of(page.changes, 'states').length).toBeGreaterThan(0);
    expect(of(page.changes, 'ticketing')).toEqual([
      {
        entity: 'ticketing',
        key: `${schoolId}:${eventId}`,
        deleted: false,
        row: expect.objectContaining({ managerTicket1: 2, SchoolId: schoolId, EventId: eventId }),
      },
    ]);
    expect(page.changes.filter((c) => (c.entity as string) === 'users')).toEqual([]);
  });

  it('pages with a cursor and sends a tombstone after a delete, never for another school', async () => {
    const { cursor } = await pullAll(school);
    const [p] = await t.db.insert(participants).values({ schoolId, firstname: 'Gone' }).returning();
    const otherId = (await createSchool(t.db)).id;
    const [q] = await t.db.insert(participants).values({ schoolId: otherId, firstname: 'Theirs' }).returning();
    const step = await pullAll(school, cursor);
    expect(of(step.changes, 'participants').map((c) => c.key)).toEqual([p!.id]);
    await t.db.delete(participants).where(eq(participants.id, p!.id));
    await t.db.delete(participants).where(eq(participants.id, q!.id));
    const after = await pullAll(school, step.cursor);
    expect(of(after.changes, 'participants')).toEqual([{ entity: 'participants', key: p!.id, deleted: true }]);
    // A first download (its first page) leaves the tombstone out.
    expect((await pull(school)).changes.some((c) => c.key === p!.id)).toBe(false);
  });

  it('sends the event again when its states change', async () => {
    const { cursor } = await pullAll(school);
    await t.db.insert(eventStates).values({ eventId, stateId: 2 });
    const { changes } = await pullAll(school, cursor);
    expect(changes).toEqual([
      { entity: 'events', key: eventId, deleted: false, row: expect.objectContaining({ id: eventId, states: [2, 3] }) },
    ]);
  });

  it("sends no staff user to anyone: no users rows, and no staff email address in an admin's feed", async () => {
    const staff = await createUser(t.db, 'auditor');
    const racedept = await createUser(t.db, 'racedept');
    await t.db.update(users).set({ firstname: 'Renamed' }).where(eq(users.id, staff.id));
    const page = await pullAll(admin);
    expect(page.changes.filter((c) => (c.entity as string) === 'users')).toEqual([]);
    const staffEmails = (await t.db.select({ email: users.email }).from(users).where(ne(users.type, 'school'))).map(
      (u) => u.email,
    );
    expect(staffEmails).toEqual(expect.arrayContaining([staff.email, racedept.email]));
    const sent = JSON.stringify(page.changes).toLowerCase();
    for (const email of staffEmails) expect(sent).not.toContain(email.toLowerCase());
    expect(page.changes.some((c) => c.key === staff.id || c.key === racedept.id)).toBe(false);
    for (const agent of [school, await signIn(t.app, staff.email)]) {
      const { changes } = await pullAll(agent);
      expect(changes.filter((c) => (c.entity as string) === 'users')).toEqual([]);
      expect(changes.some((c) => c.key === staff.id)).toBe(false);
    }
    const auditorFeed = await pull(await signIn(t.app, staff.email));
    expect(auditorFeed.scopeKey).toMatch(/^school:none\/event:/);
    expect(of(auditorFeed.changes, 'participants')).toEqual([]);
    expect(of(auditorFeed.changes, 'schools')).toEqual([]);
  });

  it('sends invites to admins only: a school, auditor and race department pull none', async () => {
    const saved = await admin.request({
      method: 'PUT',
      url: '/api/invites',
      payload: {
        multi: true,
        invites: [{ id: randomUUID(), DisciplineId: 1, division: 2, gender: 'Female', stateNational: 'State' }],
        invitesDeleted: [],
        overallDeleted: [],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [stored] = await t.db.select().from(invites).where(eq(invites.eventId, eventId));
    expect(of((await pullAll(admin)).changes, 'invites').map((c) => c.key)).toContain(stored!.id);
    const auditor = await signIn(t.app, (await createUser(t.db, 'auditor')).email, undefined, eventId);
    const racedept = await signIn(t.app, (await createUser(t.db, 'racedept')).email, undefined, eventId);
    for (const agent of [school, auditor, racedept]) {
      const { changes } = await pullAll(agent);
      expect(of(changes, 'invites')).toEqual([]);
      expect(changes.some((c) => c.key === stored!.id)).toBe(false);
    }
    // Nor a tombstone when it goes: those devices never had it.
    const { cursor } = await pullAll(school);
    await t.db.delete(invites).where(eq(invites.id, stored!.id));
    expect(of((await pullAll(school, cursor)).changes, 'invites')).toEqual([]);
  });

  it('asks for a new download once the tombstones a cursor needs are purged', async () => {
    const { cursor: old } = await pullAll(school);
    const [p] = await t.db.insert(participants).values({ schoolId, firstname: 'Tomb' }).returning();
    await t.db.delete(participants).where(eq(participants.id, p!.id));
    expect(await purgeTombstones(t.db, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    const stale = await pull(school, old);
    expect(stale).toMatchObject({ resetRequired: true, changes: [] });
    // One page: readChanges' cursor inside a paged first download may sit below the horizon.
    const fresh = await pull(school, 0);
    expect(fresh.hasMore).toBe(false);
    expect((await pull(school, fresh.cursor)).resetRequired).toBe(false);
  });

  it('needs a session, and answers 400 to a bad cursor', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sync/changes' })).statusCode).toBe(401);
    expect(
      (await school.request({ method: 'GET', url: '/api/sync/changes', query: { cursor: '-1' } })).statusCode,
    ).toBe(400);
  });
});
