// The carry-over's write: one write of POST /api/v2/new-season-updates. In the same Dexie
// transaction the mirror gets the new year levels and the archived rows (their race entries of the
// event go, as any archive), and the stored session user loses its first-season flag, so home
// stops offering the carry-over at once, online or not.
import type { InterschoolsDb } from '../../db/database';
import { setSessionUser } from '../../db/meta';
import { planCarryOver } from '../../domain/rules/new-season';
import { participantsApi } from '../../domain/schemas/api/participants';
import type { SessionUser } from '../../domain/schemas/entities';
import { defineWrite, listBody, queueThrough } from '../../sync/write-adapter';

/** Carried participants are elements of `participants` ({ id, yearLevel }); archived ones are ids. */
const CARRY_OVER = defineWrite({
  table: 'participants',
  op: 'command',
  route: participantsApi.newSeasonUpdates,
  body: listBody(['participants'], ['participantsArchive']),
});

/** Queues the carry-over; resolves to the session user as it now is (flag cleared). */
export async function confirmCarryOver(
  db: InterschoolsDb,
  user: SessionUser,
  removed: ReadonlySet<string>,
  fallbackYear: number = new Date().getFullYear(),
): Promise<SessionUser> {
  const schoolId = user.SchoolId;
  if (!schoolId) throw new Error('Choose a school first.');
  const participants = await db.participants.where('SchoolId').equals(schoolId).toArray();
  const plan = planCarryOver(participants, removed);
  const year = (user.EventId ? (await db.events.get(user.EventId))?.year : undefined) ?? fallbackYear;
  const updated: SessionUser = { ...user, firstSeasonLogin: false };
  await queueThrough(db, CARRY_OVER, {
    body: { SchoolId: schoolId, year, participantsArchive: plan.archive, participants: plan.carried },
    rowId: null,
    eventId: user.EventId,
    userId: user.username,
    // The spec: a 409 answer is success (the carry-over was done from another device).
    conflictIsDone: true,
    applyLocally: async (tx) => {
      for (const { id, yearLevel } of plan.carried) await tx.participants.update(id, { yearLevel });
      for (const id of plan.archive) await tx.participants.update(id, { archived: 1 });
      if (user.EventId && plan.archive.length) {
        const entries = await tx.teamEntries.where('ParticipantId').anyOf(plan.archive).toArray();
        const teams = await tx.teams.bulkGet([...new Set(entries.map((e) => e.TeamId))]);
        const inEvent = new Set(teams.filter((t) => t?.EventId === user.EventId).map((t) => t!.id));
        await tx.teamEntries.bulkDelete(entries.filter((e) => inEvent.has(e.TeamId)).map((e) => e.id));
      }
      await setSessionUser(tx, updated);
    },
  });
  return updated;
}
