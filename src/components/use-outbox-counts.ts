// The device's queued changes by state, read live from the outbox itself (src/db/outbox.ts): the
// status bar's counts change in the same moment as a row's 'waiting to be sent'.
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb } from '../db/database';
import { outboxCounts, type OutboxCounts } from '../db/outbox';

const NONE: OutboxCounts = { pending: 0, blocked: 0, failed: 0 };

export function useOutboxCounts(db: InterschoolsDb): OutboxCounts {
  return useLiveQuery(() => outboxCounts(db), [db]) ?? NONE;
}
