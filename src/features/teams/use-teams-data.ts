// What the team screens read, all from the Dexie mirror (useLiveQuery), so they render the same
// online and offline: the school's teams of the event with their entries, the event's
// disciplines, the school's participants and team managers, and the server's refusals.
import { useLiveQuery } from 'dexie-react-hooks';
import type {
  EventDisciplineRow,
  InterschoolsDb,
  OutboxItem,
  ParticipantRow,
  TeamEntryRow,
  TeamManagerRow,
  TeamRow,
} from '../../db/database';
import { batchRefusals, type BatchRefusals } from '../../sync/refusals';

export interface TeamsMirror {
  teams: TeamRow[];
  entries: TeamEntryRow[];
  disciplines: Map<number, EventDisciplineRow>;
  /** Every participant of the school, archived ones too (a refusal may name one). */
  participants: ParticipantRow[];
  managers: TeamManagerRow[];
}

/** Everything the team screens show for one school and event. Undefined while loading. */
export function useTeamsMirror(
  db: InterschoolsDb,
  schoolId: string | null,
  eventId: string | null,
): TeamsMirror | undefined {
  return useLiveQuery(async () => {
    if (!schoolId || !eventId)
      return { teams: [], entries: [], disciplines: new Map(), participants: [], managers: [] };
    const [teams, disciplines, participants, managers] = await Promise.all([
      db.teams.where('[SchoolId+EventId]').equals([schoolId, eventId]).toArray(),
      db.eventDisciplines.where('EventId').equals(eventId).toArray(),
      db.participants.where('SchoolId').equals(schoolId).toArray(),
      db.teamManagers.where('[SchoolId+EventId]').equals([schoolId, eventId]).toArray(),
    ]);
    const entries = await db.teamEntries
      .where('TeamId')
      .anyOf(teams.map((t) => t.id))
      .toArray();
    const names = new Map((await db.disciplines.toArray()).map((d) => [d.id, d.name]));
    return {
      teams,
      entries,
      disciplines: new Map(
        disciplines
          .sort((a, b) => a.DisciplineId - b.DisciplineId)
          .map((d) => [d.DisciplineId, { ...d, name: d.name ?? names.get(d.DisciplineId) }]),
      ),
      participants: participants.sort(
        (a, b) => a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname),
      ),
      managers: managers.sort((a, b) => a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname)),
    };
  }, [db, schoolId, eventId]);
}

/** Team saves the server refused: their messages per team and entry id, and what they carried.
 *  A refused batch is one transaction refused whole, so its other teams never reached the server
 *  either: the next Save sends them again with the fix (and so replaces the refused batch). */
export interface RefusedTeams extends BatchRefusals {
  teamIds: ReadonlySet<string>;
  deletedIds: ReadonlySet<string>;
  /** The refused outbox items (the next Save replaces them). */
  itemIds: readonly number[];
}

const NO_REFUSALS: RefusedTeams = {
  rows: new Map(),
  nested: new Map(),
  teamIds: new Set(),
  deletedIds: new Set(),
  itemIds: [],
};

/** What the refused team saves (outbox items set aside) say and carried. */
export function refusedTeams(failed: readonly OutboxItem[]): RefusedTeams {
  if (failed.length === 0) return NO_REFUSALS;
  const out = {
    rows: new Map<string, string>(),
    nested: new Map<string, string>(),
    teamIds: new Set<string>(),
    deletedIds: new Set<string>(),
    itemIds: failed.map((item) => item.localId!),
  };
  for (const item of failed) {
    const refusals = batchRefusals(item, 'teams', 'TeamEntries');
    for (const [id, message] of refusals.rows) out.rows.set(id, message);
    for (const [id, message] of refusals.nested) out.nested.set(id, message);
    const body = item.body as { teams?: { id?: unknown }[]; teamsDeleted?: unknown[] } | null;
    for (const team of body?.teams ?? []) if (typeof team.id === 'string') out.teamIds.add(team.id);
    for (const id of body?.teamsDeleted ?? []) if (typeof id === 'string') out.deletedIds.add(id);
  }
  return out;
}

export function useRefusedTeams(db: InterschoolsDb): RefusedTeams {
  return (
    useLiveQuery(
      async () =>
        refusedTeams(
          await db.outbox
            .where('status')
            .equals('failed')
            .filter((item) => item.entity === 'teams')
            .toArray(),
        ),
      [db],
    ) ?? NO_REFUSALS
  );
}
