// The school profile's queued save: the row into the mirror and PUT /api/school { school } in the
// outbox, in one Dexie transaction. The answer { message, school } carries the saved row under
// `school`, so a second offline edit follows the first one's new version instead of meeting 409.
import type { InterschoolsDb, SchoolRow } from '../../db/database';
import { defineWrite, queueThrough } from '../../sync/write-adapter';
import { schoolsApi } from '../../domain/schemas/api/schools';
import type { RouteBody } from '../../domain/schemas/route';

/** The profile without the sign-in: what the route takes, and fields of the mirror's row (which
 *  has no defaults left to fill). */
export type SchoolProfileFields = Omit<RouteBody<typeof schoolsApi.saveProfile>['school'], 'user'> & Partial<SchoolRow>;

const SCHOOL_PROFILE_SAVE = defineWrite({
  table: 'schools',
  op: 'update',
  route: schoolsApi.saveProfile,
  body: { kind: 'wrapped', key: 'school' },
  answer: { key: 'school' },
});

/** Queues the profile's fields (never the sign-in: that goes straight to the server). */
export async function queueSchoolProfile(
  db: InterschoolsDb,
  school: SchoolRow,
  fields: SchoolProfileFields,
): Promise<void> {
  await queueThrough(db, SCHOOL_PROFILE_SAVE, {
    body: { school: fields },
    rowId: school.id,
    base: school,
    refused: 'replace',
    applyLocally: async (tx) => {
      await tx.schools.put({ ...school, ...fields, _pending: true });
    },
  });
}
