// The always-visible sync state (src/sync/README.md 'Status'), on one line: online or
// offline, syncing, edits not saved yet (screens' drafts), and the changes on this device the server
// does not have (waiting, blocked by a lock, needing attention), each a button opening their list;
// plus the locked-event banner. The counts are read live from the outbox; the rest from the status
// store the engine writes.
import { Suspense, lazy, useState } from 'react';
import type { InterschoolsDb, OutboxStatus } from '../db/database';
import { useOutboxCounts } from './use-outbox-counts';
import { useSyncStatus } from './use-sync-status';

// The list (and its CSV writer) loads only when opened.
const ChangesOnDevice = lazy(() => import('./changes-on-device'));

export const LOCKED_MESSAGE = 'This event is locked. Changes can no longer be made.';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A cloud struck through: no connection (drawn here, so it shows offline). */
function OfflineIcon() {
  return (
    <svg className="pill-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 18h10a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.1 9.3 4.5 4.5 0 0 0 7 18z" />
      <path d="M3 3l18 18" />
    </svg>
  );
}

export interface AppStatusProps {
  db: InterschoolsDb;
  /** The session user is marked locked (a 410 earlier, or a locked event at login). */
  userLocked?: boolean;
  /** Edits made on screens and not saved yet (drafts kept on this device). */
  unsaved?: number;
}

export function AppStatus({ db, userLocked = false, unsaved = 0 }: AppStatusProps) {
  const status = useSyncStatus();
  const counts = useOutboxCounts(db);
  const [open, setOpen] = useState<OutboxStatus | null>(null);
  const allSaved =
    unsaved === 0 && counts.pending === 0 && !status.syncing && counts.blocked === 0 && counts.failed === 0;
  const listButton = (view: OutboxStatus, className: string, text: string) => (
    <button type="button" className={`pill pill-button ${className}`} onClick={() => setOpen(view)}>
      {text}
    </button>
  );

  return (
    <>
      {(status.locked || userLocked) && (
        <div className="banner banner-locked" role="alert">
          {LOCKED_MESSAGE}
        </div>
      )}
      <div className="app-status" role="status" aria-live="polite" aria-label="Sync status">
        {status.online ? (
          <span className="pill pill-online">Online</span>
        ) : (
          // Bold white on near-black with an icon: read at a glance at the start hut in the sun.
          <span className="pill pill-offline">
            <OfflineIcon />
            Offline
          </span>
        )}
        {status.online && status.live && (
          <span className="pill pill-live" title="Changes made on other devices appear here within seconds">
            Live
          </span>
        )}
        {status.syncing && <span className="pill pill-syncing">Syncing…</span>}
        {counts.pending > 0 &&
          listButton(
            'pending',
            'pill-pending',
            plural(counts.pending, 'change waiting to be sent', 'changes waiting to be sent'),
          )}
        {unsaved > 0 && (
          <span className="pill pill-unsaved">{plural(unsaved, 'edit not saved yet', 'edits not saved yet')}</span>
        )}
        {allSaved && <span className="pill pill-quiet">All changes saved</span>}
        {counts.blocked > 0 && listButton('blocked', 'pill-blocked', `${counts.blocked} blocked`)}
        {counts.failed > 0 && listButton('failed', 'pill-failed', `${counts.failed} need attention`)}
        {status.message && <span className="status-message">{status.message}</span>}
      </div>
      {open && (
        <Suspense fallback={null}>
          <ChangesOnDevice db={db} view={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
