// The device's queued changes by state, read live from the outbox itself: the status bar's counts
// change in the same moment as a row's 'waiting to be sent', never after the engine's next refresh.
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb } from '../db/database';

export interface OutboxCounts {
  pending: number;
  blocked: number;
  failed: number;
}

const NONE: OutboxCounts = { pending: 0, blocked: 0, failed: 0 };

export function useOutboxCounts(db: InterschoolsDb): OutboxCounts {
  return (
    useLiveQuery(async () => {
      const [pending, blocked, failed] = await Promise.all(
        (['pending', 'blocked', 'failed'] as const).map((status) => db.outbox.where('status').equals(status).count()),
      );
      return { pending: pending!, blocked: blocked!, failed: failed! };
    }, [db]) ?? NONE
  );
}
