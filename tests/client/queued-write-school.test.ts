// An admin's change waits in the outbox, the admin picks another school, the change is sent: it
// lands at the school it was made for, alone or in a batch, never at the new pick. The device keeps
// the school with each queued write and the real server applies it there.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { participants } from '../../server/db/schema';
import { setSessionUser } from '../../src/db/meta';
import { applySessionSwitch } from '../../src/domain/rules/session';
import type { SessionUser } from '../../src/domain/schemas/entities/user';
import { queueWrite } from '../../src/sync/writes';
import { createSchool } from '../api/support/factories';
import { dropDatabases, engineFor, freshDb, person, world, writeFields, type World } from './sync-support';

let w: World | undefined;
afterEach(async () => {
  await dropDatabases();
  await w?.close();
  w = undefined;
});

it('changes an admin made for one school are saved there after the admin has picked another', async () => {
  w = await world();
  const x = w;
  const schoolB = (await createSchool(x.t.db)).id;
  const db = freshDb();

  let user = (await (await x.adminJar.fetch(`${x.baseUrl}/api/session/`)).json()) as SessionUser;
  const pick = async (SchoolId: string) => {
    const res = await x.adminJar.fetch(`${x.baseUrl}/api/session/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ SchoolId, EventId: x.eventId }),
    });
    expect(res.status).toBe(200);
    user = applySessionSwitch(user, await res.json());
    await setSessionUser(db, user);
  };
  await pick(x.schoolId);

  // Two changes made for school A wait (one alone, then a run the engine sends as a batch).
  const made = ['Ava', 'Bea', 'Cal'].map((firstname) => person(x, { firstname }));
  for (const row of made) {
    await queueWrite(db, {
      method: 'POST',
      path: '/api/v2/participants',
      body: writeFields(row),
      entity: 'participants',
      rowId: row.id,
      eventId: x.eventId,
      base: null,
      applyLocally: (tx) => tx.participants.put({ ...row, _pending: true }),
    });
  }
  expect((await db.outbox.toArray()).map((item) => item.schoolId)).toEqual([x.schoolId, x.schoolId, x.schoolId]);

  await pick(schoolB);
  const { engine } = engineFor(x, db, { fetch: x.adminJar.fetch });
  await engine.flush();

  expect(await db.outbox.count()).toBe(0);
  const atA = await x.t.db.select().from(participants).where(eq(participants.schoolId, x.schoolId));
  expect(atA.map((p) => p.firstname).sort()).toEqual(['Ava', 'Bea', 'Cal']);
  const atB = await x.t.db.select().from(participants).where(eq(participants.schoolId, schoolB));
  expect(atB).toEqual([]);
});
