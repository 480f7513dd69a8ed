import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { InterschoolsDb, SCHEMA_V1, SCHEMA_V3, type ParticipantRow } from '../../src/db/database';
import { listByStatus, queuedForRow } from '../../src/db/outbox';
import { engineFor, person, serverRows, world, type World } from './sync-support';

const names: string[] = [];
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

it('upgrades a version-1 database, keeping queued outbox items and filling their scope', async () => {
  const name = `t-${crypto.randomUUID()}`;
  names.push(name);
  const eventId = crypto.randomUUID();

  // A device still on version 1: only version 1's stores are declared.
  const v1 = new Dexie(name);
  v1.version(1).stores({ ...SCHEMA_V1 });
  await v1.open();
  const base = {
    clientId: 'c1',
    userId: 'u1',
    method: 'PUT',
    body: {},
    createdAt: new Date().toISOString(),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
  };
  await v1.table('outbox').bulkAdd([
    { ...base, seq: 1, path: '/api/teams', idempotencyKey: 'k1', entity: 'teams', rowId: 'r1', eventId },
    { ...base, seq: 2, path: '/api/users', idempotencyKey: 'k2', entity: 'users', rowId: 'r2', eventId: null },
  ]);
  await v1.table('meta').put({ key: 'nextSeq', value: 3 });
  v1.close();

  const db = new InterschoolsDb(name);
  await db.open();
  expect(db.verno).toBe(7);
  // Version 3's race-day mirror, version 5's race results and version 6's qualifiers are there, empty.
  expect(await db.raceEntries.count()).toBe(0);
  expect(await db.qualifiers.where('ToEventId').equals(eventId).count()).toBe(0);
  expect(await db.raceResults.where('EventId').equals(eventId).count()).toBe(0);
  expect(await db.raceMarks.where('EventId').equals(eventId).count()).toBe(0);

  const items = await db.outbox.orderBy('seq').toArray();
  expect(items.map((i) => [i.seq, i.idempotencyKey, i.scope])).toEqual([
    [1, 'k1', `event:${eventId}`],
    [2, 'k2', 'global'],
  ]);
  // Queryable by the new indexes.
  expect((await listByStatus(db, 'pending')).map((i) => i.seq)).toEqual([1, 2]);
  expect(await db.outbox.where('[status+seq]').equals(['pending', 2]).count()).toBe(1);
  expect(await db.outbox.where('scope').equals('global').count()).toBe(1);
  // Found as the writes of their rows, through the rows their intents name.
  expect((await queuedForRow(db, 'teams', 'r1')).map((i) => i.seq)).toEqual([1]);
  expect(await queuedForRow(db, 'teams', 'r2')).toEqual([]);
  expect((await db.meta.get('nextSeq'))?.value).toBe(3);
  db.close();
});

it('closes an old connection when another opens a newer version', async () => {
  const name = `t-${crypto.randomUUID()}`;
  names.push(name);
  const db = new InterschoolsDb(name, { reloadOnVersionChange: false });
  await db.open();

  const newer = new Dexie(name);
  newer
    .version(8)
    .stores({ ...SCHEMA_V1, outbox: '++localId, seq, status, eventId, [status+seq], scope, *intent.rowIds' });
  await newer.open();
  expect(newer.verno).toBe(8);
  expect(db.isOpen()).toBe(false);
  newer.close();
});

