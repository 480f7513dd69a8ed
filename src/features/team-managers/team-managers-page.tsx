// #/teamManager/index: the school's team managers for the event (spec section 2). Reads only the
// Dexie mirror; edits, added and removed rows stay a draft until Save, which commits them locally
// with one queued PUT /api/teamManagers and returns to disabled at once. Read-only while the
// event is locked.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import {
  DataGrid,
  RowFormDialog,
  findInvalidCells,
  useQuietRows,
  type GridAction,
  type GridChange,
} from '../../components/data-grid';
import { PageMain } from '../../components/page-main';
import { SaveButton } from '../../components/save-button';
import { ConfirmDialog } from '../../components/dialog';
import { useSession } from '../../components/session-context';
import { DraftRestoredNote } from '../../components/draft-restored-note';
import { usePersistedDraft } from '../../components/use-persisted-draft';
import { draftKey } from '../../db/drafts';
import { useSyncStatus } from '../../components/use-sync-status';
import { MirrorWaiting } from '../../components/mirror-waiting';
import { useMirrorView } from '../../components/use-mirror-view';
import { getDb, type InterschoolsDb } from '../../db/database';
import { showsSeasonPass } from '../../domain/rules/team-managers';
import { teamManagerCellClassName, teamManagerColumns } from './team-manager-columns';
import {
  EMPTY_DRAFT,
  draftRows,
  isDirty,
  newTeamManager,
  planTeamManagersSave,
  recordEdit,
  removeRow,
  toGridRow,
  undoRemove,
  type TeamManagerDraft,
  type TeamManagerGridRow,
} from './team-manager-rows';
import { saveTeamManagers } from './team-manager-writes';
import { RefusedTeamManagers, RemovedTeamManagers, teamManagerName } from './team-manager-lists';
import { useRefusedTeamManagers, useTeamManagers } from './use-team-managers-data';

export const LOCKED_MESSAGE = 'This event is locked: team managers can be viewed but not changed.';
const SAVED_NOTICE = 'Changes saved on this device; they are sent to the server when online.';

const NO_ROWS: TeamManagerGridRow[] = [];

/** Edits not saved yet: rows edited or added, and rows removed. */
const draftCount = (d: TeamManagerDraft) =>
  new Set([...Object.keys(d.edits), ...d.added.map((row) => row.id)]).size + d.removed.size;

export default function TeamManagersPage({ db = getDb() }: { db?: InterschoolsDb }) {
  const { user } = useSession();
  const status = useSyncStatus();
  const schoolId = user?.SchoolId ?? null;
  const eventId = user?.EventId ?? null;
  const mirror = useTeamManagers(db, schoolId, eventId);
  const refusals = useRefusedTeamManagers(db);

  const { draft, setDraft, restored } = usePersistedDraft<TeamManagerDraft>(
    db,
    user ? draftKey(user.username, 'team-managers', schoolId, eventId) : null,
    EMPTY_DRAFT,
    draftCount,
  );
  const [updating, setUpdating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const locked = Boolean(status.locked || user?.locked);
  const seasonPass = showsSeasonPass(user?.invoiceType);
  const baseRows = useMemo(() => (mirror ?? []).map((row) => toGridRow(row, refusals.get(row.id))), [mirror, refusals]);
  const rows = useMemo(() => (mirror ? draftRows(baseRows, draft) : NO_ROWS), [mirror, baseRows, draft]);
  const view = useMirrorView(db, schoolId, eventId, mirror && rows);
  const columns = useMemo(() => teamManagerColumns(seasonPass), [seasonPass]);
  const untouched = useMemo(
    () => new Set(draft.added.filter((row) => !draft.edits[row.id]).map((row) => row.id)),
    [draft],
  );
  const quiet = useQuietRows(untouched);
  const invalid = useMemo(() => findInvalidCells(columns, rows, quiet.quietRow), [columns, rows, quiet.quietRow]);
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

  // How many of the event's teams each manager looks after: removing one of them asks first.
  const teamsOf = useLiveQuery(async () => {
    const counts = new Map<string, number>();
    if (!eventId) return counts;
    for (const team of await db.teams.where('EventId').equals(eventId).toArray()) {
      if (team.TeamManagerId) counts.set(team.TeamManagerId, (counts.get(team.TeamManagerId) ?? 0) + 1);
    }
    return counts;
  }, [db, eventId]);
  const [confirmRemove, setConfirmRemove] = useState<{ row: TeamManagerGridRow; teams: number } | null>(null);

  const actions = useMemo<GridAction<TeamManagerGridRow>[]>(() => {
    if (locked) return [];
    const remove = (row: TeamManagerGridRow) => {
      const teams = teamsOf?.get(row.id) ?? 0;
      if (teams > 0) setConfirmRemove({ row, teams });
      else edit((current) => removeRow(current, row.id));
    };
    return [
      // The row as a form: on a phone the grid shows two columns at a time.
      { key: 'edit', title: 'Edit', label: 'Edit', onClick: (row, index) => setEditing({ row, index }) },
      { key: 'remove', title: 'Remove', label: 'Remove', onClick: remove },
    ];
  }, [locked, edit, teamsOf]);
  const [editing, setEditing] = useState<{ row: TeamManagerGridRow; index: number } | null>(null);

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
        <ConfirmDialog
          title={`Remove ${teamManagerName(confirmRemove.row)}?`}
          message={
            <p>
              {teamManagerName(confirmRemove.row)} looks after{' '}
              {confirmRemove.teams === 1 ? '1 team' : `${confirmRemove.teams} teams`}. Once saved,{' '}
              {confirmRemove.teams === 1 ? 'that team has' : 'those teams have'} no team manager until you choose
              another.
            </p>
          }
          confirmLabel="Remove"
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
