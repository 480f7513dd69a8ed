// What a batch save needs to know before it may write, read inside the write's transaction: the
// stored rows it names (teams locked FOR UPDATE, so two saves of one team serialise), the
// school's other teams and entries in the event, and the people and disciplines it refers to.
import { and, eq, inArray } from 'drizzle-orm';
import type { EventDisciplineLike, MemberLike } from '../../../src/domain/rules/team-membership';
import type { TeamsBody } from '../../../src/domain/schemas';
import type { Tx } from '../../db/client';
import { disciplines, eventDisciplines, participants, teamEntries, teamManagers, teams } from '../../db/schema';
import type { TeamEntryRow } from '../participants';
import type { Scope } from './load';
import type { TeamRow } from './shape';

export type StoredBatch = {
  /** Every team of the school in the event, by id. */
  schoolTeams: Map<string, TeamRow>;
  /** Teams the batch names (saved or deleted) that exist, whatever their school: checked by the caller. */
  named: Map<string, TeamRow>;
  /** Entries the batch names by id that exist, whatever their team or school. */
  namedEntries: Map<string, TeamEntryRow>;
  /** The school's entries in the event, by team. */
  entriesOf: Map<string, TeamEntryRow[]>;
  disciplineNames: Map<number, string>;
  eventDisciplines: Map<number, EventDisciplineLike>;
  members: Map<string, MemberLike>;
  managerIds: Set<string>;
};

const inScope = (scope: Scope) => (t: typeof teams | typeof teamEntries) =>
  and(eq(t.schoolId, scope.schoolId), eq(t.eventId, scope.eventId));

export async function loadStored(tx: Tx, scope: Scope, body: TeamsBody): Promise<StoredBatch> {
  const namedIds = [...body.teams.map((t) => t.id), ...body.teamsDeleted];
  const entryIds = body.teams.flatMap((t) => (t.TeamEntries ?? []).map((e) => e.id));
  const participantIds = [
    ...new Set(
      body.teams.flatMap((t) => (t.TeamEntries ?? []).flatMap((e) => (e.ParticipantId ? [e.ParticipantId] : []))),
    ),
  ];
  const managerIds = [...new Set(body.teams.flatMap((t) => (t.TeamManagerId ? [t.TeamManagerId] : [])))];
  const scoped = inScope(scope);

  const named = namedIds.length ? await tx.select().from(teams).where(inArray(teams.id, namedIds)).for('update') : [];
  const schoolTeams = await tx.select().from(teams).where(scoped(teams));
  const schoolEntries = await tx.select().from(teamEntries).where(scoped(teamEntries));
  const namedEntries = entryIds.length
    ? await tx.select().from(teamEntries).where(inArray(teamEntries.id, entryIds))
    : [];
  // Entries of teams stored now hold their participants too (a participant entered before the
  // batch, perhaps since archived, must still be named in messages).
  const memberIds = [
    ...new Set([...participantIds, ...schoolEntries.flatMap((e) => (e.participantId ? [e.participantId] : []))]),
  ];
  const members = memberIds.length
    ? await tx
        .select()
        .from(participants)
        .where(and(eq(participants.schoolId, scope.schoolId), inArray(participants.id, memberIds)))
    : [];
  const managers = managerIds.length
    ? await tx
        .select({ id: teamManagers.id })
        .from(teamManagers)
        .where(
          and(
            eq(teamManagers.schoolId, scope.schoolId),
            eq(teamManagers.eventId, scope.eventId),
            inArray(teamManagers.id, managerIds),
          ),
        )
    : [];
  const [names, runs] = await Promise.all([
    tx.select({ id: disciplines.id, name: disciplines.name }).from(disciplines),
    tx.select().from(eventDisciplines).where(eq(eventDisciplines.eventId, scope.eventId)),
  ]);
  const disciplineNames = new Map(names.map((d) => [d.id, d.name]));

  const entriesOf = new Map<string, TeamEntryRow[]>();
  for (const e of schoolEntries) entriesOf.set(e.teamId, [...(entriesOf.get(e.teamId) ?? []), e]);
  return {
    schoolTeams: new Map(schoolTeams.map((t) => [t.id, t])),
    named: new Map(named.map((t) => [t.id, t])),
    namedEntries: new Map(namedEntries.map((e) => [e.id, e])),
    entriesOf,
    disciplineNames,
    eventDisciplines: new Map(
      runs.map((r) => [
        r.disciplineId,
        {
          DisciplineId: r.disciplineId,
          name: disciplineNames.get(r.disciplineId) ?? `Discipline ${r.disciplineId}`,
          divisionFrom: r.divisionFrom,
          divisionTo: r.divisionTo,
          male: r.male,
          female: r.female,
          active: r.active,
        },
      ]),
    ),
    members: new Map(members.map((p) => [p.id, p])),
    managerIds: new Set(managers.map((m) => m.id)),
  };
}
