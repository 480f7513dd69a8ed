// Checks a PUT /api/teams batch against what is stored, before anything is written: bad input
// (400), rows of another school or event (404, never revealed or touched), stale versions (409
// with the team as stored now; a team on record may come as only the fields changed and is
// completed from what is stored), and the team rules of rules/team-membership (422 naming every
// row concerned). Answers the plan the writer follows: each team's final fields and entries.
import {
  teamBatchIssues,
  teamLabel,
  type BatchTeam,
  type TeamBatchIssue,
} from '../../../src/domain/rules/team-membership';
import type { TeamsBody, TeamWrite, WholeTeamWrite } from '../../../src/domain/schemas';
import { ERROR_CODES } from '../../../src/domain/errors';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Tx } from '../../db/client';
import { HttpError, badRequest, conflict } from '../../http-errors';
import type { SessionInfo } from '../../plugins/session';
import type { TeamEntryRow } from '../participants';
import { loadStored, type StoredBatch } from './batch-load';
import { loadTeams, type Scope } from './load';
import type { TeamRow } from './shape';

export type EntryPlan = {
  id: string;
  ParticipantId: string | null;
  position: number;
  bib: number | null;
  stored?: TeamEntryRow;
};
export type TeamPlan = { input: WholeTeamWrite; stored?: TeamRow; teamManagerId: string | null; entries: EntryPlan[] };
export type BatchPlan = { teams: TeamPlan[]; deleted: string[]; entriesOf: Map<string, TeamEntryRow[]> };

const TEAM_TWICE = 'This team is in the batch twice.';
const SAVED_AND_DELETED = 'A team cannot be saved and deleted in the same save.';
const ENTRY_TWICE = 'This entry is in the batch twice.';
const ENTRY_OF_OTHER_TEAM = 'This entry belongs to another team. Remove it there and add the participant here.';

const notFoundAt = (path: string) =>
  new HttpError(404, ERROR_CODES.NOT_FOUND, SERVER_MESSAGES.notFound, [{ path, message: SERVER_MESSAGES.notFound }]);

/** Ids must be unique across the batch: the same row twice has no single meaning. */
function assertDistinct(body: TeamsBody) {
  const deleted = new Set(body.teamsDeleted);
  const teamsSeen = new Set<string>();
  const entriesSeen = new Set<string>();
  body.teams.forEach((team, i) => {
    if (teamsSeen.has(team.id)) throw badRequest(TEAM_TWICE, [{ path: `teams.${i}.id`, message: TEAM_TWICE }]);
    if (deleted.has(team.id))
      throw badRequest(SAVED_AND_DELETED, [{ path: `teams.${i}.id`, message: SAVED_AND_DELETED }]);
    teamsSeen.add(team.id);
    (team.TeamEntries ?? []).forEach((entry, j) => {
      if (entriesSeen.has(entry.id))
        throw badRequest(ENTRY_TWICE, [{ path: `teams.${i}.TeamEntries.${j}.id`, message: ENTRY_TWICE }]);
      entriesSeen.add(entry.id);
    });
  });
}

const isInScope = (row: { schoolId: string; eventId: string }, scope: Scope) =>
  row.schoolId === scope.schoolId && row.eventId === scope.eventId;

/** A team on record sent as only the fields changed, completed from what is stored; a team no
 *  longer on record (deleted on another device) cannot be completed: 404. */
function completed(input: TeamWrite, row: TeamRow | undefined, i: number): WholeTeamWrite {
  const team = {
    ...input,
    DisciplineId: input.DisciplineId ?? row?.disciplineId,
    division: input.division ?? row?.division,
    teamRank: input.teamRank ?? (row?.teamRank as TeamWrite['teamRank']),
    gender: input.gender ?? (row?.gender as TeamWrite['gender']),
  };
  if (
    team.DisciplineId === undefined ||
    team.division === undefined ||
    team.teamRank === undefined ||
    team.gender === undefined
  ) {
    throw notFoundAt(`teams.${i}.id`);
  }
  return team as WholeTeamWrite;
}

async function stale(tx: Tx, scope: Scope, teamId: string, index: number) {
  const [current] = await loadTeams(tx, scope, [teamId]);
  return conflict(SERVER_MESSAGES.staleVersion, { current, index });
}

