// The invites grid's calls (INV-*, CONST-16): the invites of the event chosen in the session, with
// their discipline names, in discipline, division and gender order; one save adding and removing
// them (never another event's), refusing unknown disciplines and duplicates with 422 and bad values with 400
// and changing nothing; a replayed save applied once; admins only.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { disciplines, invites } from '../../server/db/schema';
import {
  NO_EVENT_CHOSEN,
  duplicateInviteMessage,
  unknownDisciplineMessage,
} from '../../server/modules/invites/service';
import { createEvent, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

type Row = {
  id: string;
  EventId: string;
  DisciplineId: number;
  division: number;
  gender: string;
  stateNational: string;
  name: string;
};

let t: TestApp;
let eventId: string;
let admin: Agent;
let school: Agent;

const invite = (over: Partial<Row> = {}) => ({
  id: randomUUID(),
  DisciplineId: 1,
  division: 1,
  gender: 'Female',
  stateNational: 'State',
  ...over,
});
const put = (
  agent: Agent,
  body: { invites?: unknown[]; invitesDeleted?: string[] },
  headers: Record<string, string> = {},
) =>
  agent.request({
    method: 'PUT',
    url: '/api/invites',
    payload: { multi: true, invitesDeleted: [], overallDeleted: [], ...body },
    headers,
  });
const get = (agent: Agent) => agent.request({ method: 'GET', url: '/api/invites/' });
const storedInvites = () => t.db.select().from(invites).orderBy(invites.id);
const disciplineName = async (id: number) =>
  (await t.db.select().from(disciplines).where(eq(disciplines.id, id)))[0]!.name;

beforeEach(async () => {
  t = await startTestApp();
  ({ eventId, admin, school } = await schoolInEvent(t));
});
afterEach(async () => {
  await t.close();
});

describe('the invites of the chosen event', () => {
  it('adds invites and lists them with discipline names, by discipline, division and gender', async () => {
    const rows = [
      invite({ DisciplineId: 2, division: 1, gender: 'Male' }),
      invite({ DisciplineId: 1, division: 3, gender: 'Male', stateNational: 'National' }),
      invite({ DisciplineId: 1, division: 3, gender: 'Female' }),
      invite({ DisciplineId: 1, division: 2, gender: 'Male' }),
    ];
    const res = await put(admin, { invites: rows });
    expect(res.statusCode, res.body).toBe(200);
    const [alpine, moguls] = [await disciplineName(1), await disciplineName(2)];
    const expected = [
      { DisciplineId: 1, division: 2, gender: 'Male', name: alpine },
      { DisciplineId: 1, division: 3, gender: 'Female', name: alpine },
      { DisciplineId: 1, division: 3, gender: 'Male', stateNational: 'National', name: alpine },
      { DisciplineId: 2, division: 1, gender: 'Male', name: moguls },
    ];
    expect(res.json()).toMatchObject(expected);
    const listed = await get(admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject(expected.map((e) => ({ ...e, EventId: eventId })));
    expect((listed.json() as Row[]).map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it("removes only invites of the session's event", async () => {
    const other = await createEvent(t.db);
    const [foreign] = await t.db
      .insert(invites)
      .values({ eventId: other.id, disciplineId: 1, division: 1, gender: 'Male', stateNational: 'State' })
      .returning();
    const mine = invite();
    expect((await put(admin, { invites: [mine] })).statusCode).toBe(200);
    const res = await put(admin, { invitesDeleted: [mine.id, foreign!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
    expect(await storedInvites()).toEqual([foreign]);
    // Nor does another event's invite show in this event's list.
    expect((await get(admin)).json()).toEqual([]);
  });

  it('may remove an invite and add the same one back in one save', async () => {
    const first = invite();
    expect((await put(admin, { invites: [first] })).statusCode).toBe(200);
    const again = invite();
    const res = await put(admin, { invites: [again], invitesDeleted: [first.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Row[]).map((r) => r.id)).toEqual([again.id]);
  });

  it('refuses unknown disciplines and duplicates (422) and bad values (400), changing nothing', async () => {
    const kept = invite({ DisciplineId: 9, division: 2 });
    expect((await put(admin, { invites: [kept] })).statusCode).toBe(200);
    const before = await storedInvites();

    const unknown = await put(admin, { invites: [invite({ DisciplineId: 99 })], invitesDeleted: [kept.id] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(unknownDisciplineMessage(99));

    const duplicate = await put(admin, { invites: [invite({ DisciplineId: 9, division: 2 })] });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().message).toBe(
      duplicateInviteMessage(await disciplineName(9), { division: 2, gender: 'Female', stateNational: 'State' }),
    );
    const twice = await put(admin, {
      invites: [invite({ division: 4 }), invite({ division: 4 })],
      invitesDeleted: [kept.id],
    });
    expect(twice.statusCode).toBe(422);
    // An id already used by another invite.
    const reused = await put(admin, { invites: [invite({ id: kept.id, division: 5 })] });
    expect(reused.statusCode).toBe(422);

    for (const bad of [
      { division: 7 },
      { division: 0 },
      { gender: 'Co-Ed' },
      { stateNational: 'Regional' },
      { id: 'not-an-id' },
    ]) {
      expect(
        (await put(admin, { invites: [invite(bad as Partial<Row>)], invitesDeleted: [kept.id] })).statusCode,
        JSON.stringify(bad),
      ).toBe(400);
    }
    expect(await storedInvites()).toEqual(before);
    // The other level is another invite.
    expect(
      (await put(admin, { invites: [invite({ DisciplineId: 9, division: 2, stateNational: 'National' })] })).statusCode,
    ).toBe(200);
  });

  it('applies a replayed save (same idempotency key) once', async () => {
    const existing = invite({ division: 6 });
    expect((await put(admin, { invites: [existing] })).statusCode).toBe(200);
    const key = randomUUID();
    const body = { invites: [invite({ division: 1 })], invitesDeleted: [existing.id] };
    const first = await put(admin, body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    // Put the removed one back: a second application of the save would remove it again.
    expect((await put(admin, { invites: [invite({ division: 6 })] })).statusCode).toBe(200);
    const again = await put(admin, body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect((await get(admin)).json()).toHaveLength(2);
  });

  it('asks for an event when the session has none', async () => {
    const fresh = await startTestApp();
    try {
      // Nothing is open, so the sign-in chooses no event.
      const alone = await signIn(fresh.app, (await createUser(fresh.db, 'admin')).email);
      for (const res of [await get(alone), await put(alone, { invites: [invite()] })]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(NO_EVENT_CHOSEN);
      }
      expect(await fresh.db.select().from(invites)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe('who may use the invites', () => {
  it("is the admin's only: others are refused and the signed-out asked to sign in", async () => {
    const auditor = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
    const racedept = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
    for (const agent of [school, auditor, racedept]) {
      expect((await get(agent)).statusCode).toBe(403);
      expect((await put(agent, { invites: [invite()] })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/invites/' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/invites', payload: { multi: true, invitesDeleted: [] } }))
        .statusCode,
    ).toBe(401);
    expect(await storedInvites()).toEqual([]);
  });
});
