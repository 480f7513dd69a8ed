// #/team/grid: the school's teams (race entries) for the event. Reads only the Dexie mirror; every
// change stays a draft (flagged new, edited or deleted) until Save, which checks the draft by the
// rules the server runs, then commits it locally with one queued PUT /api/teams. The server's
// refusals come back on the teams and members concerned. Read-only while the event is locked.
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { v7 as uuidv7 } from 'uuid';
import { DataGrid, findInvalidCells, useQuietRows, type GridAction, type GridChange } from '../../components/data-grid';
import { PageMain } from '../../components/page-main';
import { SaveButton } from '../../components/save-button';
import { useSession } from '../../components/session-context';
import { DraftRestoredNote } from '../../components/draft-restored-note';
import { usePersistedDraft } from '../../components/use-persisted-draft';
import { draftKey } from '../../db/drafts';
import { useSyncStatus } from '../../components/use-sync-status';
import { MirrorWaiting } from '../../components/mirror-waiting';
import { useMirrorView } from '../../components/use-mirror-view';
import { getDb, type InterschoolsDb } from '../../db/database';
import { draftIssues, nameOfTeam } from './team-checks';
import {
  EMPTY_TEAM_DRAFT,
  addTeam,
  baseTeams,
  changedTeams,
  currentTeams,
  isBlankTeam,
  isDirty,
  newTeam,
  planTeamsSave,
  removeTeam,
  setTeamField,
  undoRemoveTeam,
  withTeam,
  type TeamDraft,
  type TeamField,
  type WorkingTeam,
} from './team-draft';
import {
  disciplineName,
  participantLabels,
  teamCellClassName,
  teamColumns,
  toTeamGridRow,
  type TeamGridRow,
} from './team-grid-rows';
import { TeamMembersPanel } from './team-members-panel';
import { saveTeams } from './team-writes';
import { useRefusedTeams, useTeamsMirror } from './use-teams-data';

const LOCKED_MESSAGE = 'This event is locked: teams can be viewed but not changed.';
const SAVED_NOTICE = 'Teams saved on this device; they are sent to the server when online.';
const FIX_FIRST = 'Fix the teams listed above before saving.';
/** A team of a refused save that was not itself the cause: the whole save was refused. */
export const NOT_SENT = 'Not on the server yet: it is sent again with your next Save.';

const FIELD_OF_KEY: Partial<Record<string, TeamField>> = {
  discipline: 'DisciplineId',
  division: 'division',
  teamRank: 'teamRank',
  gender: 'gender',
};

