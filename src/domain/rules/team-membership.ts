import { CO_ED_TEAM } from '../constants/choices';
import { SERVER_MESSAGES } from '../server-messages';
import { positionsPerTeam } from './positions-per-team';

export interface TeamEntryLike {
  id: string;
  ParticipantId: string | null;
  position: number | null;
}

export interface TeamLike {
  id: string;
  DisciplineId: number;
  gender: string;
  TeamEntries?: readonly TeamEntryLike[];
}

/** A member's gender fits the team's: same gender, or any gender in a Co-ed team. */
export function genderFitsTeam(memberGender: string | null | undefined, teamGender: string): boolean {
  if (teamGender.toLowerCase() === CO_ED_TEAM.toLowerCase()) return true;
  return memberGender === teamGender;
}

function filledEntries(team: TeamLike): TeamEntryLike[] {
  return (team.TeamEntries ?? []).filter((entry) => entry.ParticipantId !== null);
}

/** 'Add participant' is allowed until every position holds a participant. */
export function canAddParticipant(team: TeamLike): boolean {
  return filledEntries(team).length < positionsPerTeam(team.DisciplineId);
}

/** A team has a single team manager: adding one is allowed only while it has none. */
export function canAddTeamManager(team: { TeamManagerId?: string | null }): boolean {
  return !team.TeamManagerId;
}

export type TeamEntryIssueCode =
  | 'POSITION_OUT_OF_RANGE'
  | 'POSITION_TAKEN'
  | 'PARTICIPANT_TWICE'
  | 'GENDER_MISMATCH';

export interface TeamEntryIssue {
  TeamEntryId: string;
  code: TeamEntryIssueCode;
  message: string;
}

/** Problems with a team's entries: each position 1..n holds at most one participant, a participant
 *  appears once, and every member's gender fits the team. Empty (unassigned) entries are allowed. */
export function teamEntryIssues(
  team: TeamLike,
  genderOf: (participantId: string) => string | null | undefined,
): TeamEntryIssue[] {
  const issues: TeamEntryIssue[] = [];
  const maxPosition = positionsPerTeam(team.DisciplineId);
  const positionsSeen = new Set<number>();
  const participantsSeen = new Set<string>();
  for (const entry of filledEntries(team)) {
    const issue = (code: TeamEntryIssueCode, message: string) =>
      issues.push({ TeamEntryId: entry.id, code, message });
    const position = entry.position;
    if (position === null || !Number.isInteger(position) || position < 1 || position > maxPosition) {
      issue('POSITION_OUT_OF_RANGE', SERVER_MESSAGES.positionOutOfRange);
    } else if (positionsSeen.has(position)) {
      issue('POSITION_TAKEN', SERVER_MESSAGES.positionTaken);
    } else {
      positionsSeen.add(position);
    }
    const participantId = entry.ParticipantId as string;
    if (participantsSeen.has(participantId)) issue('PARTICIPANT_TWICE', SERVER_MESSAGES.participantTwiceInTeam);
    participantsSeen.add(participantId);
    if (!genderFitsTeam(genderOf(participantId), team.gender)) {
      issue('GENDER_MISMATCH', SERVER_MESSAGES.genderDoesNotFitTeam);
    }
  }
  return issues;
}

export interface DisciplineDuplicate {
  ParticipantId: string;
  DisciplineId: number;
  TeamIds: string[];
}

/** Participants entered more than once in one discipline across an event's teams
 *  (PRODUCT-DECISIONS: several disciplines are fine, the same discipline twice is not). */
export function disciplineDuplicates(teams: readonly TeamLike[]): DisciplineDuplicate[] {
  const seen = new Map<string, DisciplineDuplicate>();
  for (const team of teams) {
    for (const entry of filledEntries(team)) {
      const key = `${team.DisciplineId}:${entry.ParticipantId}`;
      const found = seen.get(key) ?? {
        ParticipantId: entry.ParticipantId as string,
        DisciplineId: team.DisciplineId,
        TeamIds: [],
      };
      found.TeamIds.push(team.id);
      seen.set(key, found);
    }
  }
  return [...seen.values()].filter((dup) => dup.TeamIds.length > 1);
}
