// The always-visible sync state (ARCHITECTURE.md 'Client: offline first'): online or offline,
// syncing, edits not saved yet (screens' drafts), pending changes, changes blocked by a lock (listed, exportable) and changes needing
// attention, plus the locked-event banner. It only reads the status store; the engine writes it.
import { Suspense, lazy, useState } from 'react';
import type { InterschoolsDb } from '../db/database';
import type { SetAsideView } from './blocked-changes';
import { useSyncStatus } from './use-sync-status';

// The list (and its CSV writer) loads only when opened.
const BlockedChanges = lazy(() => import('./blocked-changes'));

export const LOCKED_MESSAGE = 'This event is locked. Changes can no longer be made.';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export interface AppStatusProps {
  db: InterschoolsDb;
  /** The session user is marked locked (a 410 earlier, or a locked event at login). */
  userLocked?: boolean;
  /** Edits made on screens and not saved yet (drafts kept on this device). */
  unsaved?: number;
  onChanged?(): void;
}

export function AppStatus({ db, userLocked = false, unsaved = 0, onChanged }: AppStatusProps) {
  const status = useSyncStatus();
  const [open, setOpen] = useState<SetAsideView | null>(null);

  return (
    <>
      {(status.locked || userLocked) && (
        <div className="banner banner-locked" role="alert">{LOCKED_MESSAGE}</div>
      )}
      <div className="app-status" role="status" aria-live="polite" aria-label="Sync status">
        <span className={status.online ? 'pill pill-online' : 'pill pill-offline'}>
          {status.online ? 'Online' : 'Offline'}
        </span>
        {status.syncing && <span className="pill pill-syncing">Syncing…</span>}
        {status.pending > 0 && (
          <span className="pill pill-pending">{plural(status.pending, 'change pending', 'changes pending')}</span>
        )}
        {unsaved > 0 && (
          <span className="pill pill-unsaved">{plural(unsaved, 'edit not saved yet', 'edits not saved yet')}</span>
        )}
        {unsaved === 0 && status.pending === 0 && !status.syncing && status.blocked === 0 && status.failed === 0 && (
          <span className="pill pill-quiet">All changes saved</span>
        )}
        {status.blocked > 0 && (
          <button type="button" className="pill pill-button pill-blocked" onClick={() => setOpen('blocked')}>
            {status.blocked} blocked
          </button>
        )}
        {status.failed > 0 && (
          <button type="button" className="pill pill-button pill-failed" onClick={() => setOpen('failed')}>
            {status.failed} need attention
          </button>
        )}
        {status.message && <span className="status-message">{status.message}</span>}
      </div>
      {open && (
        <Suspense fallback={null}>
          <BlockedChanges db={db} view={open} onClose={() => setOpen(null)} onChanged={onChanged} />
        </Suspense>
      )}
    </>
  );
}
