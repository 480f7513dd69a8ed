// Home's warning (spec section 2): teams whose entries have unassigned participants. A team entry
// is a position of a team; it is unassigned when no participant holds it (ParticipantId null), or
// when the participant it names is no longer one of the school's active participants (archived,
// or gone from the school: archiving removes entries of the current event only, so an entry of
// another event can still name an archived participant).
import { teamsWithUnassignedEntries, type TeamWithEntries, type UnassignedEntriesWarning } from './unassigned-entries';

export function isUnassignedEntry(
  entry: { ParticipantId: string | null },
  activeParticipantIds: ReadonlySet<string>,
): boolean {
  return entry.ParticipantId === null || !activeParticipantIds.has(entry.ParticipantId);
}

/** The teams to warn about, with name, division, rank (team letter) and gender, in discipline,
 *  division and rank order. `participants` are the school's rows (archived ones included). */
export function teamsWithUnassignedParticipants(
  teams: readonly TeamWithEntries[],
  participants: readonly { id: string; archived: number }[],
  disciplineName: (disciplineId: number) => string,
): UnassignedEntriesWarning[] {
  const active = new Set(participants.filter((p) => p.archived !== 1).map((p) => p.id));
  const asPositions = teams.map((team) => ({
    ...team,
    TeamEntries: (team.TeamEntries ?? []).map((entry) => ({
      ParticipantId: isUnassignedEntry(entry, active) ? null : entry.ParticipantId,
    })),
  }));
  return teamsWithUnassignedEntries(asPositions, disciplineName);
}
