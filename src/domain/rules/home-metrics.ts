// Home dashboard numbers over plain rows already scoped to one school and one event, so the
// server's GET /api/metrics answer and the offline mirror show the same figures.

export interface MetricsRows {
  participants: readonly { id: string; archived: number }[];
  teamManagers: readonly unknown[];
  teams: readonly { TeamEntries?: readonly { ParticipantId: string | null }[] }[];
  volunteers: readonly unknown[];
  slots: readonly { VolunteerId: string | null }[];
  waivers: readonly { type: string; completed: boolean }[];
}

export interface HomeMetrics {
  participantCount: number;
  teamManagerCount: number;
  teamsCount: number;
  raceEntriesCount: number;
  volunteerCount: number;
  noPositionsAssignedToVolunteer: number;
  noPositionsNotAssignedToVolunteer: number;
  enteredParticipantsCount: number;
  completedParticipantsWaiversCount: number;
  completedVolunteerWaiversCount: number;
}

/** A race entry is a team entry holding a participant; an empty position is not an entry. */
function raceEntryParticipantIds(teams: MetricsRows['teams']): string[] {
  return teams.flatMap((team) =>
    (team.TeamEntries ?? []).flatMap((entry) => (entry.ParticipantId ? [entry.ParticipantId] : [])),
  );
}

export function homeMetrics(rows: MetricsRows): HomeMetrics {
  const active = rows.participants.filter((p) => p.archived !== 1);
  const activeIds = new Set(active.map((p) => p.id));
  const entered = raceEntryParticipantIds(rows.teams);
  const assigned = rows.slots.filter((slot) => slot.VolunteerId).length;
  const completed = (type: string) => rows.waivers.filter((w) => w.type === type && w.completed).length;
  return {
    participantCount: active.length,
    teamManagerCount: rows.teamManagers.length,
    teamsCount: rows.teams.length,
    raceEntriesCount: entered.length,
    volunteerCount: rows.volunteers.length,
    noPositionsAssignedToVolunteer: assigned,
    noPositionsNotAssignedToVolunteer: rows.slots.length - assigned,
    enteredParticipantsCount: new Set(entered.filter((id) => activeIds.has(id))).size,
    completedParticipantsWaiversCount: completed('participant'),
    completedVolunteerWaiversCount: completed('volunteer'),
  };
}
