// The message of the latest save the server refused (its outbox item set aside as failed), or
// null: of one mirror row (ticketing, the school profile), or of a whole list saved in one batch.
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb, OutboxItem } from '../db/database';
import { queuedForRow } from '../db/outbox';

export type Refusal = { message: string; /** The refused outbox item (to discard it). */ localId: number };

const latestRefusal = (failed: OutboxItem[]): Refusal | null => {
  const latest = failed.sort((a, b) => b.seq - a.seq)[0];
  return latest ? { message: latest.error ?? 'The server refused this change.', localId: latest.localId! } : null;
};

export function useRowRefusal(db: InterschoolsDb, entity: string, rowId: string | null): Refusal | null {
  return (
    useLiveQuery(async () => {
      if (!rowId) return null;
      return latestRefusal((await queuedForRow(db, entity, rowId)).filter((item) => item.status === 'failed'));
    }, [db, entity, rowId]) ?? null
  );
}

/** The message of the latest refused batch save of a whole list (its outbox item names no row). */
export function useListRefusal(db: InterschoolsDb, entity: string): Refusal | null {
  return (
    useLiveQuery(
      async () =>
        latestRefusal(
          await db.outbox
            .where('status')
            .equals('failed')
            .filter((item) => item.entity === entity && item.rowId === null)
            .toArray(),
        ),
      [db, entity],
    ) ?? null
  );
}
