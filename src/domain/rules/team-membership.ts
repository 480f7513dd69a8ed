import { CO_ED_TEAM } from '../constants/choices';
import { SERVER_MESSAGES, participantAlreadyEnteredMessage } from '../server-messages';
import { positionsPerTeam } from './positions-per-team';

interface TeamEntryLike {
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

type TeamEntryIssueCode = 'POSITION_OUT_OF_RANGE' | 'POSITION_TAKEN' | 'PARTICIPANT_TWICE' | 'GENDER_MISMATCH';

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
    const issue = (code: TeamEntryIssueCode, message: string) => issues.push({ TeamEntryId: entry.id, code, message });
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
 *  (docs/decisions.md: several disciplines are fine, the same discipline twice is not). */
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

// ------------------------------------------------------------------------- a batch of team saves
// The rules of PUT /api/teams over the teams as they will be stored (client and server run the
// same checks, so a coordinator meets the same message before and after sending).

/** A discipline as the event runs it: the division range and the genders it races. */
export interface EventDisciplineLike {
  DisciplineId: number;
  name: string;
  divisionFrom: number;
  divisionTo: number;
  male: boolean;
  female: boolean;
  active?: boolean;
}

export interface MemberLike {
  firstname: string;
  lastname: string;
  gender: string;
  archived: number | boolean;
}

export interface BatchTeam extends TeamLike {
  division: number;
  teamRank: string;
  TeamManagerId?: string | null;
}

export interface TeamBatch {
  /** The batch's teams as they will be saved; issues name them by their index here. */
  teams: readonly BatchTeam[];
  /** The school's other teams in the event (neither saved nor deleted by the batch). */
  otherTeams: readonly BatchTeam[];
  disciplines: ReadonlyMap<number, EventDisciplineLike>;
  /** The school's participant with this id; undefined when it is not one of the school's. */
  participantOf: (id: string) => MemberLike | undefined;
  /** Whether this id is one of the school's team managers in the event. */
  isSchoolManager: (id: string) => boolean;
}

type TeamField = 'DisciplineId' | 'division' | 'gender' | 'teamRank' | 'TeamManagerId';
type EntryField = 'ParticipantId' | 'position';

/** One refusal: the team (and entry) by index in the batch, and the field concerned. */
export interface TeamBatchIssue {
  team: number;
  entry?: number;
  field: TeamField | EntryField;
  message: string;
}

export const TEAM_MESSAGES = {
  disciplineNotRun: 'This discipline is not run at this event.',
  managerNotOfSchool: "This team manager is not one of your school's team managers for this event.",
  participantNotOfSchool: "This participant is not one of your school's participants.",
  teamExists:
    'Your school already has a team with this discipline, division, gender and letter. Choose another letter.',
  divisionNotOffered: (discipline: string, division: number, from: number, to: number) =>
    `Division ${division} is not offered in ${discipline} at this event (divisions ${from} to ${to}).`,
  genderNotOffered: (discipline: string, gender: string) => `${discipline} at this event has no ${gender} teams.`,
  participantRemoved: (name: string) =>
    `${name} has been removed from your school's participants and cannot be entered.`,
} as const;

const memberName = (p: Pick<MemberLike, 'firstname' | 'lastname'>) =>
  `${p.firstname} ${p.lastname}`.trim() || 'This participant';

/** 'Moguls Division 1 Male team A': how a coordinator names a team. */
export function teamLabel(disciplineName: string, team: Pick<BatchTeam, 'division' | 'gender' | 'teamRank'>): string {
  return `${disciplineName} Division ${team.division} ${team.gender} team ${team.teamRank}`;
}

/** Male teams need a discipline that races males, Female females, Co-ed both. */
export function genderOffered(discipline: Pick<EventDisciplineLike, 'male' | 'female'>, teamGender: string): boolean {
  if (teamGender.toLowerCase() === CO_ED_TEAM.toLowerCase()) return discipline.male && discipline.female;
  if (teamGender === 'Male') return discipline.male;
  if (teamGender === 'Female') return discipline.female;
  return false;
}

function teamShapeIssues(batch: TeamBatch, team: BatchTeam, i: number, identities: Set<string>): TeamBatchIssue[] {
  const issues: TeamBatchIssue[] = [];
  const discipline = batch.disciplines.get(team.DisciplineId);
  if (!discipline || discipline.active === false) {
    issues.push({ team: i, field: 'DisciplineId', message: TEAM_MESSAGES.disciplineNotRun });
  } else {
    const { name, divisionFrom, divisionTo } = discipline;
    if (team.division < divisionFrom || team.division > divisionTo) {
      issues.push({
        team: i,
        field: 'division',
        message: TEAM_MESSAGES.divisionNotOffered(name, team.division, divisionFrom, divisionTo),
      });
    }
    if (!genderOffered(discipline, team.gender)) {
      issues.push({ team: i, field: 'gender', message: TEAM_MESSAGES.genderNotOffered(name, team.gender) });
    }
  }
  const identity = `${team.DisciplineId}|${team.division}|${team.gender}|${team.teamRank}`;
  if (identities.has(identity)) issues.push({ team: i, field: 'teamRank', message: TEAM_MESSAGES.teamExists });
  identities.add(identity);
  if (team.TeamManagerId && !batch.isSchoolManager(team.TeamManagerId)) {
    issues.push({ team: i, field: 'TeamManagerId', message: TEAM_MESSAGES.managerNotOfSchool });
  }
  return issues;
}

/** Unassigned positions must exist in the team and not sit on another entry's position (the
 *  filled ones are teamEntryIssues' job). */
function emptyPositionIssues(team: BatchTeam, i: number): TeamBatchIssue[] {
  const entries = team.TeamEntries ?? [];
  const max = positionsPerTeam(team.DisciplineId);
  return entries.flatMap((entry, j): TeamBatchIssue[] => {
    if (entry.ParticipantId !== null) return [];
    const p = entry.position;
    if (p === null || !Number.isInteger(p) || p < 1 || p > max)
      return [{ team: i, entry: j, field: 'position', message: SERVER_MESSAGES.positionOutOfRange }];
    const earlier = entries.findIndex((other) => other.position === p);
    const filledElsewhere = entries.some((other, k) => k !== j && other.position === p && other.ParticipantId !== null);
    return earlier !== j || filledElsewhere
      ? [{ team: i, entry: j, field: 'position', message: SERVER_MESSAGES.positionTaken }]
      : [];
  });
}

function memberIssues(batch: TeamBatch, team: BatchTeam, i: number): TeamBatchIssue[] {
  const entries = team.TeamEntries ?? [];
  const strangers = new Set<number>();
  const issues: TeamBatchIssue[] = [];
  entries.forEach((entry, j) => {
    if (entry.ParticipantId === null) return;
    const member = batch.participantOf(entry.ParticipantId);
    if (!member) strangers.add(j);
    const message = !member
      ? TEAM_MESSAGES.participantNotOfSchool
      : member.archived
        ? TEAM_MESSAGES.participantRemoved(memberName(member))
        : null;
    if (message) issues.push({ team: i, entry: j, field: 'ParticipantId', message });
  });
  for (const issue of teamEntryIssues(team, (id) => batch.participantOf(id)?.gender)) {
    const j = entries.findIndex((e) => e.id === issue.TeamEntryId);
    // An unknown participant has no gender to compare: its refusal above says enough.
    if (issue.code === 'GENDER_MISMATCH' && strangers.has(j)) continue;
    const field = issue.code.startsWith('POSITION') ? 'position' : 'ParticipantId';
    issues.push({ team: i, entry: j, field, message: issue.message });
  }
  return [...issues, ...emptyPositionIssues(team, i)];
}

/** A participant's second team in one discipline: named on the batch's later entries. */
function secondEntryIssues(batch: TeamBatch): TeamBatchIssue[] {
  const all = [...batch.otherTeams, ...batch.teams];
  const batchIndex = new Map(batch.teams.map((t, i) => [t.id, i]));
  const issues: TeamBatchIssue[] = [];
  for (const dup of disciplineDuplicates(all)) {
    const laterTeams = [...new Set(dup.TeamIds)].slice(1);
    const member = batch.participantOf(dup.ParticipantId);
    const disciplineName = batch.disciplines.get(dup.DisciplineId)?.name ?? 'this discipline';
    const message = participantAlreadyEnteredMessage(member ? memberName(member) : 'This participant', disciplineName);
    for (const teamId of laterTeams) {
      const i = batchIndex.get(teamId);
      if (i === undefined) continue;
      const j = (batch.teams[i]!.TeamEntries ?? []).findIndex((e) => e.ParticipantId === dup.ParticipantId);
      issues.push({ team: i, entry: j, field: 'ParticipantId', message });
    }
  }
  return issues;
}

/** Every refusal of a batch of teams, in team and entry order; empty when it may be saved. */
export function teamBatchIssues(batch: TeamBatch): TeamBatchIssue[] {
  const identities = new Set(batch.otherTeams.map((t) => `${t.DisciplineId}|${t.division}|${t.gender}|${t.teamRank}`));
  const issues = batch.teams.flatMap((team, i) => [
    ...teamShapeIssues(batch, team, i, identities),
    ...memberIssues(batch, team, i),
  ]);
  return [...issues, ...secondEntryIssues(batch)].sort((a, b) => a.team - b.team || (a.entry ?? -1) - (b.entry ?? -1));
}
