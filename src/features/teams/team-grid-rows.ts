// The two grids of the team screen, as pure functions: the teams grid (discipline, division, team
// letter, gender; manager, members, the new / edited / deleted flag and any message) and the
// selected team's members grid (position, participant, snow id, the admin's bib column). Choices
// follow the rules: divisions from the discipline's divisionFrom to divisionTo, genders by its
// male and female flags, letters A to M, and only participants who may still join this team.
import type { CellClassName, GridColumn, GridRow } from '../../components/data-grid';
import type { EventDisciplineRow, ParticipantRow, TeamManagerRow } from '../../db/database';
import { TEAM_LETTERS } from '../../domain/constants/choices';
import { divisionChoices, teamGenderChoices } from '../../domain/rules/discipline-choices';
import { positionsPerTeam, teamPositions } from '../../domain/rules/positions-per-team';
import { genderFitsTeam } from '../../domain/rules/team-membership';
import { teamFlag, type TeamDraft, type WorkingEntry, type WorkingTeam } from './team-draft';

export interface TeamGridRow extends GridRow {
  id: string;
  discipline: string;
  division: string;
  teamRank: string;
  gender: string;
  manager: string;
  members: string;
  flag: string;
  status: string;
  /** Ids of the discipline chosen, for the cells whose choices follow it. */
  disciplineId: number | null;
  deleted: boolean;
  failed: boolean;
}

export interface MemberGridRow extends GridRow {
  id: string;
  position: string;
  participant: string;
  snowId: string;
  yearLevel: string;
  bib: string;
  status: string;
  failed: boolean;
}

const required = (value: unknown) => (String(value ?? '').trim() === '' ? 'Required' : null);

export const managerName = (m: Pick<TeamManagerRow, 'firstname' | 'lastname'>) => `${m.firstname} ${m.lastname}`.trim();

/** Participant labels for the member dropdown: 'Surname, Given name (Year 9)', with the snow id
 *  added where two participants would read the same. */
export function participantLabels(participants: readonly ParticipantRow[]): Map<string, string> {
  const plain = (p: ParticipantRow) => {
    const year = p.yearLevel === '' ? '' : p.yearLevel === 'K' ? ' (K)' : ` (Year ${p.yearLevel})`;
    return `${p.lastname}, ${p.firstname}${year}`;
  };
  const counts = new Map<string, number>();
  for (const p of participants) counts.set(plain(p), (counts.get(plain(p)) ?? 0) + 1);
  return new Map(
    participants.map((p) => {
      const label = plain(p);
      return [p.id, (counts.get(label) ?? 0) > 1 ? `${label} ${p.snowId ?? p.id.slice(-6)}` : label];
    }),
  );
}

export interface TeamGridContext {
  disciplines: ReadonlyMap<number, EventDisciplineRow>;
  managers: ReadonlyMap<string, TeamManagerRow>;
}

export function disciplineName(d: EventDisciplineRow): string {
  return d.name ?? `Discipline ${d.DisciplineId}`;
}

export function toTeamGridRow(
  team: WorkingTeam,
  base: ReadonlyMap<string, WorkingTeam>,
  draft: TeamDraft,
  context: TeamGridContext,
  message: string | undefined,
  failed: boolean,
): TeamGridRow {
  const discipline = team.DisciplineId === null ? undefined : context.disciplines.get(team.DisciplineId);
  const manager = team.TeamManagerId ? context.managers.get(team.TeamManagerId) : undefined;
  const filled = team.entries.filter((e) => e.ParticipantId !== null).length;
  const flag = teamFlag(team, base, draft);
  return {
    id: team.id,
    discipline: discipline ? disciplineName(discipline) : '',
    division: team.division === null ? '' : String(team.division),
    teamRank: team.teamRank,
    gender: team.gender,
    manager: manager ? managerName(manager) : '',
    members: team.DisciplineId === null ? '' : `${filled} of ${positionsPerTeam(team.DisciplineId)}`,
    flag,
    status: message ?? '',
    disciplineId: team.DisciplineId,
    deleted: flag === 'Deleted',
    failed,
  };
}

function disciplineOf(context: TeamGridContext, row: TeamGridRow) {
  return row.disciplineId === null ? undefined : context.disciplines.get(row.disciplineId);
}

function rangeText(d: EventDisciplineRow) {
  return `Choose a division from ${d.divisionFrom} to ${d.divisionTo}`;
}

