// The message of the latest save the server refused (its outbox item set aside as failed), or
// null: of one mirror row (ticketing, the school profile), or of a whole list saved in one batch.
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

/** The message of the latest refused batch save of a whole list (its outbox item names no row). */
export function useListRefusal(db: InterschoolsDb, entity: string): string | null {
  return (
    useLiveQuery(async () => {
      const failed = await db.outbox.where('status').equals('failed').filter((item) => item.entity === entity && item.rowId === null).toArray();
      const latest = failed.sort((a, b) => b.seq - a.seq)[0];
      return latest ? (latest.error ?? 'The server refused this change.') : null;
    }, [db, entity]) ?? null
  );
}
