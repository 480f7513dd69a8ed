// The rules of PUT /api/teams run over the draft before Save (the same domain function the server
// runs, so the coordinator meets the server's message before sending), and each message placed
// on the team and the entry it concerns.
import type { EventDisciplineRow, ParticipantRow } from '../../db/database';
import { teamBatchIssues, teamLabel, type BatchTeam } from '../../domain/rules/team-membership';
import { changedTeams, currentTeams, type TeamDraft, type WorkingTeam } from './team-draft';

export interface TeamContext {
  /** The event's disciplines by id. */
  disciplines: ReadonlyMap<number, EventDisciplineRow>;
  /** The school's participants by id (archived ones too: they are named when refused). */
  participants: ReadonlyMap<string, ParticipantRow>;
  /** The school's team managers in the event. */
  managerIds: ReadonlySet<string>;
}

export interface DraftIssues {
  /** The first message per team id. */
  teams: Map<string, string>;
  /** The message per entry id. */
  entries: Map<string, string>;
  /** Every message, each naming its team, for the list above Save. */
  list: string[];
}

/** A working team the grid has let through: discipline, division, letter, gender and positions set. */
function isComplete(team: WorkingTeam): boolean {
  return (
    team.DisciplineId !== null &&
    team.division !== null &&
    team.teamRank !== '' &&
    team.gender !== '' &&
    team.entries.every((e) => e.position !== null)
  );
}

function asBatchTeam(team: WorkingTeam): BatchTeam {
  return {
    id: team.id,
    DisciplineId: team.DisciplineId!,
    division: team.division!,
    teamRank: team.teamRank,
    gender: team.gender,
    TeamManagerId: team.TeamManagerId,
    TeamEntries: team.entries.map((e) => ({ id: e.id, ParticipantId: e.ParticipantId, position: e.position })),
  };
}

export function nameOfTeam(team: WorkingTeam, disciplines: TeamContext['disciplines']): string {
  const discipline = team.DisciplineId === null ? undefined : disciplines.get(team.DisciplineId);
  if (!discipline || team.division === null || !team.gender || !team.teamRank) return 'New team';
  return teamLabel(discipline.name ?? `Discipline ${discipline.DisciplineId}`, {
    division: team.division,
    gender: team.gender,
    teamRank: team.teamRank,
  });
}

export function draftIssues(base: readonly WorkingTeam[], draft: TeamDraft, context: TeamContext): DraftIssues {
  const sent = changedTeams(base, draft).filter(isComplete);
  const sentIds = new Set(sent.map((t) => t.id));
  const others = currentTeams(base, draft).filter(
    (t) => !sentIds.has(t.id) && !draft.removed.has(t.id) && isComplete(t),
  );
  const issues = teamBatchIssues({
    teams: sent.map(asBatchTeam),
    otherTeams: others.map(asBatchTeam),
    disciplines: new Map([...context.disciplines].map(([id, d]) => [id, { ...d, name: d.name ?? `Discipline ${id}` }])),
    participantOf: (id) => context.participants.get(id),
    isSchoolManager: (id) => context.managerIds.has(id),
  });
  const out: DraftIssues = { teams: new Map(), entries: new Map(), list: [] };
  for (const issue of issues) {
    const team = sent[issue.team]!;
    if (!out.teams.has(team.id)) out.teams.set(team.id, issue.message);
    const entry = issue.entry === undefined ? undefined : team.entries[issue.entry];
    if (entry && !out.entries.has(entry.id)) out.entries.set(entry.id, issue.message);
    out.list.push(`${nameOfTeam(team, context.disciplines)}: ${issue.message}`);
  }
  return out;
}
