// Save of the volunteers screens: the volunteers and slots into the mirror and ONE outbox item
// holding the spec's PUT /api/volunteers {multi, volunteers, volunteersDeleted, slots,
// slotsDeleted}, in one Dexie transaction; the network is never awaited. A refused save whose
// rows it sends again is dropped in the same transaction (writes.ts, `refused: 'replace'`).
import type { InterschoolsDb, OutboxItem } from '../../db/database';
import { volunteersApi } from '../../domain/schemas/api/volunteers';
import type { SessionUser } from '../../domain/schemas/entities';
import { defineWrite, listBody, queueThrough, queuedThrough } from '../../sync/write-adapter';
import type { VolunteersSave } from './volunteer-draft';

/** The volunteers' slots travel in the same body; a slot is found there by id like a volunteer. */
const VOLUNTEERS_SAVE = defineWrite({
  table: 'volunteers',
  op: 'saveList',
  route: volunteersApi.save,
  body: listBody(['volunteers', 'slots'], ['volunteersDeleted', 'slotsDeleted']),
});

/** An outbox item of this save. */
export const isVolunteersSave = (item: OutboxItem): boolean => queuedThrough(VOLUNTEERS_SAVE, item);

export async function saveVolunteers(
  db: InterschoolsDb,
  save: VolunteersSave,
  user: Pick<SessionUser, 'username' | 'EventId' | 'SchoolId'>,
): Promise<void> {
  const scope = { SchoolId: user.SchoolId!, EventId: user.EventId! };
  await queueThrough(db, VOLUNTEERS_SAVE, {
    body: save.body,
    rowId: null,
    eventId: user.EventId,
    userId: user.username,
    base: save.base,
    refused: 'replace',
    applyLocally: async (tx) => {
      await tx.volunteers.bulkPut(save.volunteers.map((v) => ({ ...v, ...scope, _pending: true })));
      await tx.volunteers.bulkDelete(save.removedVolunteers);
      await tx.volunteerSlots.bulkPut(save.slots.map((s) => ({ ...s, ...scope, _pending: true })));
      await tx.volunteerSlots.bulkDelete(save.removedSlots);
      // The server frees the slots of a removed volunteer; so does the mirror.
      if (save.removedVolunteers.length) {
        await tx.volunteerSlots.where('VolunteerId').anyOf(save.removedVolunteers).modify({ VolunteerId: null });
      }
    },
  });
}
