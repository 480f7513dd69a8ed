// What a screen over the device's copy of its school's rows (the Dexie mirror) may say. An empty
// list means 'none yet' only once a download of the session's school and event has finished on
// this device: before that (a new device, a school just picked, a page reloaded mid-download) the
// rows are on their way, and the screen says so instead of showing an empty grid.
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb } from '../db/database';
import { hasFinishedDownload } from '../db/meta';
import { isScopeOf } from '../domain/rules/sync-scope';

export type MirrorView = 'waiting' | 'empty' | 'rows';

/** Whether a download of the school and event has finished on this device (undefined while read). */
export function useScopeDownloaded(
  db: InterschoolsDb,
  schoolId: string | null,
  eventId: string | null,
): boolean | undefined {
  return useLiveQuery(
    () => hasFinishedDownload(db, (scope) => isScopeOf(scope, schoolId, eventId)),
    [db, schoolId, eventId],
  );
}

export function useMirrorView(
  db: InterschoolsDb,
  schoolId: string | null,
  eventId: string | null,
  rows: readonly unknown[] | undefined,
): MirrorView {
  const downloaded = useScopeDownloaded(db, schoolId, eventId);
  if (rows === undefined) return 'waiting';
  if (rows.length > 0) return 'rows';
  return downloaded ? 'empty' : 'waiting';
}