export default function TeamGridPage({ db = getDb() }: { db?: InterschoolsDb }) {
  const { user } = useSession();
  const status = useSyncStatus();
  const schoolId = user?.SchoolId ?? null;
  const eventId = user?.EventId ?? null;
  const mirror = useTeamsMirror(db, schoolId, eventId);
  const refusals = useRefusedTeams(db);

  // Counted against the saved teams once they are read (a team edited back as it was is no edit).
  const countDraft = useCallback(
    (d: TeamDraft) =>
      mirror ? changedTeams(baseTeams(mirror.teams, mirror.entries), d).length + d.removed.size : null,
    [mirror],
  );
  const { draft, setDraft, restored } = usePersistedDraft<TeamDraft>(
    db,
    user ? draftKey(user.username, 'teams', schoolId, eventId) : null,
    EMPTY_TEAM_DRAFT,
    countDraft,
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [updating, setUpdating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const locked = Boolean(status.locked || user?.locked);
  const base = useMemo(() => (mirror ? baseTeams(mirror.teams, mirror.entries) : []), [mirror]);
  const baseById = useMemo(() => new Map(base.map((t) => [t.id, t])), [base]);
  const teams = useMemo(() => currentTeams(base, draft), [base, draft]);
  const gridContext = useMemo(
    () => ({
      disciplines: mirror?.disciplines ?? new Map(),
      managers: new Map((mirror?.managers ?? []).map((m) => [m.id, m])),
    }),
    [mirror],
  );
  const checkContext = useMemo(
    () => ({
      disciplines: gridContext.disciplines,
      participants: new Map((mirror?.participants ?? []).map((p) => [p.id, p])),
      managerIds: new Set(gridContext.managers.keys()),
    }),
    [gridContext, mirror],
  );
  const issues = useMemo(() => draftIssues(base, draft, checkContext), [base, draft, checkContext]);
  const labels = useMemo(() => participantLabels(mirror?.participants ?? []), [mirror]);

  const rows = useMemo(
    () =>
      teams.map((team) => {
        const refusal = refusals.rows.get(team.id) ?? (refusals.teamIds.has(team.id) ? NOT_SENT : undefined);
        return toTeamGridRow(
          team,
          baseById,
          draft,
          gridContext,
          refusal ?? issues.teams.get(team.id),
          refusal !== undefined,
        );
      }),
    [teams, baseById, draft, gridContext, refusals, issues],
  );
  const view = useMirrorView(db, schoolId, eventId, mirror && rows);

  const columns = useMemo(() => teamColumns(gridContext), [gridContext]);
  const untouched = useMemo(() => new Set(draft.added.filter((id) => isBlankTeam(draft.teams[id]))), [draft]);
  const quiet = useQuietRows(untouched);
  const kept = useMemo(() => rows.filter((r) => !r.deleted), [rows]);
  const invalid = useMemo(() => findInvalidCells(columns, kept, quiet.quietRow), [columns, kept, quiet.quietRow]);
  const dirty = isDirty(base, draft) || refusals.itemIds.length > 0;

  const edit = useCallback(
    (next: (current: TeamDraft) => TeamDraft) => {
      setNotice(null);
      setDraft(next);
    },
    [setDraft],
  );
  const changeTeam = useCallback((team: WorkingTeam) => edit((current) => withTeam(current, team)), [edit]);

  const disciplineIdOf = useMemo(() => {
    const map = new Map<string, number>();
    for (const d of gridContext.disciplines.values()) map.set(disciplineName(d), d.DisciplineId);
    return map;
  }, [gridContext]);

  const onChange = useCallback(
    (changes: GridChange<TeamGridRow>[]) =>
      edit((current) => {
        let next = current;
        for (const change of changes) {
          const field = FIELD_OF_KEY[change.key];
          const team = currentTeams(base, next).find((t) => t.id === change.row.id);
          if (!field || !team || next.removed.has(team.id)) continue;
          const text = change.newValue == null ? '' : String(change.newValue);
          const value = field === 'DisciplineId' ? (disciplineIdOf.get(text) ?? null) : text;
          next = withTeam(next, setTeamField(team, field, value));
        }
        return next;
      }),
    [base, edit, disciplineIdOf],
  );

  const actions = useMemo<GridAction<TeamGridRow>[]>(() => {
    const members: GridAction<TeamGridRow> = {
      key: 'members',
      title: 'Members',
      label: (row) => (row.id === selectedId ? 'Shown below' : 'Show'),
      hidden: (row) => row.deleted,
      onClick: (row) => {
        setSelectedId(row.id);
        setRevealed(true);
      },
    };
    if (locked) return [members];
    return [
      members,
      {
        key: 'remove',
        title: 'Remove',
        label: (row) => (row.deleted ? 'Undo' : 'Remove'),
        onClick: (row) =>
          edit((current) => (row.deleted ? undoRemoveTeam(current, row.id) : removeTeam(current, row.id))),
      },
    ];
  }, [locked, edit, selectedId]);

  function addRow() {
    if (!schoolId || !eventId) return;
    const team = newTeam(uuidv7(), schoolId, eventId);
    edit((current) => addTeam(current, team));
    setSelectedId(team.id);
    setRevealed(false);
  }

  async function save() {
    const plan = mirror ? planTeamsSave(base, draft, refusals) : null;
    if (!user || locked || !plan || issues.list.length > 0) return;
    if (findInvalidCells(columns, kept).length > 0) return quiet.showAll();
    setUpdating(true);
    setError(null);
    try {
      await saveTeams(db, plan, user);
      setDraft(EMPTY_TEAM_DRAFT);
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
        <p>Sign in to see teams.</p>
      </PageMain>
    );
  if (!schoolId || !eventId) {
    return (
      <PageMain className="page">
        <h1>Teams</h1>
        <p>Choose a school and an event to see their teams.</p>
      </PageMain>
    );
  }

  const selected = teams.find((t) => t.id === selectedId && !draft.removed.has(t.id));
  const blockedReason =
    invalid.length > 0 ? 'Fix the invalid cells before saving.' : issues.list.length > 0 ? FIX_FIRST : null;

  return (
    <PageMain className="page-wide team-grid-page">
      <h1>Teams</h1>
      <p>
        <Link to="/team/index">Teams by discipline</Link>
      </p>
      {locked && (
        <p role="status" className="locked-note">
          {LOCKED_MESSAGE}
        </p>
      )}
      {!locked && (
        <div className="toolbar grid-toolbar">
          <button type="button" onClick={addRow} className="button">
            Add team
          </button>
          <SaveButton dirty={dirty} updating={updating} blockedReason={blockedReason} onSave={save} />
        </div>
      )}
      {notice && <p role="status">{notice}</p>}
      {restored && <DraftRestoredNote count={countDraft(draft) ?? 0} onDiscard={() => setDraft(EMPTY_TEAM_DRAFT)} />}
      {error && <p role="alert">{error}</p>}
      {issues.list.length > 0 && (
        <ul className="data-grid-errors" aria-label="Before saving">
          {issues.list.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {view === 'waiting' ? (
        <MirrorWaiting what="teams" online={status.online} />
      ) : (
        <DataGrid
          label="Teams"
          columns={columns}
          rows={rows}
          actions={actions}
          readOnly={locked}
          onChange={onChange}
          cellClassName={teamCellClassName}
          quietRow={quiet.quietRow}
          rowLabel={(row) =>
            nameOfTeam(
              teams.find((t) => t.id === row.id)!,
              gridContext.disciplines,
            )
          }
          revealRowId={revealed ? null : selectedId}
        />
      )}
      {view === 'empty' && <p>No teams yet.</p>}
      {selected && mirror && (
        <TeamMembersPanel
          key={selected.id}
          team={selected}
          title={nameOfTeam(selected, gridContext.disciplines)}
          teams={teams}
          removed={draft.removed}
          participants={mirror.participants}
          labels={labels}
          managers={mirror.managers}
          showBib={user.type === 'admin'}
          readOnly={locked}
          refusals={refusals.nested}
          issues={issues.entries}
          onChange={changeTeam}
          reveal={revealed}
        />
      )}
    </PageMain>
  );
}
