// What the ticketing screen reads, from the Dexie mirror only: the school's row for the event
// (null before the first save) and the refusal of a save the server set aside.
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb, TicketingRow } from '../../db/database';

export const ticketingRowId = (schoolId: string, eventId: string) => `${schoolId}:${eventId}`;

/** `row` is null when the school has no tickets yet; undefined as a whole while loading. */
export function useTicketing(db: InterschoolsDb, schoolId: string | null, eventId: string | null): { row: TicketingRow | null } | undefined {
  return useLiveQuery(async () => {
    if (!schoolId || !eventId) return { row: null };
    return { row: (await db.ticketing.get([schoolId, eventId])) ?? null };
  }, [db, schoolId, eventId]);
}

/** The message of the latest refused ticketing save of this school and event, or null. */
export function useTicketingRefusal(db: InterschoolsDb, schoolId: string | null, eventId: string | null): string | null {
  return (
    useLiveQuery(async () => {
      if (!schoolId || !eventId) return null;
      const rowId = ticketingRowId(schoolId, eventId);
      const failed = await db.outbox.where('[entity+rowId]').equals(['ticketing', rowId]).filter((item) => item.status === 'failed').toArray();
      const latest = failed.sort((a, b) => b.seq - a.seq)[0];
      return latest ? (latest.error ?? 'The server refused this change.') : null;
    }, [db, schoolId, eventId]) ?? null
  );
}
