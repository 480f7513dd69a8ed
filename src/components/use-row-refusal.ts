// The message of the latest save of one mirror row that the server refused (its outbox item set
// aside as failed), or null: single-record screens (ticketing, the school profile) show it.
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb } from '../db/database';

export function useRowRefusal(db: InterschoolsDb, entity: string, rowId: string | null): string | null {
  return (
    useLiveQuery(async () => {
      if (!rowId) return null;
      const failed = await db.outbox.where('[entity+rowId]').equals([entity, rowId]).filter((item) => item.status === 'failed').toArray();
      const latest = failed.sort((a, b) => b.seq - a.seq)[0];
      return latest ? (latest.error ?? 'The server refused this change.') : null;
    }, [db, entity, rowId]) ?? null
  );
}
