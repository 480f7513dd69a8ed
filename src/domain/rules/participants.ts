import type { UserType } from '../constants/choices';

/** A school user cannot remove participants once the invoice is paid; other users always can. */
export function canRemoveParticipant(userType: UserType, invoicePaid: boolean): boolean {
  return !(userType === 'school' && invoicePaid);
}

/** Removing a participant archives it (archived = 1) and, on save, deletes its race entries in
 *  the current event. Returns the ids of those entries among the event's team entries. */
export function raceEntriesToDelete(
  archivedParticipantIds: Iterable<string>,
  currentEventEntries: readonly { id: string; ParticipantId: string | null }[],
): string[] {
  const archived = new Set(archivedParticipantIds);
  return currentEventEntries
    .filter((entry) => entry.ParticipantId !== null && archived.has(entry.ParticipantId))
    .map((entry) => entry.id);
}

/** Participants still listed (archived ones leave the grid). */
export function activeParticipants<P extends { archived: number }>(participants: readonly P[]): P[] {
  return participants.filter((p) => p.archived !== 1);
}