export function teamColumns(context: TeamGridContext): GridColumn<TeamGridRow>[] {
  const active = [...context.disciplines.values()].filter((d) => d.active);
  const names = active.map(disciplineName);
  const deleted = (row: TeamGridRow) => row.deleted;
  return [
    {
      key: 'discipline',
      title: 'Discipline',
      type: 'dropdown',
      source: names,
      width: 170,
      readOnlyFor: deleted,
      validate: (value) =>
        required(value) ?? (names.includes(String(value)) ? null : 'Choose a discipline of this event'),
    },
    {
      key: 'division',
      title: 'Division',
      type: 'dropdown',
      width: 90,
      readOnlyFor: deleted,
      sourceFor: (row) => {
        const d = disciplineOf(context, row);
        return d ? divisionChoices(d).map(String) : [];
      },
      validate: (value, row) => {
        const d = disciplineOf(context, row);
        if (required(value)) return 'Required';
        return !d || divisionChoices(d).map(String).includes(String(value)) ? null : rangeText(d);
      },
    },
    {
      key: 'teamRank',
      title: 'Team',
      type: 'dropdown',
      source: TEAM_LETTERS,
      width: 70,
      readOnlyFor: deleted,
      validate: (value) =>
        required(value) ??
        ((TEAM_LETTERS as readonly string[]).includes(String(value)) ? null : 'Choose a letter from A to M'),
    },
    {
      key: 'gender',
      title: 'Gender',
      type: 'dropdown',
      width: 110,
      readOnlyFor: deleted,
      sourceFor: (row) => {
        const d = disciplineOf(context, row);
        return d ? teamGenderChoices(d) : [];
      },
      validate: (value, row) => {
        const d = disciplineOf(context, row);
        if (required(value)) return 'Required';
        const choices: readonly string[] = d ? teamGenderChoices(d) : [];
        return !d || choices.includes(String(value)) ? null : `Choose ${choices.join(' or ')}`;
      },
    },
    { key: 'manager', title: 'Team manager', readOnly: true, width: 150 },
    { key: 'members', title: 'Members', readOnly: true, width: 80 },
    { key: 'flag', title: 'Change', readOnly: true, width: 80 },
    { key: 'status', title: 'Status', readOnly: true },
  ];
}

export const teamCellClassName: CellClassName<TeamGridRow> = (row, key) => {
  if (row.deleted) return 'cell-muted';
  if (key === 'status' && row.status) return row.failed ? 'cell-error' : 'cell-warning';
  return undefined;
};

/** Participants who may take this entry: active, of a gender the team takes, not already in
 *  another entry of this team or in another team of the discipline (the entry's own stays). */
export function eligibleParticipants(
  team: WorkingTeam,
  entry: WorkingEntry,
  teams: readonly WorkingTeam[],
  removed: ReadonlySet<string>,
  participants: readonly ParticipantRow[],
): ParticipantRow[] {
  const taken = new Set<string>();
  for (const other of teams) {
    if (removed.has(other.id) || other.DisciplineId !== team.DisciplineId) continue;
    for (const e of other.id === team.id ? team.entries : other.entries) {
      if (e.id !== entry.id && e.ParticipantId) taken.add(e.ParticipantId);
    }
  }
  return participants.filter(
    (p) => p.id === entry.ParticipantId || (!p.archived && genderFitsTeam(p.gender, team.gender) && !taken.has(p.id)),
  );
}

export interface MemberGridContext {
  participants: ReadonlyMap<string, ParticipantRow>;
  labels: ReadonlyMap<string, string>;
  /** Labels of the participants each entry may take, by entry id. */
  choices: ReadonlyMap<string, readonly string[]>;
  showBib: boolean;
}

export function toMemberGridRow(
  entry: WorkingEntry,
  context: MemberGridContext,
  message: string | undefined,
  failed: boolean,
): MemberGridRow {
  const participant = entry.ParticipantId ? context.participants.get(entry.ParticipantId) : undefined;
  return {
    id: entry.id,
    position: entry.position === null ? '' : String(entry.position),
    participant: entry.ParticipantId ? (context.labels.get(entry.ParticipantId) ?? 'Unknown participant') : '',
    snowId: participant?.snowId ?? '',
    yearLevel: participant?.yearLevel ?? '',
    bib: entry.bib === null ? '' : String(entry.bib),
    status: message ?? (entry.ParticipantId ? '' : 'Choose a participant'),
    failed,
  };
}

export function memberColumns(team: WorkingTeam, context: MemberGridContext): GridColumn<MemberGridRow>[] {
  const positions = team.DisciplineId === null ? [] : teamPositions(team.DisciplineId).map(String);
  const columns: GridColumn<MemberGridRow>[] = [
    {
      key: 'position',
      title: 'Position',
      type: 'dropdown',
      source: positions,
      width: 90,
      validate: (value) =>
        required(value) ??
        (positions.includes(String(value)) ? null : `Choose a position from 1 to ${positions.length}`),
    },
    {
      key: 'participant',
      title: 'Participant',
      type: 'dropdown',
      width: 260,
      strict: true,
      sourceFor: (row) => context.choices.get(row.id) ?? [],
    },
    { key: 'snowId', title: 'Snow Id', readOnly: true, width: 110 },
    { key: 'yearLevel', title: 'Year level', readOnly: true, width: 90 },
  ];
  if (context.showBib) columns.push({ key: 'bib', title: 'Bib', readOnly: true, width: 70 });
  columns.push({ key: 'status', title: 'Status', readOnly: true });
  return columns;
}

export const memberCellClassName: CellClassName<MemberGridRow> = (row, key) => {
  if (key !== 'status' || !row.status) return undefined;
  return row.failed ? 'cell-error' : 'cell-warning';
};
