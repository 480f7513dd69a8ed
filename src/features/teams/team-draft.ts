// The team grid's unsaved work, as pure functions: working copies of the teams the user touched
// (each with its entries), teams added on the screen, teams marked deleted; the new / edited /
// deleted flag of each team; and the one call Save queues, PUT /api/teams {multi, teams,
// teamsDeleted}, with the mirror rows it leaves behind.
import type { TeamEntryRow, TeamRow } from '../../db/database';
import type { TeamGender, TeamLetter } from '../../domain/constants/choices';
import { positionsPerTeam } from '../../domain/rules/positions-per-team';
import type { teamsApi } from '../../domain/schemas/api/teams';
import type { RouteBody } from '../../domain/schemas/route';

export interface WorkingEntry {
  id: string;
  ParticipantId: string | null;
  position: number | null;
  bib: number | null;
  version?: number;
}

export interface WorkingTeam {
  id: string;
  SchoolId: string;
  EventId: string;
  DisciplineId: number | null;
  division: number | null;
  teamRank: string;
  gender: string;
  TeamManagerId: string | null;
  entries: WorkingEntry[];
  version?: number;
}

export interface TeamDraft {
  /** Working copies by team id: every team edited or added on the screen. */
  teams: Readonly<Record<string, WorkingTeam>>;
  /** Ids of the teams added on the screen, in the order they were added. */
  added: readonly string[];
  removed: ReadonlySet<string>;
}

export const EMPTY_TEAM_DRAFT: TeamDraft = { teams: {}, added: [], removed: new Set() };

export type TeamFlag = 'New' | 'Edited' | 'Deleted' | '';

const byPosition = (a: WorkingEntry, b: WorkingEntry) =>
  (a.position ?? 99) - (b.position ?? 99) || a.id.localeCompare(b.id);

function toWorkingEntry(row: TeamEntryRow): WorkingEntry {
  const entry: WorkingEntry = {
    id: row.id,
    ParticipantId: row.ParticipantId ?? null,
    position: row.position,
    bib: row.bib ?? null,
  };
  if (row.version !== undefined) entry.version = row.version;
  return entry;
}

/** The mirror's teams of one school and event with their entries, in discipline, division,
 *  gender and letter order. */
export function baseTeams(teams: readonly TeamRow[], entries: readonly TeamEntryRow[]): WorkingTeam[] {
  const entriesOf = new Map<string, WorkingEntry[]>();
  for (const row of entries) {
    const list = entriesOf.get(row.TeamId) ?? [];
    list.push(toWorkingEntry(row));
    entriesOf.set(row.TeamId, list);
  }
  return teams
    .map((row): WorkingTeam => {
      const team: WorkingTeam = {
        id: row.id,
        SchoolId: row.SchoolId,
        EventId: row.EventId,
        DisciplineId: row.DisciplineId,
        division: row.division,
        teamRank: row.teamRank,
        gender: row.gender,
        TeamManagerId: row.TeamManagerId ?? null,
        entries: (entriesOf.get(row.id) ?? []).sort(byPosition),
      };
      if (row.version !== undefined) team.version = row.version;
      return team;
    })
    .sort(
      (a, b) =>
        (a.DisciplineId ?? 0) - (b.DisciplineId ?? 0) ||
        (a.division ?? 0) - (b.division ?? 0) ||
        a.gender.localeCompare(b.gender) ||
        a.teamRank.localeCompare(b.teamRank),
    );
}

export function newTeam(id: string, schoolId: string, eventId: string): WorkingTeam {
  return {
    id,
    SchoolId: schoolId,
    EventId: eventId,
    DisciplineId: null,
    division: null,
    teamRank: '',
    gender: '',
    TeamManagerId: null,
    entries: [],
  };
}

/** A team added on the screen and not touched since: as newTeam made it. */
export function isBlankTeam(team: WorkingTeam | undefined): boolean {
  return (
    !!team &&
    team.DisciplineId === null &&
    team.division === null &&
    !team.teamRank &&
    !team.gender &&
    !team.TeamManagerId &&
    team.entries.length === 0
  );
}

/** What the screen shows: the saved teams with the working copies over them, then the added ones.
 *  Teams marked deleted stay (flagged) until Save, so the user can take the mark back. */
export function currentTeams(base: readonly WorkingTeam[], draft: TeamDraft): WorkingTeam[] {
  return [...base.map((team) => draft.teams[team.id] ?? team), ...draft.added.flatMap((id) => draft.teams[id] ?? [])];
}

const entryKey = (e: WorkingEntry) => `${e.id}:${e.ParticipantId ?? ''}:${e.position ?? ''}`;
const sameEntries = (a: WorkingTeam, b: WorkingTeam) =>
  a.entries.map(entryKey).sort().join('|') === b.entries.map(entryKey).sort().join('|');

