// What the ticketing screen reads, from the Dexie mirror only: the school's row for the event
// (null before the first save).
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb, TicketingRow } from '../../db/database';

export const ticketingRowId = (schoolId: string, eventId: string) => `${schoolId}:${eventId}`;

/** `row` is null when the school has no tickets yet; undefined as a whole while loading. */
export function useTicketing(
  db: InterschoolsDb,
  schoolId: string | null,
  eventId: string | null,
): { row: TicketingRow | null } | undefined {
  return useLiveQuery(async () => {
    if (!schoolId || !eventId) return { row: null };
    return { row: (await db.ticketing.get([schoolId, eventId])) ?? null };
  }, [db, schoolId, eventId]);
}
