// The state behind the teams grid (team-grid-page.tsx): the school's teams from the mirror with
// the draft over them (kept on the device as it is made), what the checks the server runs find
// wrong, the server's refusals, the grid's rows and columns; and the grid's edits and its rows'
// Members and Remove.
import { useCallback, useMemo } from 'react';
import { findInvalidCells, useQuietRows, type GridAction, type GridChange } from '../../components/data-grid';
import { usePersistedDraft } from '../../components/use-persisted-draft';
import { useMirrorView } from '../../components/use-mirror-view';
import type { InterschoolsDb } from '../../db/database';
import { draftKey } from '../../db/drafts';
import type { SessionUser } from '../../domain/schemas/entities';
import { draftIssues } from './team-checks';
import {
  EMPTY_TEAM_DRAFT,
  baseTeams,
  changedTeams,
  currentTeams,
  isBlankTeam,
  removeTeam,
  setTeamField,
  undoRemoveTeam,
  withTeam,
  type TeamDraft,
  type TeamField,
  type WorkingTeam,
} from './team-draft';
import { disciplineName, participantLabels, teamColumns, toTeamGridRow, type TeamGridRow } from './team-grid-rows';
import { useRefusedTeams, useTeamsMirror } from './use-teams-data';

/** A team of a refused save that was not itself the cause: the whole save was refused. */
export const NOT_SENT = 'Not on the server yet: it is sent again with your next Save.';

const FIELD_OF_KEY: Partial<Record<string, TeamField>> = {
  discipline: 'DisciplineId',
  division: 'division',
  teamRank: 'teamRank',
  gender: 'gender',
};

export function useTeamRows(db: InterschoolsDb, user: SessionUser | null) {
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
  const saved = { countDraft, draft, setDraft, restored };
  const checked = { base, teams, gridContext, issues, labels };
  return { mirror, refusals, ...saved, ...checked, rows, view, columns, quiet, kept, invalid };
}

/** The grid's changes recorded in the draft, a team changed in its members panel, and the rows'
 *  Members (shows the team's members below) and Remove (or Undo). */
export function useTeamGridEditing({
  base,
  gridContext,
  setDraft,
  setNotice,
  locked,
  selectedId,
  setSelectedId,
  setRevealed,
}: {
  base: readonly WorkingTeam[];
  gridContext: ReturnType<typeof useTeamRows>['gridContext'];
  setDraft: (next: (current: TeamDraft) => TeamDraft) => void;
  setNotice: (notice: string | null) => void;
  locked: boolean;
  selectedId: string | null;
  setSelectedId: (id: string) => void;
  setRevealed: (revealed: boolean) => void;
}) {
  const edit = useCallback(
    (next: (current: TeamDraft) => TeamDraft) => {
      setNotice(null);
      setDraft(next);
    },
    [setDraft, setNotice],
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
  }, [locked, edit, selectedId, setSelectedId, setRevealed]);
  return { edit, changeTeam, onChange, actions };
}
