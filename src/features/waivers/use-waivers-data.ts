// What the waivers screen reads, all from the Dexie mirror (useLiveQuery), so it renders and
// matches the same online and offline: the school's participants, its volunteers and waivers of
// the event, and the server's refusals of earlier saves.
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb, OutboxItem, ParticipantRow, VolunteerRow, WaiverRow } from '../../db/database';
import { matchWaivers, type WaiverMatches } from '../../domain/rules/waiver-matching';
import { batchRefusals } from '../../sync/refusals';

export interface WaiverRows {
  participants: ParticipantRow[];
  volunteers: VolunteerRow[];
  waivers: WaiverRow[];
}

const NO_ROWS: WaiverRows = { participants: [], volunteers: [], waivers: [] };
const NO_MESSAGES: ReadonlyMap<string, string> = new Map();

export async function readWaiverRows(db: InterschoolsDb, schoolId: string, eventId: string): Promise<WaiverRows> {
  const scope = [schoolId, eventId];
  const [participants, volunteers, waivers] = await Promise.all([
    db.participants.where('SchoolId').equals(schoolId).toArray(),
    db.volunteers.where('[SchoolId+EventId]').equals(scope).toArray(),
    db.waivers.where('[SchoolId+EventId]').equals(scope).toArray(),
  ]);
  return { participants, volunteers, waivers };
}

/** The answer GET /api/waivers/matched would give, computed from the mirror. */
export async function readMatchedWaivers(
  db: InterschoolsDb,
  schoolId: string,
  eventId: string,
): Promise<WaiverMatches<WaiverRow>> {
  return matchWaivers(await readWaiverRows(db, schoolId, eventId));
}

/** The session's rows; undefined while loading. */
export function useWaiverRows(
  db: InterschoolsDb,
  schoolId: string | null,
  eventId: string | null,
): WaiverRows | undefined {
  return useLiveQuery(
    async () => (schoolId && eventId ? readWaiverRows(db, schoolId, eventId) : NO_ROWS),
    [db, schoolId, eventId],
  );
}

/** The refusal per waiver id of one set-aside batch (a field's message on its row, else the item's
 *  message on every waiver of the batch). */
export function refusalsOf(item: Pick<OutboxItem, 'body' | 'error' | 'fields'>): Map<string, string> {
  return batchRefusals(item, 'data').rows;
}

/** The server's refusals per waiver id, from outbox items set aside (400/404/409/422). */
export function useRefusedWaivers(db: InterschoolsDb): ReadonlyMap<string, string> {
  return (
    useLiveQuery(async () => {
      const failed = await db.outbox
        .where('status')
        .equals('failed')
        .filter((item) => item.entity === 'waivers')
        .toArray();
      const messages = new Map<string, string>();
      for (const item of failed) for (const [id, message] of refusalsOf(item)) messages.set(id, message);
      return messages;
    }, [db]) ?? NO_MESSAGES
  );
}
