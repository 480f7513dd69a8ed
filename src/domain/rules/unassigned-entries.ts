export interface TeamWithEntries {
  id: string;
  DisciplineId: number;
  division: number;
  teamRank: string;
  gender: string;
  TeamEntries?: readonly { ParticipantId: string | null }[];
}

export interface UnassignedEntriesWarning {
  TeamId: string;
  /** The discipline's name (names are data: the caller passes them in). */
  name: string;
  division: number;
  teamRank: string;
  gender: string;
}

/** Home's warning: teams that have entries without a participant, with name, division, rank and
 *  gender, in discipline, division and rank order. */
export function teamsWithUnassignedEntries(
  teams: readonly TeamWithEntries[],
  disciplineName: (disciplineId: number) => string,
): UnassignedEntriesWarning[] {
  return teams
    .filter((team) => (team.TeamEntries ?? []).some((entry) => entry.ParticipantId === null))
    .sort((a, b) => a.DisciplineId - b.DisciplineId || a.division - b.division || a.teamRank.localeCompare(b.teamRank))
    .map((team) => ({
      TeamId: team.id,
      name: disciplineName(team.DisciplineId),
      division: team.division,
      teamRank: team.teamRank,
      gender: team.gender,
    }));
}
