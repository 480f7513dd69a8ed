import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { InterschoolsDb, type ParticipantRow } from '../../src/db/database';
import { getClientId, getCursor, setCursor, takeSequenceNumbers } from '../../src/db/meta';
import { enqueueWrite, listByStatus, markBlocked, outboxCounts, queuedForRow, removeItem } from '../../src/db/outbox';

const SCHOOL = uuidv7();
const EVENT = uuidv7();
const opened: InterschoolsDb[] = [];

function freshDb(name = `t-${crypto.randomUUID()}`): InterschoolsDb {
  const db = new InterschoolsDb(name);
  opened.push(db);
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

function participant(overrides: Partial<ParticipantRow> = {}): ParticipantRow {
  return {
    id: uuidv7(),
    snowId: null,
    snowIdActive: 0,
    firstname: 'Ada',
    lastname: 'Lovelace',
    yearLevel: '',
    gender: '',
    dob: null,
    email: '',
    SchoolId: SCHOOL,
    archived: 0,
    ...overrides,
  } as ParticipantRow;
}

function saveParticipant(db: InterschoolsDb, row: ParticipantRow, eventId: string | null = EVENT) {
  return enqueueWrite(db, {
    method: 'PUT',
    path: '/api/participants',
    body: { participants: [row] },
    entity: 'participants',
    rowId: row.id,
    eventId,
    userId: 'user-1',
    applyLocally: (tx) => tx.participants.put({ ...row, _pending: true }),
  });
}

describe('enqueueWrite', () => {
  it('writes the mirror row and the outbox item together', async () => {
    const db = freshDb();
    const row = participant();
    const item = await saveParticipant(db, row);

    expect(await db.participants.get(row.id)).toMatchObject({ firstname: 'Ada', _pending: true });
    const stored = await db.outbox.get(item.localId!);
    expect(stored).toMatchObject({
      seq: 1,
      method: 'PUT',
      path: '/api/participants',
      entity: 'participants',
      rowId: row.id,
      eventId: EVENT,
      userId: 'user-1',
      status: 'pending',
      attempts: 0,
      scope: `event:${EVENT}`,
      clientId: await getClientId(db),
    });
    expect(stored?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect((await queuedForRow(db, 'participants', row.id)).map((i) => i.seq)).toEqual([1]);
  });

  it('writes neither the row nor the item when applyLocally throws', async () => {
    const db = freshDb();
    const row = participant();
    await expect(
      enqueueWrite(db, {
        method: 'PUT',
        path: '/api/participants',
        body: { participants: [row] },
        entity: 'participants',
        rowId: row.id,
        eventId: EVENT,
        applyLocally: async (tx) => {
          await tx.participants.put(row);
          throw new Error('rule refused');
        },
      }),
    ).rejects.toThrow('rule refused');

    expect(await db.participants.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    // The sequence number taken (if any) rolled back too: the next write is number 1.
    expect((await saveParticipant(db, participant())).seq).toBe(1);
  });

  it('numbers items 1, 2, 3 in order and never reuses a number after removal', async () => {
    const db = freshDb();
    const a = await saveParticipant(db, participant());
    const b = await saveParticipant(db, participant());
    const c = await saveParticipant(db, participant());
    expect([a.seq, b.seq, c.seq]).toEqual([1, 2, 3]);

    await removeItem(db, c.localId!);
    await removeItem(db, b.localId!);
    const d = await saveParticipant(db, participant());
    expect(d.seq).toBe(4);
    expect((await listByStatus(db, 'pending')).map((i) => i.seq)).toEqual([1, 4]);
    expect(await takeSequenceNumbers(db, 2)).toEqual([5, 6]);
    expect((await saveParticipant(db, participant())).seq).toBe(7);
  });

  it('gives every item a fresh idempotency key', async () => {
    const db = freshDb();
    const a = await saveParticipant(db, participant());
    const b = await saveParticipant(db, participant());
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
  });
});

describe('client id and meta', () => {
  it('creates the client id once and keeps it', async () => {
    const db = freshDb();
    const first = await getClientId(db);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    expect(await getClientId(db)).toBe(first);
    const [x, y] = await Promise.all([getClientId(db), getClientId(db)]);
    expect([x, y]).toEqual([first, first]);
    expect((await saveParticipant(db, participant())).clientId).toBe(first);
  });

  it('keeps a pull cursor per scope', async () => {
    const db = freshDb();
    expect(await getCursor(db, 'a')).toBeNull();
    await setCursor(db, 'a', '42');
    await setCursor(db, 'b', '7');
    expect(await getCursor(db, 'a')).toBe('42');
    expect(await getCursor(db, 'b')).toBe('7');
  });
});

describe('outbox status', () => {
  it('counts pending items, and blocks only the locked event', async () => {
    const db = freshDb();
    const other = uuidv7();
    expect((await outboxCounts(db)).pending).toBe(0);
    await saveParticipant(db, participant());
    await saveParticipant(db, participant());
    await saveParticipant(db, participant(), other);
    await saveParticipant(db, participant(), null);
    expect((await outboxCounts(db)).pending).toBe(4);

    expect(await markBlocked(db, EVENT)).toBe(2);
    expect((await outboxCounts(db)).pending).toBe(2);
    const blocked = await listByStatus(db, 'blocked');
    expect(blocked.map((i) => i.seq)).toEqual([1, 2]);
    expect((await listByStatus(db, 'pending')).map((i) => i.scope)).toEqual([`event:${other}`, 'global']);
  });
});

describe('reload', () => {
  it('keeps an edit and its outbox item across closing and reopening the database', async () => {
    const name = `t-${crypto.randomUUID()}`;
    const db = freshDb(name);
    const row = participant();
    await saveParticipant(db, row);
    const clientId = await getClientId(db);
    db.close();

    const reopened = freshDb(name);
    expect(await reopened.participants.get(row.id)).toMatchObject({ id: row.id, _pending: true });
    expect((await outboxCounts(reopened)).pending).toBe(1);
    expect(await getClientId(reopened)).toBe(clientId);
    expect((await saveParticipant(reopened, participant())).seq).toBe(2);
  });
});
