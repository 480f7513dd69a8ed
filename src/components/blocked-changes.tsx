// The list behind the status bar's 'N blocked' and 'N need attention': changes a locked event
// stopped (kept, exportable as CSV, never dropped silently) and changes the server refused (with
// its message; the user may send them again or discard them).
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { InterschoolsDb, OutboxItem } from '../db/database';
import { discardFailed, exportBlockedCsv, listBlocked, listFailed, retryFailed } from '../sync/blocked';
import { Dialog } from './dialog';
import { CSV_TYPE, saveFile } from './save-file';

export type SetAsideView = 'blocked' | 'failed';

export interface BlockedChangesProps {
  db: InterschoolsDb;
  view: SetAsideView;
  onClose(): void;
  /** Called after a retry or discard, so the counts can be refreshed. */
  onChanged?(): void;
}

const TITLES: Record<SetAsideView, string> = {
  blocked: 'Changes blocked by the event lock',
  failed: 'Changes that need attention',
};

function describe(item: OutboxItem): string {
  const when = new Date(item.createdAt);
  const at = Number.isNaN(when.getTime()) ? item.createdAt : when.toLocaleString('en-AU');
  return `${at}: ${item.method} ${item.path}`;
}

export default function BlockedChanges({ db, view, onClose, onChanged }: BlockedChangesProps) {
  const items = useLiveQuery(() => (view === 'blocked' ? listBlocked(db) : listFailed(db)), [db, view]);
  const [busy, setBusy] = useState(false);

  async function act(fn: () => Promise<unknown>) {
    setBusy(true);
    try {
      await fn();
      onChanged?.();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={TITLES[view]}
      onCancel={onClose}
      actions={(
        <>
          {view === 'blocked' && (
            <button
              type="button"
              className="button"
              disabled={busy || !items?.length}
              onClick={() => void act(async () => saveFile(new Blob([await exportBlockedCsv(db)], { type: CSV_TYPE }), 'blocked-changes.csv'))}
            >
              Export as CSV
            </button>
          )}
          <button type="button" className="button button-primary" onClick={onClose}>Close</button>
        </>
      )}
    >
      {view === 'blocked' && (
        <p>This event is locked, so these changes cannot be sent. They stay on this device; export them to keep a copy.</p>
      )}
      {items === undefined && <p role="status">Loading…</p>}
      {items?.length === 0 && <p>Nothing here.</p>}
      {!!items?.length && (
        <ul className="set-aside-list">
          {items.map((item) => (
            <li key={item.localId}>
              <span className="set-aside-what">{describe(item)}</span>
              {item.error && <span className="set-aside-error">{item.error}</span>}
              {item.fields?.map((f) => (
                <span key={f.path} className="set-aside-error">{f.path}: {f.message}</span>
              ))}
              {view === 'failed' && item.localId !== undefined && (
                <span className="set-aside-actions">
                  <button type="button" className="button" disabled={busy} onClick={() => void act(() => retryFailed(db, item.localId!))}>
                    Send again
                  </button>
                  <button type="button" className="button" disabled={busy} onClick={() => void act(() => discardFailed(db, item.localId!))}>
                    Discard
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
