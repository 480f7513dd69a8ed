// How far this device is from being ready to work offline, said after sign-in on race officials'
// screens (a tablet signed in at the hut may lose the network in the first seconds): the app's
// files stored by the service worker, of those it needs, and whether the race-day data has
// downloaded. It asks the worker each second until every file is there, then says plainly that
// the device is ready.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { InterschoolsDb } from '../db/database';
import { RACE_DAY_SYNC_SCOPE, getLastSyncedAt } from '../db/meta';
import { STORED_FILES, type StoredFiles } from '../sync/stored-files';

const ASK_EVERY_MS = 1000;

/** The worker's answer, or null when there is no worker to ask (yet). */
async function askStoredFiles(): Promise<StoredFiles | null> {
  const worker = navigator.serviceWorker?.controller ?? (await navigator.serviceWorker?.getRegistration())?.active;
  if (!worker) return null;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<StoredFiles>) => resolve(event.data);
    worker.postMessage({ type: STORED_FILES }, [channel.port2]);
  });
}

const canStore = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

function useStoredFiles(): StoredFiles | null | undefined {
  // Without service workers nothing is ever stored: null from the start.
  const [files, setFiles] = useState<StoredFiles | null | undefined>(() => (canStore() ? undefined : null));
  useEffect(() => {
    if (!canStore()) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const answer = await askStoredFiles().catch(() => null);
      if (stop) return;
      setFiles(answer);
      if (!answer || answer.stored < answer.total) timer = setTimeout(() => void ask(), ASK_EVERY_MS);
    };
    void ask();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, []);
  return files;
}

/** `whileGettingReady`: said only on a device that was not ready when the screen opened (the
 *  race-day screens, where a line more on a ready tablet is a line less of racers). */
export function OfflineReadiness({
  db,
  whileGettingReady = false,
}: {
  db: InterschoolsDb;
  whileGettingReady?: boolean;
}) {
  const files = useStoredFiles();
  const raceDay = useLiveQuery(() => getLastSyncedAt(db, RACE_DAY_SYNC_SCOPE), [db]);
  const [wasGettingReady, setWasGettingReady] = useState(false);
  const known = files !== undefined && raceDay !== undefined;
  const filesReady = !!files && files.stored >= files.total;
  const ready = filesReady && !!raceDay;
  // Remembered as it is seen (React's pattern for state that follows a value).
  if (known && !ready && !wasGettingReady) setWasGettingReady(true);
  if (!known || (ready && whileGettingReady && !wasGettingReady)) return null;
  if (ready) {
    return (
      <p role="status" className="offline-readiness offline-ready">
        Ready to work offline: the app and the race-day data are on this device.
      </p>
    );
  }
  const app = !files
    ? 'the app is not stored yet'
    : filesReady
      ? 'the app is stored'
      : `the app's files: ${files.stored} of ${files.total} stored`;
  return (
    <p role="status" className="offline-readiness notice notice-warning">
      Getting this device ready to work offline: {app};{' '}
      {raceDay ? 'the race-day data is here' : 'the race-day data is downloading'}. Keep it online until this says
      ready.
    </p>
  );
}
