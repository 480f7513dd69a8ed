// The change feed devices pull from: order, scope, tombstones, retention, and the classic gap
// (a sequence number taken by a transaction that commits after a later one must never be skipped).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeTombstones, readChanges, type ChangeScope } from '../../server/db/changes';
import { participants } from '../../server/db/schema';
import { createEvent, createSchool } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function readAll(scope: ChangeScope, from: number) {
  const rows = [];
  let cursor = from;
  for (;;) {
    const page = await readChanges(t.db, scope, cursor, 50);
    rows.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { rows, cursor };
  }
}

describe('change feed', () => {
  it('lists changed rows of a scope in sequence order, an update moving a row to the end', async () => {
    const school = await createSchool(t.db);
    const scope = { schoolId: school.id, eventId: null };
    const { cursor: start } = await readAll(scope, 0);
    const [a] = await t.db.insert(participants).values({ schoolId: school.id, firstname: 'Ava' }).returning();
    const [b] = await t.db.insert(participants).values({ schoolId: school.id, firstname: 'Ben' }).returning();
    await t.db.update(participants).set({ firstname: 'Ava-Rose' }).where(eq(participants.id, a!.id));
    const { rows } = await readAll(scope, start);
    expect(rows.filter((r) => r.entity === 'participants').map((r) => r.rowId)).toEqual([b!.id, a!.id]);
    const seqs = rows.map((r) => r.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
  });

  it('bumps the row version on every update', async () => {
    const school = await createSchool(t.db);
    const [p] = await t.db.insert(participants).values({ schoolId: school.id, firstname: 'Cy' }).returning();
    await t.db.update(participants).set({ firstname: 'Cyrus' }).where(eq(participants.id, p!.id));
    const [after] = await t.db.select().from(participants).where(eq(participants.id, p!.id));
    expect(after!.version).toBe(p!.version + 1);
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(p!.updatedAt.getTime());
  });

  it("never shows one school's rows to another school's scope", async () => {
    const mine = await createSchool(t.db);
    const theirs = await createSchool(t.db);
    await t.db.insert(participants).values({ schoolId: theirs.id, firstname: 'Secret' });
    const { rows } = await readAll({ schoolId: mine.id, eventId: null }, 0);
    expect(rows.some((r) => r.rowId === theirs.id)).toBe(false);
    const theirIds = (
      await t.db.select({ id: participants.id }).from(participants).where(eq(participants.schoolId, theirs.id))
    ).map((r) => r.id);
    expect(rows.filter((r) => theirIds.includes(r.rowId))).toEqual([]);
  });

  it('keeps a deleted row as a tombstone for devices that saw it, and leaves it out of a first download', async () => {
    const school = await createSchool(t.db);
    const scope = { schoolId: school.id, eventId: null };
    const [p] = await t.db.insert(participants).values({ schoolId: school.id, firstname: 'Gone' }).returning();
    const { cursor } = await readAll(scope, 0);
    await t.db.delete(participants).where(eq(participants.id, p!.id));
    const { rows } = await readAll(scope, cursor);
    expect(rows).toContainEqual(expect.objectContaining({ entity: 'participants', rowId: p!.id, deleted: true }));
    const fresh = await readAll(scope, 0);
    expect(fresh.rows.some((r) => r.rowId === p!.id)).toBe(false);
  });

  it('asks a device whose cursor is older than the purged tombstones to download its scope again', async () => {
    const school = await createSchool(t.db);
    const scope = { schoolId: school.id, eventId: null };
    const { cursor: old } = await readAll(scope, 0);
    const [p] = await t.db.insert(participants).values({ schoolId: school.id, firstname: 'Tomb' }).returning();
    await t.db.delete(participants).where(eq(participants.id, p!.id));
    expect(await purgeTombstones(t.db, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    expect((await readChanges(t.db, scope, old)).resetRequired).toBe(true);
    const { cursor: now } = await readAll(scope, 0);
    expect((await readChanges(t.db, scope, now)).resetRequired).toBe(false);
  });

  it('lets a first download run across pages below the purge horizon without asking it to reset', async () => {
    const school = await createSchool(t.db);
    const scope = { schoolId: school.id, eventId: null };
    await t.db
      .insert(participants)
      .values(Array.from({ length: 5 }, (_, i) => ({ schoolId: school.id, firstname: `Keep ${i}` })));
    const [gone] = await t.db.insert(participants).values({ schoolId: school.id, firstname: 'Gone' }).returning();
    await t.db.delete(participants).where(eq(participants.id, gone!.id));
    await purgeTombstones(t.db, new Date(Date.now() + 60_000));
    const first = await readChanges(t.db, scope, 0, 2);
    expect(first.hasMore).toBe(true);
    expect((await readChanges(t.db, scope, first.cursor, 2)).resetRequired).toBe(true);
    const ids = new Set(first.changes.map((c) => c.rowId));
    let cursor = first.cursor;
    for (;;) {
      const page = await readChanges(t.db, scope, cursor, 2, { initial: true });
      expect(page.resetRequired).toBe(false);
      page.changes.forEach((c) => ids.add(c.rowId));
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    const kept = await t.db
      .select({ id: participants.id })
      .from(participants)
      .where(eq(participants.schoolId, school.id));
    expect(kept.every((p) => ids.has(p.id))).toBe(true);
    expect((await readChanges(t.db, scope, cursor)).resetRequired).toBe(false);
  });

  it('includes event-scoped rows only for that event', async () => {
    const e1 = await createEvent(t.db);
    const e2 = await createEvent(t.db);
    const { rows } = await readAll({ schoolId: null, eventId: e1.id }, 0);
    const ids = rows.map((r) => r.rowId);
    expect(ids).toContain(e1.id);
    expect(ids).not.toContain(e2.id);
  });

  it('never skips a row while many writers commit out of order (the classic gap)', async () => {
    const school = await createSchool(t.db);
    const scope = { schoolId: school.id, eventId: null };
    let { cursor } = await readAll(scope, 0);
    const seen = new Set<string>();
    const written: string[] = [];
    let writing = true;
    const pause = () => new Promise((r) => setTimeout(r, Math.random() * 4));

    const writer = async (w: number) => {
      for (let i = 0; i < 12; i++) {
        await t.db.transaction(async (tx) => {
          const rows = await tx
            .insert(participants)
            .values([
              { schoolId: school.id, firstname: `w${w}-${i}-a` },
              { schoolId: school.id, firstname: `w${w}-${i}-b` },
            ])
            .returning({ id: participants.id });
          await pause(); // hold the transaction open after taking sequence numbers
          written.push(...rows.map((r) => r.id));
        });
      }
    };
    const reader = async () => {
      while (writing) {
        const page = await readChanges(t.db, scope, cursor, 500);
        for (const r of page.changes) seen.add(r.rowId);
        cursor = page.cursor;
        await pause();
      }
      const rest = await readAll(scope, cursor);
      for (const r of rest.rows) seen.add(r.rowId);
    };
    const readerDone = reader();
    await Promise.all(Array.from({ length: 6 }, (_, w) => writer(w)));
    writing = false;
    await readerDone;
    expect(written).toHaveLength(6 * 12 * 2);
    expect(written.filter((id) => !seen.has(id))).toEqual([]);
  });
});
