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

/** Whether a participant answers a search: every word typed is found in their given name, surname
 *  or snow id, whatever the case ('jack br' finds Jack Brown; '1234' a snow id). */
export function participantMatches(
  participant: { firstname?: string | null; lastname?: string | null; snowId?: string | number | null },
  search: string,
): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const text = [participant.firstname, participant.lastname, participant.snowId]
    .map((part) => String(part ?? '').toLowerCase())
    .join(' ');
  return words.every((word) => text.includes(word));
}
