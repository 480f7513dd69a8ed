// What the volunteers screens read, all from the Dexie mirror (useLiveQuery), so they render the
// same online and offline: the school's volunteers and slots in the event, the event's places
// (as last synced), the event's disciplines and the school's race entries (for the counts
// required), and the saves the server refused.
import { useLiveQuery } from 'dexie-react-hooks';
import type {
  EventRow,
  InterschoolsDb,
  OutboxItem,
  VolunteerRow,
  VolunteerSlotRow,
  VolunteerSpotRow,
} from '../../db/database';
import { batchRefusals, REFUSED_FALLBACK } from '../../sync/refusals';
import type { SlotFields, VolunteerFields, VolunteersDraft } from './volunteer-draft';
import { isVolunteersSave } from './volunteer-writes';

export interface VolunteersMirror {
  volunteers: VolunteerRow[];
  slots: VolunteerSlotRow[];
  spots: VolunteerSpotRow[];
  event: EventRow | undefined;
  disciplineNames: Map<number, string>;
  raceEntries: { DisciplineId: number }[];
}

const byName = (a: VolunteerRow, b: VolunteerRow) =>
  a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname);

export function useVolunteersMirror(
  db: InterschoolsDb,
  schoolId: string | null,
  eventId: string | null,
): VolunteersMirror | undefined {
  return useLiveQuery(async () => {
    if (!schoolId || !eventId)
      return { volunteers: [], slots: [], spots: [], event: undefined, disciplineNames: new Map(), raceEntries: [] };
    const [volunteers, slots, spots, event, races, teams, names] = await Promise.all([
      db.volunteers.where('[SchoolId+EventId]').equals([schoolId, eventId]).toArray(),
      db.volunteerSlots.where('[SchoolId+EventId]').equals([schoolId, eventId]).toArray(),
      db.volunteerSpots.where('EventId').equals(eventId).toArray(),
      db.events.get(eventId),
      db.eventDisciplines.where('EventId').equals(eventId).toArray(),
      db.teams.where('[SchoolId+EventId]').equals([schoolId, eventId]).toArray(),
      db.disciplines.toArray(),
    ]);
    const disciplineOf = new Map(teams.map((t) => [t.id, t.DisciplineId]));
    const entries = await db.teamEntries
      .where('TeamId')
      .anyOf([...disciplineOf.keys()])
      .toArray();
    const disciplineNames = new Map(names.map((d) => [d.id, d.name]));
    for (const r of races) if (r.name) disciplineNames.set(r.DisciplineId, r.name);
    return {
      volunteers: volunteers.sort(byName),
      slots,
      spots,
      event,
      disciplineNames,
      raceEntries: entries.filter((e) => e.ParticipantId).map((e) => ({ DisciplineId: disciplineOf.get(e.TeamId)! })),
    };
  }, [db, schoolId, eventId]);
}

export interface RefusedVolunteers {
  volunteers: Map<string, string>;
  slots: Map<string, string>;
  /** What the refused saves carried: the next Save sends it again as it then stands. */
  draft: VolunteersDraft;
}

const NAMED = /^(?:body\.)?(volunteers|slots)\.\d+/;

/** Where a refused save's messages belong: on the rows its fields name, else on all its rows. */
export function refusedVolunteers(items: readonly OutboxItem[]): RefusedVolunteers {
  const out: RefusedVolunteers = {
    volunteers: new Map(),
    slots: new Map(),
    draft: { volunteers: new Map(), removedVolunteers: new Set(), slots: new Map(), removedSlots: new Set() },
  };
  const volunteers = new Map<string, VolunteerFields>();
  const slots = new Map<string, SlotFields>();
  const removedVolunteers = new Set<string>();
  const removedSlots = new Set<string>();
  for (const item of items) {
    const lists = new Set((item.fields ?? []).flatMap((f) => NAMED.exec(f.path)?.[1] ?? []));
    for (const list of ['volunteers', 'slots'] as const) {
      if (lists.size && !lists.has(list)) continue;
      for (const [id, message] of batchRefusals(item, list).rows) out[list].set(id, message ?? REFUSED_FALLBACK);
    }
    const body = (item.body ?? {}) as {
      volunteers?: VolunteerFields[];
      slots?: SlotFields[];
      volunteersDeleted?: string[];
      slotsDeleted?: string[];
    };
    for (const v of body.volunteers ?? []) volunteers.set(v.id, v);
    for (const s of body.slots ?? []) slots.set(s.id, s);
    for (const id of body.volunteersDeleted ?? []) removedVolunteers.add(id);
    for (const id of body.slotsDeleted ?? []) removedSlots.add(id);
  }
  out.draft = { volunteers, slots, removedVolunteers, removedSlots };
  return out;
}

export function useRefusedVolunteers(db: InterschoolsDb): RefusedVolunteers | undefined {
  return useLiveQuery(
    async () => refusedVolunteers(await db.outbox.where('status').equals('failed').filter(isVolunteersSave).toArray()),
    [db],
  );
}