function sameTeam(a: WorkingTeam, b: WorkingTeam): boolean {
  return (
    a.DisciplineId === b.DisciplineId &&
    a.division === b.division &&
    a.teamRank === b.teamRank &&
    a.gender === b.gender &&
    a.TeamManagerId === b.TeamManagerId &&
    sameEntries(a, b)
  );
}

export function teamFlag(team: WorkingTeam, base: ReadonlyMap<string, WorkingTeam>, draft: TeamDraft): TeamFlag {
  if (draft.removed.has(team.id)) return 'Deleted';
  const saved = base.get(team.id);
  if (!saved) return 'New';
  return sameTeam(saved, team) ? '' : 'Edited';
}

export function isDirty(base: readonly WorkingTeam[], draft: TeamDraft): boolean {
  if (draft.added.length > 0 || draft.removed.size > 0) return true;
  const byId = new Map(base.map((t) => [t.id, t]));
  return Object.values(draft.teams).some((team) => teamFlag(team, byId, draft) !== '');
}

// ------------------------------------------------------------------------------------- edits

/** Puts a changed working copy into the draft. */
export function withTeam(draft: TeamDraft, team: WorkingTeam): TeamDraft {
  return { ...draft, teams: { ...draft.teams, [team.id]: team } };
}

export function addTeam(draft: TeamDraft, team: WorkingTeam): TeamDraft {
  return { ...withTeam(draft, team), added: [...draft.added, team.id] };
}

/** Marks a saved team deleted; a team added on the screen simply goes. */
export function removeTeam(draft: TeamDraft, id: string): TeamDraft {
  if (draft.added.includes(id)) {
    const teams = { ...draft.teams };
    delete teams[id];
    return { ...draft, teams, added: draft.added.filter((other) => other !== id) };
  }
  return { ...draft, removed: new Set(draft.removed).add(id) };
}

export function undoRemoveTeam(draft: TeamDraft, id: string): TeamDraft {
  return { ...draft, removed: new Set([...draft.removed].filter((other) => other !== id)) };
}

export type TeamField = 'DisciplineId' | 'division' | 'teamRank' | 'gender';

export function setTeamField(team: WorkingTeam, field: TeamField, value: string | number | null): WorkingTeam {
  if (field === 'DisciplineId' || field === 'division') {
    const number = value === null || value === '' ? null : Number(value);
    return { ...team, [field]: number !== null && Number.isInteger(number) ? number : null };
  }
  return { ...team, [field]: value === null ? '' : String(value).trim() };
}

/** The positions a team offers that no entry holds yet. */
function freePositions(team: WorkingTeam): number[] {
  const taken = new Set(team.entries.map((e) => e.position));
  const max = team.DisciplineId === null ? 0 : positionsPerTeam(team.DisciplineId);
  return Array.from({ length: max }, (_, i) => i + 1).filter((p) => !taken.has(p));
}

/** 'Add participant' is offered until every position of the team has an entry. */
export function teamIsFull(team: WorkingTeam): boolean {
  return team.DisciplineId === null || freePositions(team).length === 0;
}

/** A new entry on the team's first free position, its participant still to choose. */
export function addEntry(team: WorkingTeam, id: string): WorkingTeam {
  const [position] = freePositions(team);
  if (position === undefined) return team;
  return { ...team, entries: [...team.entries, { id, ParticipantId: null, position, bib: null }] };
}

export function removeEntry(team: WorkingTeam, entryId: string): WorkingTeam {
  return { ...team, entries: team.entries.filter((e) => e.id !== entryId) };
}

export function setEntry(
  team: WorkingTeam,
  entryId: string,
  patch: Partial<Pick<WorkingEntry, 'ParticipantId' | 'position'>>,
): WorkingTeam {
  return { ...team, entries: team.entries.map((e) => (e.id === entryId ? { ...e, ...patch } : e)) };
}

export function setManager(team: WorkingTeam, managerId: string | null): WorkingTeam {
  return { ...team, TeamManagerId: managerId };
}

// -------------------------------------------------------------------------------------- save

type TeamsBody = RouteBody<typeof teamsApi.save>;
/** A team of PUT /api/teams: whole, or its id, version and what changed. */
type TeamWriteBody = TeamsBody['teams'][number];
type TeamEntriesBody = NonNullable<TeamWriteBody['TeamEntries']>;

/** The letter and gender as the call types them. A working copy holds what was typed; the grid
 *  refuses Save while a team's letter or gender is not from its list (team-grid-rows' validate),
 *  so what a save sends is one of them. */
