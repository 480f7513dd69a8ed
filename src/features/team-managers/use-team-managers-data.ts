// What the team managers screen reads, all from the Dexie mirror (useLiveQuery), so it renders the
// same online and offline.
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb, OutboxItem, TeamManagerRow } from '../../db/database';
import { batchRefusals } from '../../sync/refusals';
import { byName } from './team-manager-rows';

const NO_ROWS: TeamManagerRow[] = [];
const NO_MESSAGES: ReadonlyMap<string, string> = new Map();

/** The school's managers in the event, by surname. Undefined while loading. */
export function useTeamManagers(
  db: InterschoolsDb,
  schoolId: string | null,
  eventId: string | null,
): TeamManagerRow[] | undefined {
  return useLiveQuery(async () => {
    if (!schoolId || !eventId) return NO_ROWS;
    const rows = await db.teamManagers.where('[SchoolId+EventId]').equals([schoolId, eventId]).toArray();
    return rows.sort(byName);
  }, [db, schoolId, eventId]);
}

/** The refusal per manager id of one set-aside batch (a field's message on its row, else the
 *  item's message on every row of the batch). */
export function refusalsOf(item: Pick<OutboxItem, 'body' | 'error' | 'fields'>): Map<string, string> {
  return batchRefusals(item, 'teamManagers').rows;
}

/** The server's refusals per manager id, from outbox items set aside (400/409/422). */
export function useRefusedTeamManagers(db: InterschoolsDb): ReadonlyMap<string, string> {
  return (
    useLiveQuery(async () => {
      const failed = await db.outbox
        .where('status')
        .equals('failed')
        .filter((item) => item.entity === 'teamManagers')
        .toArray();
      const messages = new Map<string, string>();
      for (const item of failed) for (const [id, message] of refusalsOf(item)) messages.set(id, message);
      return messages;
    }, [db]) ?? NO_MESSAGES
  );
}
