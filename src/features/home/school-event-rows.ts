// One school's rows of one event, read once from the Dexie mirror for everything home shows of
// it: the counts (use-home-metrics.ts) and the season's steps (season-facts.ts).
import type {
  EventRow,
  InterschoolsDb,
  InvoiceRow,
  ParticipantRow,
  TeamEntryRow,
  TeamManagerRow,
  TeamRow,
  VolunteerRow,
  VolunteerSlotRow,
  WaiverRow,
} from '../../db/database';

export interface SchoolEventRows {
  participants: ParticipantRow[];
  teamManagers: TeamManagerRow[];
  teams: TeamRow[];
  entries: TeamEntryRow[];
  volunteers: VolunteerRow[];
  slots: VolunteerSlotRow[];
  waivers: WaiverRow[];
  event: EventRow | undefined;
  invoice: InvoiceRow | undefined;
}

export async function readSchoolEventRows(
  db: InterschoolsDb,
  schoolId: string,
  eventId: string,
): Promise<SchoolEventRows> {
  const scope = [schoolId, eventId];
  const [participants, teamManagers, teams, volunteers, slots, waivers, event, invoice] = await Promise.all([
    db.participants.where('SchoolId').equals(schoolId).toArray(),
    db.teamManagers
      .where('SchoolId')
      .equals(schoolId)
      .filter((m) => !m.EventId || m.EventId === eventId)
      .toArray(),
    db.teams.where('[SchoolId+EventId]').equals(scope).toArray(),
    db.volunteers.where('[SchoolId+EventId]').equals(scope).toArray(),
    db.volunteerSlots.where('[SchoolId+EventId]').equals(scope).toArray(),
    db.waivers.where('[SchoolId+EventId]').equals(scope).toArray(),
    db.events.get(eventId),
    db.invoices.get([schoolId, eventId]),
  ]);
  const entries = teams.length
    ? await db.teamEntries
        .where('TeamId')
        .anyOf(teams.map((t) => t.id))
        .toArray()
    : [];
  return { participants, teamManagers, teams, entries, volunteers, slots, waivers, event, invoice };
}
