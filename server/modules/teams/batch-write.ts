// Writes a checked batch (batch-check.ts) in the caller's transaction. The database's unique
// constraints are checked per statement, so rows that trade places within one batch (two entries
// swapping positions, a participant moving between teams of a discipline, two teams swapping
// letters) would collide half-way. A changed row whose final values another row still holds is
// first parked on values nobody else can hold (no participant, a negative position, no bib; a
// letter made from the team's id); the rows whose final values are free are written next, which
// frees what the parked rows need. The checks have already made the final state consistent. Entry ids the client sent are kept: an edited entry is updated in
// place, so its id and version history stay stable for the offline mirror.
import { eq, inArray } from 'drizzle-orm';
import { ERROR_CODES } from '../../../src/domain/errors';
import type { Tx } from '../../db/client';
import { teamEntries, teams } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { isUniqueViolation } from '../../db/errors';
import type { BatchPlan, EntryPlan, TeamPlan } from './batch-check';
import type { Scope } from './load';

/** Readable refusals should two saves race past the checks (the constraints still hold). */
const CONSTRAINT_MESSAGES: Record<string, string> = {
  teams_identity_uq: 'Your school already has a team with this discipline, division, gender and letter.',
  team_entries_participant_uq: 'A participant is already entered in this discipline for this event.',
  team_entries_position_uq: 'This position already holds a participant.',
  team_entries_bib_uq: 'This bib is already assigned in this discipline.',
};

type Identity = { disciplineId: number; division: number; gender: string; teamRank: string };
const identityKey = (t: Identity) => `${t.disciplineId}|${t.division}|${t.gender}|${t.teamRank}`;
const finalIdentity = (p: TeamPlan): Identity => ({
  disciplineId: p.input.DisciplineId,
  division: p.input.division,
  gender: p.input.gender,
  teamRank: p.input.teamRank,
});
const identityChanged = (p: TeamPlan) => !!p.stored && identityKey(p.stored) !== identityKey(finalIdentity(p));
const disciplineChanged = (p: TeamPlan) => !!p.stored && p.stored.disciplineId !== p.input.DisciplineId;
const entryChanged = (e: EntryPlan, team: TeamPlan) =>
  !!e.stored &&
  (disciplineChanged(team) ||
    e.stored.participantId !== e.ParticipantId ||
    e.stored.position !== e.position ||
    e.stored.bib !== e.bib);

/** What rows hold now (after deletions), to tell which changed rows must be parked first: only
 *  those whose final values another row still holds, so most rows change (and version) once. */
function heldNow(plan: BatchPlan, gone: Set<string>) {
  const deleted = new Set(plan.deleted);
  const entries = [...plan.entriesOf.entries()]
    .filter(([teamId]) => !deleted.has(teamId))
    .flatMap(([, list]) => list)
    .filter((e) => !gone.has(e.id));
  return {
    teams: new Map(plan.teams.flatMap((p) => (p.stored ? [[identityKey(p.stored), p.stored.id] as const] : []))),
    positions: new Map(entries.map((e) => [`${e.teamId}|${e.position}`, e.id])),
    participants: new Map(
      entries.flatMap((e) => (e.participantId ? [[`${e.disciplineId}|${e.participantId}`, e.id] as const] : [])),
    ),
    bibs: new Map(entries.flatMap((e) => (e.bib !== null ? [[`${e.disciplineId}|${e.bib}`, e.id] as const] : []))),
  };
}

function mustPark(e: EntryPlan, team: TeamPlan, held: ReturnType<typeof heldNow>): boolean {
  if (disciplineChanged(team)) return true; // the entries' discipline follows the team's mid-way
  const byOther = (map: Map<string, string>, key: string) => (map.get(key) ?? e.id) !== e.id;
  const discipline = team.input.DisciplineId;
  return (
    byOther(held.positions, `${team.input.id}|${e.position}`) ||
    (e.ParticipantId !== null && byOther(held.participants, `${discipline}|${e.ParticipantId}`)) ||
    (e.bib !== null && byOther(held.bibs, `${discipline}|${e.bib}`))
  );
}

type Parked = { teams: Set<string>; entries: Set<string> };

