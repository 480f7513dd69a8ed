// The list behind the status bar's counts: the changes on this device that the server does not
// have yet. Waiting to be sent; needing attention (the server refused them, with its message: send
// again or discard); blocked by an event lock (kept, exportable as CSV, never dropped silently).
// Each change is said in words, row by row ('Jack Brown: year level 8 to 9'; rules/change-words.ts),
// from the write's body and the rows as they were before it.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import type { InterschoolsDb, OutboxItem, OutboxStatus } from '../db/database';
import { listByStatus } from '../db/outbox';
import { idsNamedInBody, intentOf, isPlainObject, layoutOf, rowsInBody, type Row } from '../db/write-intent';
import { changeInWords } from '../domain/rules/change-words';
import { isBatchUndo } from '../sync/rows';
import { discardFailed, exportBlockedCsv, retryFailed } from '../sync/blocked';
import { Dialog } from './dialog';
import { CSV_TYPE, saveFile } from './save-file';

export interface ChangesOnDeviceProps {
  db: InterschoolsDb;
  /** The part the user asked for: it is scrolled into view. */
  view: OutboxStatus;
  onClose(): void;
}

const SECTIONS: { status: OutboxStatus; title: string; note?: string }[] = [
  {
    status: 'failed',
    title: 'Need attention',
    note: 'The server refused these changes. Send them again once corrected, or discard them.',
  },
  {
    status: 'blocked',
    title: 'Blocked by the event lock',
    note: 'This event is locked, so these changes cannot be sent. They stay on this device; export them to keep a copy.',
  },
  { status: 'pending', title: 'Waiting to be sent', note: 'These are sent as soon as the server can be reached.' },
];

/** What each kind of change is called on screen. */
const WHAT: Partial<Record<OutboxItem['entity'], string>> = {
  participants: 'Participants',
  teamManagers: 'Team managers',
  teams: 'Teams',
  teamEntries: 'Team entries',
  volunteers: 'Volunteers',
  volunteerSlots: 'Volunteer places',
  waivers: 'Waivers',
  schools: 'School details',
  ticketing: 'Tickets',
  raceEntries: 'Race entries',
  raceMarks: 'Start marks',
};

/** The row as it was before the change, from the item's base: one row, a list of rows, or the
 *  undo of a list batch (the rows it changed or removed, as they were). */
function beforeOf(base: unknown, id: unknown): Row | undefined {
  const rows = Array.isArray(base) ? base : isBatchUndo(base) ? base.undo.put : null;
  if (rows) return rows.find((row): row is Row => isPlainObject(row) && row.id === id);
  return isPlainObject(base) ? base : undefined;
}

function inWords(item: OutboxItem): string[] {
  const layout = layoutOf(item);
  const op = intentOf(item).op;
  return changeInWords({
    table: item.entity,
    op,
    rows: rowsInBody(layout, item.body),
    before: (id) => (op === 'create' ? undefined : beforeOf(item.base, id)),
    removed: idsNamedInBody(layout, item.body).length,
    removedRow: op === 'delete' ? beforeOf(item.base, item.rowId) : undefined,
  });
}

function when(item: OutboxItem): string {
  const at = new Date(item.createdAt);
  return Number.isNaN(at.getTime()) ? item.createdAt : at.toLocaleString('en-AU');
}

function ItemRow({
  db,
  item,
  busy,
  act,
}: {
  db: InterschoolsDb;
  item: OutboxItem;
  busy: boolean;
  act(fn: () => Promise<unknown>): void;
}) {
  return (
    <li>
      <span className="set-aside-what">
        {WHAT[item.entity] ?? item.entity}, changed {when(item)}
      </span>
      <ul className="set-aside-words">
        {inWords(item).map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {item.error && <span className="set-aside-error">{item.error}</span>}
      {item.fields?.map((f) => (
        <span key={f.path} className="set-aside-error">
          {f.path}: {f.message}
        </span>
      ))}
      {item.status === 'failed' && item.localId !== undefined && (
        <span className="set-aside-actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => act(() => retryFailed(db, item.localId!))}
          >
            Send again
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => act(() => discardFailed(db, item.localId!))}
          >
            Discard
          </button>
        </span>
      )}
    </li>
  );
}

export default function ChangesOnDevice({ db, view, onClose }: ChangesOnDeviceProps) {
  const lists = useLiveQuery(
    async () =>
      Object.fromEntries(
        await Promise.all(SECTIONS.map(async (s) => [s.status, await listByStatus(db, s.status)] as const)),
      ),
    [db],
  );
  const [busy, setBusy] = useState(false);
  const chosen = useRef<HTMLElement>(null);
  const loaded = lists !== undefined;
  useEffect(() => {
    if (loaded) chosen.current?.scrollIntoView?.({ block: 'nearest' });
  }, [loaded]);

  async function act(fn: () => Promise<unknown>) {
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      title="Changes on this device"
      onCancel={onClose}
      actions={
        <button type="button" className="button button-primary" onClick={onClose}>
          Close
        </button>
      }
    >
      {!lists && <p role="status">Loading…</p>}
      {lists &&
        SECTIONS.map(({ status, title, note }) => {
          const items = lists[status] ?? [];
          if (!items.length && status !== view) return null;
          return (
            <section
              key={status}
              ref={status === view ? chosen : undefined}
              aria-labelledby={`changes-${status}`}
              className="set-aside-section"
            >
              <h3 id={`changes-${status}`}>
                {title} ({items.length})
              </h3>
              {items.length ? <p className="muted">{note}</p> : <p>Nothing here.</p>}
              {status === 'blocked' && items.length > 0 && (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() =>
                    void act(async () =>
                      saveFile(new Blob([await exportBlockedCsv(db)], { type: CSV_TYPE }), 'blocked-changes.csv'),
                    )
                  }
                >
                  Export as CSV
                </button>
              )}
              {items.length > 0 && (
                <ul className="set-aside-list">
                  {items.map((item) => (
                    <ItemRow key={item.localId} db={db} item={item} busy={busy} act={(fn) => void act(fn)} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
    </Dialog>
  );
}
