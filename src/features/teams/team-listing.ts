// The read-only team listing, grouped by discipline: built from the mirror (the device's own
// school and event) or from GET /api/teams/grouped (another school, read by an admin or auditor).
// Both give the same shape, so the page renders one way.
import type { TeamGroup } from '../../api/teams';
import { positionsPerTeam } from '../../domain/rules/positions-per-team';
import { baseTeams } from './team-draft';
import { disciplineName, managerName } from './team-grid-rows';
import type { TeamsMirror } from './use-teams-data';

interface ListedMember {
  position: number;
  name: string;
  snowId: string;
  bib: number | null;
}

export interface ListedTeam {
  id: string;
  division: number;
  gender: string;
  teamRank: string;
  manager: string;
  /** Positions the team has (3, or 4 for disciplines 1 and 9). */
  size: number;
  members: ListedMember[];
}

export interface ListedGroup {
  DisciplineId: number;
  name: string;
  teams: ListedTeam[];
}

const personName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();

function addToGroup(groups: Map<number, ListedGroup>, disciplineId: number, name: string, team: ListedTeam) {
  const group = groups.get(disciplineId) ?? { DisciplineId: disciplineId, name, teams: [] };
  group.teams.push(team);
  groups.set(disciplineId, group);
}

const byDiscipline = (groups: Map<number, ListedGroup>) =>
  [...groups.values()].sort((a, b) => a.DisciplineId - b.DisciplineId);

export function listingFromMirror(mirror: TeamsMirror): ListedGroup[] {
  const participants = new Map(mirror.participants.map((p) => [p.id, p]));
  const managers = new Map(mirror.managers.map((m) => [m.id, m]));
  const groups = new Map<number, ListedGroup>();
  for (const team of baseTeams(mirror.teams, mirror.entries)) {
    const disciplineId = team.DisciplineId!;
    const discipline = mirror.disciplines.get(disciplineId);
    const manager = team.TeamManagerId ? managers.get(team.TeamManagerId) : undefined;
    addToGroup(groups, disciplineId, discipline ? disciplineName(discipline) : `Discipline ${disciplineId}`, {
      id: team.id,
      division: team.division!,
      gender: team.gender,
      teamRank: team.teamRank,
      manager: manager ? managerName(manager) : '',
      size: positionsPerTeam(disciplineId),
      members: team.entries.map((e) => {
        const p = e.ParticipantId ? participants.get(e.ParticipantId) : undefined;
        return { position: e.position ?? 0, name: p ? personName(p) : '', snowId: p?.snowId ?? '', bib: e.bib };
      }),
    });
  }
  return byDiscipline(groups);
}

export function listingFromAnswer(answer: readonly TeamGroup[]): ListedGroup[] {
  const groups = new Map<number, ListedGroup>();
  for (const group of answer) {
    for (const team of group.teams) {
      addToGroup(groups, group.DisciplineId, group.name, {
        id: team.id,
        division: team.division,
        gender: team.gender,
        teamRank: team.teamRank,
        manager: team.TeamManager ? managerName(team.TeamManager) : '',
        size: positionsPerTeam(team.DisciplineId),
        members: [...(team.TeamEntries ?? [])]
          .sort((a, b) => a.position - b.position)
          .map((e) => ({
            position: e.position,
            name: e.Participant ? personName(e.Participant) : '',
            snowId: e.Participant?.snowId ?? '',
            bib: e.bib,
          })),
      });
    }
  }
  return byDiscipline(groups);
}