/** The entries a team will hold: those sent (kept ids keep their rows), else the stored ones. */
async function planEntries(
  tx: Tx,
  ctx: { session: SessionInfo; scope: Scope; stored: StoredBatch; deleted: Set<string> },
  input: WholeTeamWrite,
  i: number,
) {
  const storedEntries = ctx.stored.entriesOf.get(input.id) ?? [];
  if (!input.TeamEntries) {
    return storedEntries.map((e) => ({
      id: e.id,
      ParticipantId: e.participantId,
      position: e.position,
      bib: e.bib,
      stored: e,
    }));
  }
  const plans: EntryPlan[] = [];
  for (const [j, entry] of input.TeamEntries.entries()) {
    let hit = ctx.stored.namedEntries.get(entry.id);
    if (hit && !isInScope(hit, ctx.scope)) throw notFoundAt(`teams.${i}.TeamEntries.${j}.id`);
    // An entry of a team this batch deletes is gone by the time this one is written.
    if (hit && hit.teamId !== input.id && ctx.deleted.has(hit.teamId)) hit = undefined;
    if (hit && hit.teamId !== input.id) {
      const path = `teams.${i}.TeamEntries.${j}.id`;
      throw new HttpError(422, ERROR_CODES.RULE_VIOLATION, ENTRY_OF_OTHER_TEAM, [
        { path, message: ENTRY_OF_OTHER_TEAM },
      ]);
    }
    if (hit && entry.version !== undefined && entry.version !== hit.version)
      throw await stale(tx, ctx.scope, input.id, i);
    // Bibs are the association's: only an admin sets one; anyone else keeps what is stored.
    const bib = ctx.session.type === 'admin' && entry.bib !== undefined ? entry.bib : (hit?.bib ?? null);
    plans.push({ id: entry.id, ParticipantId: entry.ParticipantId, position: entry.position, bib, stored: hit });
  }
  return plans;
}

function refusal(issues: TeamBatchIssue[], plans: TeamPlan[], stored: StoredBatch): HttpError {
  const pathOf = (issue: TeamBatchIssue) => {
    const team = `teams.${issue.team}`;
    if (issue.entry === undefined) return `${team}.${issue.field}`;
    // Entries not sent are the stored ones: the client has no index for them.
    return plans[issue.team]!.input.TeamEntries
      ? `${team}.TeamEntries.${issue.entry}.${issue.field}`
      : `${team}.TeamEntries`;
  };
  const first = issues[0]!;
  const team = plans[first.team]!.input;
  const label = teamLabel(stored.disciplineNames.get(team.DisciplineId) ?? `Discipline ${team.DisciplineId}`, team);
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  return new HttpError(
    422,
    ERROR_CODES.RULE_VIOLATION,
    `${label}: ${first.message}${more}`,
    issues.map((issue) => ({ path: pathOf(issue), message: issue.message })),
  );
}

export async function checkBatch(tx: Tx, session: SessionInfo, scope: Scope, body: TeamsBody): Promise<BatchPlan> {
  assertDistinct(body);
  const stored = await loadStored(tx, scope, body);
  const deleted = new Set(body.teamsDeleted);
  body.teamsDeleted.forEach((id, k) => {
    const row = stored.named.get(id);
    if (row && !isInScope(row, scope)) throw notFoundAt(`teamsDeleted.${k}`);
  });

  const plans: TeamPlan[] = [];
  for (const [i, sent] of body.teams.entries()) {
    const row = stored.named.get(sent.id);
    if (row && !isInScope(row, scope)) throw notFoundAt(`teams.${i}.id`);
    if (row && sent.version !== undefined && sent.version !== row.version) throw await stale(tx, scope, sent.id, i);
    const input = completed(sent, row, i);
    const teamManagerId = input.TeamManagerId === undefined ? (row?.teamManagerId ?? null) : input.TeamManagerId;
    plans.push({
      input,
      stored: row,
      teamManagerId,
      entries: await planEntries(tx, { session, scope, stored, deleted }, input, i),
    });
  }

  const inBatch = new Set(body.teams.map((t) => t.id));
  const asBatchTeam = (p: TeamPlan): BatchTeam => ({
    ...p.input,
    TeamEntries: p.entries,
    // Only a manager the batch names is checked: an unchanged one was accepted when it was set.
    TeamManagerId: p.input.TeamManagerId ?? null,
  });
  const otherTeams = [...stored.schoolTeams.values()]
    .filter((t) => !inBatch.has(t.id) && !deleted.has(t.id))
    .map((t): BatchTeam => ({
      id: t.id,
      DisciplineId: t.disciplineId,
      division: t.division,
      gender: t.gender,
      teamRank: t.teamRank,
      TeamEntries: (stored.entriesOf.get(t.id) ?? []).map((e) => ({
        id: e.id,
        ParticipantId: e.participantId,
        position: e.position,
      })),
    }));
  const issues = teamBatchIssues({
    teams: plans.map(asBatchTeam),
    otherTeams,
    disciplines: stored.eventDisciplines,
    participantOf: (id) => stored.members.get(id),
    isSchoolManager: (id) => stored.managerIds.has(id),
  });
  if (issues.length) throw refusal(issues, plans, stored);
  return { teams: plans, deleted: body.teamsDeleted.filter((id) => stored.named.has(id)), entriesOf: stored.entriesOf };
}
