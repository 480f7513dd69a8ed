// #/participant/index: the school's participants (spec section 2). Reads only the Dexie mirror;
// edits stay a draft until Save, which commits them locally with one queued call and returns to
// disabled at once. The draft is kept on the device as it is made (usePersistedDraft), so leaving
// the screen or reloading loses no edit. Read-only while the event is locked.
import { useState } from 'react';
import { DraftRestoredNote } from '../../components/draft-restored-note';
import { DataGrid, RowFormDialog } from '../../components/data-grid';
import { GridSearch } from '../../components/grid-search';
import { SaveButton } from '../../components/save-button';
import { useSession } from '../../components/session-context';
import { useSyncStatus } from '../../components/use-sync-status';
import { MirrorWaiting } from '../../components/mirror-waiting';
import { getDb, type InterschoolsDb } from '../../db/database';
import { canRemoveParticipant } from '../../domain/rules/participants';
import { AddParticipantDialog } from './add-participant-dialog';
import { participantCellClassName } from './participant-columns';
import type { ParticipantGridRow } from './participant-rows';
import { saveParticipantChanges } from './participant-writes';
import { RaceEntriesDialog } from './race-entries-dialog';
import { EMPTY_DRAFT, draftCount, useParticipantEditing, useParticipantRows } from './use-participants-grid';
import { PageMain } from '../../components/page-main';

export const LOCKED_MESSAGE = 'This event is locked: participants can be viewed but not changed.';

export interface ParticipantsPageProps {
  /** The database to read and write; the app's by default (tests pass their own). */
  db?: InterschoolsDb;
  currentYear?: number;
}

const nameOf = (row: ParticipantGridRow) => `${row.firstname} ${row.lastname}`.trim() || row.snowId || 'Participant';

/** The rows removed, saved with the next Save, each with Undo remove. */
function RemovedParticipants({ rows, onUndo }: { rows: ParticipantGridRow[]; onUndo: (id: string) => void }) {
  if (rows.length === 0) return null;
  return (
    <section aria-label="Removed, not saved yet">
      <h2 style={{ fontSize: '1rem' }}>Removed (saved with the next Save)</h2>
      <ul>
        {rows.map((row) => (
          <li key={row.id}>
            {nameOf(row)}{' '}
            <button type="button" onClick={() => onUndo(row.id)} className="button">
              Undo remove
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The changes the server refused, each with its reason. */
function RefusedParticipants({ rows }: { rows: ParticipantGridRow[] }) {
  if (rows.length === 0) return null;
  return (
    <section aria-label="Changes the server refused">
      <h2 style={{ fontSize: '1rem' }}>Changes the server refused</h2>
      <ul>
        {rows.map((row) => (
          <li key={row.id}>
            {nameOf(row)}: {row.status}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function ParticipantsPage({
  db = getDb(),
  currentYear = new Date().getFullYear(),
}: ParticipantsPageProps) {
  const { user } = useSession();
  const status = useSyncStatus();
  const schoolId = user?.SchoolId ?? null;
  const grid = useParticipantRows(db, user, currentYear);
  const { draft, setDraft, restored, setEdits, setRemoved, view, baseRows, rows, shown, columns } = grid;
  const [updating, setUpdating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [entriesOf, setEntriesOf] = useState<ParticipantGridRow | null>(null);

  const locked = Boolean(status.locked || user?.locked);
  const canRemove = !locked && !!user && canRemoveParticipant(user.type, grid.invoicePaid);

  const dirty = draftCount(draft) > 0;

  const { onChange, actions, editing, setEditing } = useParticipantEditing({
    baseRows,
    locked,
    canRemove,
    setEdits,
    setRemoved,
    setNotice,
    setEntriesOf,
  });

  async function save() {
    if (!user || locked) return;
    setUpdating(true);
    setError(null);
    try {
      await saveParticipantChanges(db, grid.changes, user);
      setDraft(EMPTY_DRAFT);
      setNotice('Changes saved on this device; they are sent to the server when online.');
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setUpdating(false);
    }
  }

  if (!user)
    return (
      <PageMain className="page">
        <p>Sign in to see participants.</p>
      </PageMain>
    );
  if (!schoolId)
    return (
      <PageMain className="page">
        <h1>Participants</h1>
        <p>Choose a school to see its participants.</p>
      </PageMain>
    );

  return (
    <PageMain className="page-wide participants-page">
      <h1>Participants</h1>
      {locked && (
        <p role="status" className="locked-note">
          {LOCKED_MESSAGE}
        </p>
      )}
      <div className="toolbar grid-toolbar">
        {!locked && (
          <>
            <button type="button" onClick={() => setAdding(true)} className="button">
              Add participant
            </button>
            <SaveButton dirty={dirty} updating={updating} blockedReason={grid.blockedReason} onSave={save} />
          </>
        )}
        <GridSearch
          label="Find a participant"
          placeholder="Name or Snow Id"
          value={grid.search}
          onChange={grid.setSearch}
          found={shown.length}
          total={rows.length}
        />
      </div>
      {notice && <p role="status">{notice}</p>}
      {restored && <DraftRestoredNote count={draftCount(draft)} onDiscard={() => setDraft(EMPTY_DRAFT)} />}
      {error && <p role="alert">{error}</p>}
      {view === 'waiting' ? (
        <MirrorWaiting what="participants" online={status.online} />
      ) : (
        <DataGrid
          label="Participants"
          columns={columns}
          rows={shown}
          actions={actions}
          readOnly={locked}
          onChange={onChange}
          cellClassName={participantCellClassName}
          rowLabel={nameOf}
        />
      )}
      {view === 'empty' && rows.length === 0 && <p>No participants yet.</p>}
      <RemovedParticipants
        rows={baseRows.filter((row) => draft.removed.has(row.id))}
        onUndo={(id) => setRemoved((current) => new Set([...current].filter((other) => other !== id)))}
      />
      <RefusedParticipants rows={rows.filter((row) => row.failed)} />
      {editing && (
        <RowFormDialog
          title={`Edit ${nameOf(editing.row)}`}
          columns={columns}
          row={editing.row}
          rowIndex={editing.index}
          onChange={onChange}
          onClose={() => setEditing(null)}
        />
      )}
      {adding && (
        <AddParticipantDialog
          db={db}
          user={user}
          online={status.online}
          currentYear={currentYear}
          onClose={() => setAdding(false)}
          onAdded={(result, name) => {
            setAdding(false);
            setNotice(
              result.mode === 'updated' ? `${name} already existed: the participant was updated.` : `${name} added.`,
            );
          }}
        />
      )}
      {entriesOf && (
        <RaceEntriesDialog
          db={db}
          user={user}
          participant={entriesOf}
          readOnly={locked}
          onClose={() => setEntriesOf(null)}
        />
      )}
    </PageMain>
  );
}