const letterOf = (team: WorkingTeam) => team.teamRank as TeamLetter;
const genderOf = (team: WorkingTeam) => team.gender as TeamGender;

export interface TeamsSave {
  /** The teams sent (changed and new), as the server will store them. */
  teams: WorkingTeam[];
  /** The saved teams before the edit (for the 409 merge). */
  base: WorkingTeam[];
  removedIds: string[];
  /** Entries of the sent teams that the save drops. */
  droppedEntryIds: string[];
  body: TeamsBody;
}

/** A team the grid let through has its discipline, division and positions (grid validation). */
function writeTeam(team: WorkingTeam): TeamWriteBody {
  const body: TeamWriteBody = {
    id: team.id,
    DisciplineId: team.DisciplineId ?? 0,
    division: team.division ?? 0,
    teamRank: letterOf(team),
    gender: genderOf(team),
    TeamManagerId: team.TeamManagerId,
    TeamEntries: writeEntries(team),
  };
  if (team.version !== undefined) body.version = team.version;
  return body;
}

function writeEntries(team: WorkingTeam): TeamEntriesBody {
  return team.entries.map((e) => ({
    id: e.id,
    ParticipantId: e.ParticipantId,
    position: e.position ?? 0,
    ...(e.version !== undefined ? { version: e.version } : {}),
  }));
}

/** A team the server has goes as its id, version and what changed from the saved team (its entries
 *  as a whole list when any changed), so a field left alone never carries this device's older value
 *  over another device's change; a new team, or one a refused save still owes, goes whole. */
function writeChanges(team: WorkingTeam, saved: WorkingTeam | undefined): TeamWriteBody {
  if (!saved || team.version === undefined) return writeTeam(team);
  const body: TeamWriteBody = { id: team.id };
  if (team.DisciplineId !== saved.DisciplineId) body.DisciplineId = team.DisciplineId ?? 0;
  if (team.division !== saved.division) body.division = team.division ?? 0;
  if (team.teamRank !== saved.teamRank) body.teamRank = letterOf(team);
  if (team.gender !== saved.gender) body.gender = genderOf(team);
  if (team.TeamManagerId !== saved.TeamManagerId) body.TeamManagerId = team.TeamManagerId;
  if (!sameEntries(team, saved)) body.TeamEntries = writeEntries(team);
  body.version = team.version;
  return body;
}

/** The teams a save sends: new ones and those whose working copy differs from the saved team. */
export function changedTeams(base: readonly WorkingTeam[], draft: TeamDraft): WorkingTeam[] {
  const byId = new Map(base.map((t) => [t.id, t]));
  return currentTeams(base, draft).filter((team) => {
    const flag = teamFlag(team, byId, draft);
    return flag === 'New' || flag === 'Edited';
  });
}

/** What refused saves carried and the server never applied (sent again by the next save). */
export interface Unsent {
  teamIds: ReadonlySet<string>;
  deletedIds: ReadonlySet<string>;
}

const NOTHING_UNSENT: Unsent = { teamIds: new Set(), deletedIds: new Set() };

/** The save the draft makes, or null when nothing changed: the changed and new teams, and the
 *  teams of refused saves as they stand now (a team of a refused save deleted since, or deleted by
 *  it, is sent as deleted). */
export function planTeamsSave(
  base: readonly WorkingTeam[],
  draft: TeamDraft,
  unsent: Unsent = NOTHING_UNSENT,
): TeamsSave | null {
  const byId = new Map(base.map((t) => [t.id, t]));
  const changed = changedTeams(base, draft);
  const changedIds = new Set(changed.map((t) => t.id));
  const resent = base.filter((t) => unsent.teamIds.has(t.id) && !changedIds.has(t.id) && !draft.removed.has(t.id));
  const teams = [...changed, ...resent];
  const removedIds = [
    ...new Set([
      ...base.filter((t) => draft.removed.has(t.id)).map((t) => t.id),
      ...[...unsent.deletedIds, ...unsent.teamIds].filter((id) => !byId.has(id) && !draft.teams[id]),
    ]),
  ];
  if (teams.length === 0 && removedIds.length === 0) return null;
  const droppedEntryIds = teams.flatMap((team) => {
    const kept = new Set(team.entries.map((e) => e.id));
    return (byId.get(team.id)?.entries ?? []).filter((e) => !kept.has(e.id)).map((e) => e.id);
  });
  return {
    teams,
    base: teams.flatMap((t) => byId.get(t.id) ?? []),
    removedIds,
    droppedEntryIds,
    body: {
      multi: true,
      teams: teams.map((team) =>
        unsent.teamIds.has(team.id) ? writeTeam(team) : writeChanges(team, byId.get(team.id)),
      ),
      teamsDeleted: removedIds,
    },
  };
}
