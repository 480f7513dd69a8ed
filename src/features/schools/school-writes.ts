// The school profile's queued save: the row into the mirror and PUT /api/school { school } in the
// outbox, in one Dexie transaction. The answer { message, school } carries the saved row under
// `school`, so a second offline edit follows the first one's new version instead of meeting 409.
import type { InterschoolsDb, SchoolRow } from '../../db/database';
import { defineWrite, queueThrough } from '../../sync/write-adapter';

const SCHOOL_PROFILE_SAVE = defineWrite({
  table: 'schools', method: 'PUT', op: 'update', path: '/api/school', body: { kind: 'wrapped', key: 'school' }, answer: { key: 'school' },
});

/** Queues the profile's fields (never the sign-in: that goes straight to the server). */
export async function queueSchoolProfile(db: InterschoolsDb, school: SchoolRow, fields: Partial<SchoolRow>): Promise<void> {
  await queueThrough(db, SCHOOL_PROFILE_SAVE, {
    body: { school: fields },
    rowId: school.id,
    base: school,
    replacesRefused: true,
    applyLocally: async (tx) => {
      await tx.schools.put({ ...school, ...fields, _pending: true });
    },
  });
}
