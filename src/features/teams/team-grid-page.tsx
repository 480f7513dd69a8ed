// #/team/grid: the school's teams (race entries) for the event. Reads only the Dexie mirror; every
// change stays a draft (flagged new, edited or deleted) until Save, which checks the draft by the
// rules the server runs, then commits it locally with one queued PUT /api/teams. The server's
// refusals come back on the teams and members concerned. Read-only while the event is locked.
// The grid's state is use-team-grid.ts.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { v7 as uuidv7 } from 'uuid';
import { DataGrid, findInvalidCells } from '../../components/data-grid';
import { PageMain } from '../../components/page-main';
import { SaveButton } from '../../components/save-button';
import { useSession } from '../../components/session-context';
import { DraftRestoredNote } from '../../components/draft-restored-note';
import { useSyncStatus } from '../../components/use-sync-status';
import { MirrorWaiting } from '../../components/mirror-waiting';
import { getDb, type InterschoolsDb } from '../../db/database';
import { nameOfTeam } from './team-checks';
import { EMPTY_TEAM_DRAFT, addTeam, isDirty, newTeam, planTeamsSave } from './team-draft';
import { teamCellClassName } from './team-grid-rows';
import { TeamMembersPanel } from './team-members-panel';
import { saveTeams } from './team-writes';
import { useTeamGridEditing, useTeamRows } from './use-team-grid';

export { NOT_SENT } from './use-team-grid';

const LOCKED_MESSAGE = 'This event is locked: teams can be viewed but not changed.';
const SAVED_NOTICE = 'Teams saved on this device; they are sent to the server when online.';
const FIX_FIRST = 'Fix the teams listed above before saving.';

export default function TeamGridPage({ db = getDb() }: { db?: InterschoolsDb }) {
  const { user } = useSession();
  const status = useSyncStatus();
  const schoolId = user?.SchoolId ?? null;
  const eventId = user?.EventId ?? null;
  const grid = useTeamRows(db, user);
  const { mirror, refusals, countDraft, draft, setDraft, restored, base, teams, gridContext, issues } = grid;
  const { rows, view, columns, quiet, kept, invalid } = grid;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [updating, setUpdating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const locked = Boolean(status.locked || user?.locked);
  const dirty = isDirty(base, draft) || refusals.itemIds.length > 0;
  const { edit, changeTeam, onChange, actions } = useTeamGridEditing({
    base,
    gridContext,
    setDraft,
    setNotice,
    locked,
    selectedId,
    setSelectedId,
    setRevealed,
  });

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
          labels={grid.labels}
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
