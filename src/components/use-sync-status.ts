// React view of the sync status store (src/sync/status.ts).
import { useSyncExternalStore } from 'react';
import { syncStatus, type SyncStatus } from '../sync/status';

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(syncStatus.subscribe, syncStatus.get, syncStatus.get);
}
