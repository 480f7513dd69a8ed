// #/teamManager/index: the school's team managers for the event (spec section 2). Reads only the
// Dexie mirror; edits, added and removed rows stay a draft until Save, which commits them locally
// with one queued PUT /api/teamManagers and returns to disabled at once. Read-only while the
// event is locked.
import { useCallback, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { DataGrid, RowFormDialog, findInvalidCells, type GridChange } from '../../components/data-grid';
import { PageMain } from '../../components/page-main';
import { SaveButton } from '../../components/save-button';
import { ConfirmDialog } from '../../components/dialog';
import { useSession } from '../../components/session-context';
import { DraftRestoredNote } from '../../components/draft-restored-note';
import { useSyncStatus } from '../../components/use-sync-status';
import { MirrorWaiting } from '../../components/mirror-waiting';
import { getDb, type InterschoolsDb } from '../../db/database';
import { teamManagerCellClassName } from './team-manager-columns';
import {
  EMPTY_DRAFT,
  isDirty,
  newTeamManager,
  planTeamManagersSave,
  recordEdit,
  removeRow,
  undoRemove,
  type TeamManagerDraft,
  type TeamManagerGridRow,
} from './team-manager-rows';
import { saveTeamManagers } from './team-manager-writes';
import { RefusedTeamManagers, RemovedTeamManagers, teamManagerName } from './team-manager-lists';
import { draftCount, useRowActions, useTeamManagerRows, type ConfirmRemove } from './use-team-managers-grid';

export const LOCKED_MESSAGE = 'This event is locked: team managers can be viewed but not changed.';
const SAVED_NOTICE = 'Changes saved on this device; they are sent to the server when online.';

/** Asked before removing a team manager who looks after teams of the event. */
function ConfirmRemoveDialog({
  confirm,
  onConfirm,
  onCancel,
}: {
  confirm: ConfirmRemove;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Remove ${teamManagerName(confirm.row)}?`}
      message={
        <p>
          {teamManagerName(confirm.row)} looks after {confirm.teams === 1 ? '1 team' : `${confirm.teams} teams`}. Once
          saved, {confirm.teams === 1 ? 'that team has' : 'those teams have'} no team manager until you choose another.
        </p>
      }
      confirmLabel="Remove"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

export default function TeamManagersPage({ db = getDb() }: { db?: InterschoolsDb }) {
  const { user } = useSession();
  const status = useSyncStatus();
  const schoolId = user?.SchoolId ?? null;
  const eventId = user?.EventId ?? null;
  const { mirror, draft, setDraft, restored, baseRows, rows, view, columns, quiet, invalid } = useTeamManagerRows(
    db,
    user,
  );
  const [updating, setUpdating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const locked = Boolean(status.locked || user?.locked);
  const dirty = isDirty(draft);

  const edit = useCallback(
    (next: (current: TeamManagerDraft) => TeamManagerDraft) => {
      setNotice(null);
      setDraft(next);
    },
    [setDraft],
  );

  const onChange = useCallback(
    (changes: GridChange<TeamManagerGridRow>[]) =>
      edit((current) =>
        changes.reduce(
          (next, change) =>
            recordEdit(
              next,
              baseRows.find((row) => row.id === change.row.id),
              change.row.id,
              change.key,
              change.newValue,
            ),
          current,
        ),
      ),
    [baseRows, edit],
  );

  const { actions, editing, setEditing, confirmRemove, setConfirmRemove } = useRowActions(db, eventId, locked, edit);

  function addRow() {
    if (!schoolId || !eventId) return;
    edit((current) => ({ ...current, added: [...current.added, newTeamManager(uuidv7(), schoolId, eventId)] }));
  }

  async function save() {
    const plan = mirror ? planTeamManagersSave(mirror, draft) : null;
    if (!user || locked || !plan) return;
    if (findInvalidCells(columns, rows).length > 0) return quiet.showAll();
    setUpdating(true);
    setError(null);
    try {
      await saveTeamManagers(db, plan, user);
      setDraft(EMPTY_DRAFT);
      quiet.reset();
      setNotice(SAVED_NOTICE);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setUpdating(false);
    }
  }

  if (!user)
    return (
      <PageMain className="page">
        <p>Sign in to see team managers.</p>
      </PageMain>
    );
  if (!schoolId || !eventId) {
    return (
      <PageMain className="page">
        <h1>Team managers</h1>
        <p>Choose a school and an event to see their team managers.</p>
      </PageMain>
    );
  }

  return (
    <PageMain className="page-wide team-managers-page">
      <h1>Team managers</h1>
      {locked && (
        <p role="status" className="locked-note">
          {LOCKED_MESSAGE}
        </p>
      )}
      {!locked && (
        <div className="toolbar grid-toolbar">
          <button type="button" onClick={addRow} className="button">
            Add team manager
          </button>
          <SaveButton
            dirty={dirty}
            updating={updating}
            blockedReason={invalid.length > 0 ? 'Fix the invalid cells before saving.' : null}
            onSave={save}
          />
        </div>
      )}
      {notice && <p role="status">{notice}</p>}
      {restored && <DraftRestoredNote count={draftCount(draft)} onDiscard={() => setDraft(EMPTY_DRAFT)} />}
      {error && <p role="alert">{error}</p>}
      {view === 'waiting' ? (
        <MirrorWaiting what="team managers" online={status.online} />
      ) : (
        <DataGrid
          label="Team managers"
          columns={columns}
          rows={rows}
          actions={actions}
          readOnly={locked}
          onChange={onChange}
          cellClassName={teamManagerCellClassName}
          quietRow={quiet.quietRow}
          rowLabel={teamManagerName}
        />
      )}
      {view === 'empty' && <p>No team managers yet.</p>}
      {editing && (
        <RowFormDialog
          title={`Edit ${teamManagerName(editing.row) || 'the new team manager'}`}
          columns={columns}
          row={editing.row}
          rowIndex={editing.index}
          onChange={onChange}
          onClose={() => setEditing(null)}
        />
      )}
      <RemovedTeamManagers
        rows={baseRows.filter((row) => draft.removed.has(row.id))}
        onUndo={(id) => edit((d) => undoRemove(d, id))}
      />
      <RefusedTeamManagers rows={rows.filter((row) => row.failed)} />
      {confirmRemove && (
        <ConfirmRemoveDialog
          confirm={confirmRemove}
          onConfirm={() => {
            edit((current) => removeRow(current, confirmRemove.row.id));
            setConfirmRemove(null);
          }}
          onCancel={() => setConfirmRemove(null)}
        />
      )}
    </PageMain>
  );
}
