// What the team managers screen reads, all from the Dexie mirror (useLiveQuery), so it renders the
// same online and offline.
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb, OutboxItem, TeamManagerRow } from '../../db/database';
import { byName } from './team-manager-rows';

const NO_ROWS: TeamManagerRow[] = [];
const NO_MESSAGES: ReadonlyMap<string, string> = new Map();

/** The school's managers in the event, by surname. Undefined while loading. */
export function useTeamManagers(db: InterschoolsDb, schoolId: string | null, eventId: string | null): TeamManagerRow[] | undefined {
  return useLiveQuery(async () => {
    if (!schoolId || !eventId) return NO_ROWS;
    const rows = await db.teamManagers.where('[SchoolId+EventId]').equals([schoolId, eventId]).toArray();
    return rows.sort(byName);
  }, [db, schoolId, eventId]);
}

const ROW_FIELD = /^(?:body\.)?teamManagers\.(\d+)\./;

/** The refusal per manager id of one set-aside batch: a message naming a row's field goes on that
 *  row (e.g. the phone rule), the item's message on every row of the batch otherwise. */
export function refusalsOf(item: Pick<OutboxItem, 'body' | 'error' | 'fields'>): Map<string, string> {
  const rows = (item.body as { teamManagers?: { id?: unknown }[] } | null)?.teamManagers ?? [];
  const ids = rows.map((row) => (typeof row.id === 'string' ? row.id : null));
  const messages = new Map<string, string>();
  for (const field of item.fields ?? []) {
    const index = ROW_FIELD.exec(field.path)?.[1];
    const id = index === undefined ? null : ids[Number(index)];
    if (id && !messages.has(id)) messages.set(id, field.message);
  }
  if (messages.size === 0) {
    for (const id of ids) if (id) messages.set(id, item.error ?? 'The server refused this change.');
  }
  return messages;
}

/** The server's refusals per manager id, from outbox items set aside (400/409/422). */
export function useRefusedTeamManagers(db: InterschoolsDb): ReadonlyMap<string, string> {
  return (
    useLiveQuery(async () => {
      const failed = await db.outbox.where('status').equals('failed').filter((item) => item.entity === 'teamManagers').toArray();
      const messages = new Map<string, string>();
      for (const item of failed) for (const [id, message] of refusalsOf(item)) messages.set(id, message);
      return messages;
    }, [db]) ?? NO_MESSAGES
  );
}