/** A participant created on the server, as the device's mirror would hold it after a pull. */
async function serverParticipant(w: World, over: Partial<ParticipantRow>): Promise<ParticipantRow> {
  const { id, snowId, firstname, lastname, yearLevel, gender, dob, email } = person(w, over);
  const res = await w.jar.fetch(`${w.baseUrl}/api/v2/participants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, snowId, firstname, lastname, yearLevel, gender, dob, email }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ParticipantRow;
}

it('opens a version-3 device at the current version: the dead tables go, queued items get their intent and flush', async () => {
  const w = await world();
  const name = `t-${crypto.randomUUID()}`;
  names.push(name);
  try {
    const ada = await serverParticipant(w, { firstname: 'Ada' });
    const bo = await serverParticipant(w, { firstname: 'Bo', lastname: 'Brown' });
    const cy = person(w, { firstname: 'Cy' });
    const { _pending: _p, ...cyFields } = cy;
    const ticketingKey = `${w.schoolId}:${w.eventId}`;
    // No passes yet, so no tickets: the save still makes the row.
    const tickets = {
      managerTicket1: 0,
      managerTicket2: 0,
      managerTicket3: 0,
      managerTicket4: 0,
      managerTicket5: 0,
      xcManagerTicketAlpine1: 0,
      xcManagerTicketXC1: 0,
    };

    // A device still on version 3, with the REST calls queued as version 3 stored them.
    const v3 = new Dexie(name);
    v3.version(3).stores({ ...SCHEMA_V3 });
    await v3.open();
    await v3.table('participants').bulkPut([
      { ...ada, firstname: 'Bea', _pending: true },
      { ...bo, lastname: 'Cole', _pending: true },
      { ...cy, _pending: true },
    ]);
    await v3.table('payments').put({ SchoolId: w.schoolId, EventId: w.eventId, amount: 10 });
    await v3.table('users').put({ id: crypto.randomUUID(), email: 'staff@example.test' });
    await v3
      .table('volunteerPreferences')
      .put({ id: crypto.randomUUID(), VolunteerSlotId: crypto.randomUUID(), DisciplineId: 1, EventId: w.eventId });
    const clientId = crypto.randomUUID();
    await v3.table('meta').bulkPut([
      { key: 'clientId', value: clientId },
      { key: 'nextSeq', value: 5 },
    ]);
    const queued = (
      seq: number,
      call: { method: string; path: string; body: unknown; entity: string; rowId: string | null; base?: unknown },
    ) => ({
      ...call,
      seq,
      clientId,
      userId: w.username,
      idempotencyKey: crypto.randomUUID(),
      eventId: w.eventId,
      createdAt: new Date().toISOString(),
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      scope: `event:${w.eventId}`,
    });
    await v3.table('outbox').bulkAdd([
      queued(1, {
        method: 'PATCH',
        path: `/api/v2/participants/${ada.id}`,
        body: { firstname: 'Bea', version: ada.version },
        entity: 'participants',
        rowId: ada.id,
        base: ada,
      }),
      queued(2, {
        method: 'POST',
        path: '/api/v2/participants',
        body: cyFields,
        entity: 'participants',
        rowId: cy.id,
        base: null,
      }),
      queued(3, {
        method: 'PUT',
        path: '/api/v2/participants',
        body: { participants: [{ id: bo.id, version: bo.version, lastname: 'Cole' }] },
        entity: 'participants',
        rowId: null,
        base: [bo],
      }),
      queued(4, {
        method: 'POST',
        path: '/api/ticketings',
        body: { ticketing: tickets },
        entity: 'ticketing',
        rowId: ticketingKey,
        base: null,
      }),
    ]);
    v3.close();

    const db = new InterschoolsDb(name, { reloadOnVersionChange: false });
    await db.open();
    expect(db.verno).toBe(7);
    const stores = [...db.backendDB().objectStoreNames];
    for (const dead of ['payments', 'users', 'volunteerPreferences']) expect(stores).not.toContain(dead);
    expect(stores).toContain('participants');
    // The school's participants are still found by school, through the compound index.
    expect(db.participants.schema.indexes.map((i) => i.name).sort()).toEqual(['[SchoolId+archived]']);
    expect((await db.participants.where('SchoolId').equals(w.schoolId).toArray()).map((r) => r.id).sort()).toEqual(
      [ada.id, bo.id, cy.id].sort(),
    );

    const intents = (await db.outbox.orderBy('seq').toArray()).map((item) => item.intent);
    expect(intents).toEqual([
      {
        table: 'participants',
        op: 'update',
        rowIds: [ada.id],
        body: { kind: 'row' },
        answer: {},
        pathTemplate: '/api/v2/participants/{id}',
      },
      { table: 'participants', op: 'create', rowIds: [cy.id], body: { kind: 'row' }, answer: {} },
      {
        table: 'participants',
        op: 'saveList',
        rowIds: [bo.id],
        body: { kind: 'lists', lists: ['participants'], idLists: [] },
        answer: {},
      },
      {
        table: 'ticketing',
        op: 'create',
        rowIds: [ticketingKey],
        body: { kind: 'wrapped', key: 'ticketing' },
        answer: {},
      },
    ]);
    // Each found as its row's write, a compound key as the mirror holds it too.
    expect((await queuedForRow(db, 'ticketing', [w.schoolId, w.eventId])).map((i) => i.seq)).toEqual([4]);
    expect((await queuedForRow(db, 'participants', ada.id)).length).toBeGreaterThan(0);

    const { engine } = engineFor(w, db);
    await engine.flush();
    expect((await db.outbox.toArray()).map((i) => [i.seq, i.status, i.error])).toEqual([]);
    const onServer = new Map((await serverRows(w)).map((r) => [r.id, r]));
    expect(onServer.get(ada.id)?.firstname).toBe('Bea');
    expect(onServer.get(bo.id)?.lastname).toBe('Cole');
    expect(onServer.get(cy.id)?.firstname).toBe('Cy');
    const ticketing = (await (await w.jar.fetch(`${w.baseUrl}/api/ticketing`)).json()) as Record<string, unknown>;
    expect(ticketing).toMatchObject(tickets);
    // The answers reached the mirror through the intents: new versions, nothing pending.
    const mirrored = await db.participants.bulkGet([ada.id, bo.id, cy.id]);
    expect(mirrored.map((r) => [r?.version, r?._pending])).toEqual([
      [onServer.get(ada.id)!.version, undefined],
      [onServer.get(bo.id)!.version, undefined],
      [onServer.get(cy.id)!.version, undefined],
    ]);
    expect(await db.ticketing.get([w.schoolId, w.eventId])).toMatchObject({ ...tickets, version: ticketing.version });
    db.close();
  } finally {
    await w.close();
  }
});
