// The state behind the team managers grid (team-managers-page.tsx): the mirror's rows with the
// draft over them (kept on the device, usePersistedDraft), the columns, the invalid cells (quiet
// on rows just added until Save is tried), and the rows' Edit and Remove, which asks first when
// the manager looks after teams of the event.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { findInvalidCells, useQuietRows, type GridAction } from '../../components/data-grid';
import { usePersistedDraft } from '../../components/use-persisted-draft';
import { useMirrorView } from '../../components/use-mirror-view';
import type { InterschoolsDb } from '../../db/database';
import { draftKey } from '../../db/drafts';
import { showsSeasonPass } from '../../domain/rules/team-managers';
import type { SessionUser } from '../../domain/schemas/entities';
import { teamManagerColumns } from './team-manager-columns';
import {
  EMPTY_DRAFT,
  draftRows,
  removeRow,
  toGridRow,
  type TeamManagerDraft,
  type TeamManagerGridRow,
} from './team-manager-rows';
import { useRefusedTeamManagers, useTeamManagers } from './use-team-managers-data';

const NO_ROWS: TeamManagerGridRow[] = [];

/** Edits not saved yet: rows edited or added, and rows removed. */
export const draftCount = (d: TeamManagerDraft) =>
  new Set([...Object.keys(d.edits), ...d.added.map((row) => row.id)]).size + d.removed.size;

/** The rows as they stand: the mirror's (with the server's refusals) and the draft over them. */
export function useTeamManagerRows(db: InterschoolsDb, user: SessionUser | null) {
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
  return { mirror, draft, setDraft, restored, baseRows, rows, view, columns, quiet, invalid };
}

/** A team manager to remove who looks after teams: the page asks first. */
export type ConfirmRemove = { row: TeamManagerGridRow; teams: number };

/** The rows' Edit (the row as a form) and Remove, none while locked. */
export function useRowActions(
  db: InterschoolsDb,
  eventId: string | null,
  locked: boolean,
  edit: (next: (current: TeamManagerDraft) => TeamManagerDraft) => void,
) {
  // How many of the event's teams each manager looks after: removing one of them asks first.
  const teamsOf = useLiveQuery(async () => {
    const counts = new Map<string, number>();
    if (!eventId) return counts;
    for (const team of await db.teams.where('EventId').equals(eventId).toArray()) {
      if (team.TeamManagerId) counts.set(team.TeamManagerId, (counts.get(team.TeamManagerId) ?? 0) + 1);
    }
    return counts;
  }, [db, eventId]);
  const [confirmRemove, setConfirmRemove] = useState<ConfirmRemove | null>(null);

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
  return { actions, editing, setEditing, confirmRemove, setConfirmRemove };
}