async function removeAndPark(tx: Tx, plan: BatchPlan): Promise<Parked> {
  const gone = new Set<string>();
  for (const team of plan.teams.filter((p) => p.stored)) {
    const keep = new Set(team.entries.map((e) => e.id));
    for (const e of plan.entriesOf.get(team.input.id) ?? []) if (!keep.has(e.id)) gone.add(e.id);
  }
  if (gone.size) await tx.delete(teamEntries).where(inArray(teamEntries.id, [...gone]));
  const held = heldNow(plan, gone);
  const parked: Parked = { teams: new Set(), entries: new Set() };
  for (const team of plan.teams) {
    for (const [k, entry] of team.entries.entries()) {
      if (!entryChanged(entry, team) || !mustPark(entry, team, held)) continue;
      await tx
        .update(teamEntries)
        .set({ participantId: null, position: -(k + 1), bib: null })
        .where(eq(teamEntries.id, entry.id));
      parked.entries.add(entry.id);
    }
    const holder = held.teams.get(identityKey(finalIdentity(team)));
    if (identityChanged(team) && holder && holder !== team.input.id) {
      await tx
        .update(teams)
        .set({ teamRank: `~${team.input.id}` })
        .where(eq(teams.id, team.input.id));
      parked.teams.add(team.input.id);
    }
  }
  return parked;
}

/** Rows that were not parked first (their final values are free), then the parked ones. */
const unparkedFirst = <T>(rows: T[], isParked: (row: T) => boolean) => [
  ...rows.filter((r) => !isParked(r)),
  ...rows.filter(isParked),
];

async function writeTeams(tx: Tx, scope: Scope, plan: BatchPlan, parked: Parked) {
  for (const team of unparkedFirst(plan.teams, (p) => parked.teams.has(p.input.id))) {
    const { input, stored } = team;
    const values = {
      disciplineId: input.DisciplineId,
      division: input.division,
      gender: input.gender,
      teamRank: input.teamRank,
      teamManagerId: team.teamManagerId,
    };
    if (!stored) {
      await tx.insert(teams).values({ id: input.id, schoolId: scope.schoolId, eventId: scope.eventId, ...values });
    } else if (identityChanged(team) || stored.teamManagerId !== team.teamManagerId) {
      // An unchanged team is not touched: its version moves only when it changes.
      await tx.update(teams).set(values).where(eq(teams.id, input.id));
    }
  }
}

async function writeEntries(tx: Tx, scope: Scope, plan: BatchPlan, parked: Parked) {
  const changed = plan.teams.flatMap((team) => team.entries.filter((e) => entryChanged(e, team)));
  for (const entry of unparkedFirst(changed, (e) => parked.entries.has(e.id))) {
    await tx
      .update(teamEntries)
      .set({ participantId: entry.ParticipantId, position: entry.position, bib: entry.bib })
      .where(eq(teamEntries.id, entry.id));
  }
  for (const team of plan.teams) {
    const fresh = team.entries.filter((e) => !e.stored);
    if (!fresh.length) continue;
    await tx.insert(teamEntries).values(
      fresh.map((e) => ({
        id: e.id,
        teamId: team.input.id,
        eventId: scope.eventId,
        disciplineId: team.input.DisciplineId,
        schoolId: scope.schoolId,
        participantId: e.ParticipantId,
        position: e.position,
        bib: e.bib,
      })),
    );
  }
}

export async function writeBatch(tx: Tx, scope: Scope, plan: BatchPlan) {
  try {
    // Deleting a team deletes its entries with it (the entries' foreign key cascades).
    if (plan.deleted.length) await tx.delete(teams).where(inArray(teams.id, plan.deleted));
    const parked = await removeAndPark(tx, plan);
    await writeTeams(tx, scope, plan, parked);
    await writeEntries(tx, scope, plan, parked);
  } catch (err) {
    const constraint = Object.keys(CONSTRAINT_MESSAGES).find((name) => isUniqueViolation(err, name));
    if (!constraint) throw err;
    const code = constraint === 'team_entries_bib_uq' ? ERROR_CODES.BIB_TAKEN : ERROR_CODES.DUPLICATE_ENTRY;
    throw new HttpError(422, code, CONSTRAINT_MESSAGES[constraint]!);
  }
}
