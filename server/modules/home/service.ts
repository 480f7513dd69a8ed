// GET /api/metrics/{EventId}/{SchoolId}: the home dashboard's numbers. The server loads the plain
// rows of the school and the event and hands them to the same domain functions the client runs
// over its mirror (src/domain/README.md 'Derived views'), so home shows the same figures offline as online.
import { and, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { homeMetrics } from '../../../src/domain/rules/home-metrics';
import { homeResults } from '../../../src/domain/rules/home-results';
import type { MetricsResponse } from '../../../src/domain/schemas';
import type { Db } from '../../db/client';
import {
  disciplines,
  events,
  participants,
  resultOveralls,
  resultRaces,
  schools,
  teamEntries,
  teamManagers,
  teams,
  volunteerSlots,
  volunteers,
  waivers,
} from '../../db/schema';
import { notFound } from '../../http-errors';

export async function loadMetrics(db: Db, schoolId: string, eventId: string): Promise<MetricsResponse> {
  const [[school], [event]] = await Promise.all([
    db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)),
    db.select({ showForResults: events.showForResults }).from(events).where(eq(events.id, eventId)),
  ]);
  if (!school) throw notFound('School not found');
  if (!event) throw notFound('Event not found');
  const ofSchoolEvent = (table: { schoolId: AnyPgColumn; eventId: AnyPgColumn }) =>
    and(eq(table.schoolId, schoolId), eq(table.eventId, eventId));
  const [people, managers, teamRows, entries, volunteerRows, slots, waiverRows, races, overalls, names] =
    await Promise.all([
      db
        .select({ id: participants.id, archived: participants.archived })
        .from(participants)
        .where(eq(participants.schoolId, schoolId)),
      db.select({ id: teamManagers.id }).from(teamManagers).where(ofSchoolEvent(teamManagers)),
      db.select({ id: teams.id }).from(teams).where(ofSchoolEvent(teams)),
      db
        .select({ TeamId: teamEntries.teamId, ParticipantId: teamEntries.participantId })
        .from(teamEntries)
        .where(inArray(teamEntries.teamId, db.select({ id: teams.id }).from(teams).where(ofSchoolEvent(teams)))),
      db.select({ id: volunteers.id }).from(volunteers).where(ofSchoolEvent(volunteers)),
      db.select({ VolunteerId: volunteerSlots.volunteerId }).from(volunteerSlots).where(ofSchoolEvent(volunteerSlots)),
      db.select({ type: waivers.type, completed: waivers.completed }).from(waivers).where(ofSchoolEvent(waivers)),
      db.select().from(resultRaces).where(eq(resultRaces.eventId, eventId)),
      db.select().from(resultOveralls).where(eq(resultOveralls.eventId, eventId)),
      db.select({ id: disciplines.id, name: disciplines.name }).from(disciplines),
    ]);
  const metrics = homeMetrics({
    participants: people,
    teamManagers: managers,
    teams: teamRows.map((team) => ({ TeamEntries: entries.filter((entry) => entry.TeamId === team.id) })),
    volunteers: volunteerRows,
    slots,
    waivers: waiverRows.map((w) => ({ type: w.type, completed: w.completed === 1 })),
  });
  const nameOf = new Map(names.map((d) => [d.id, d.name]));
  const results = homeResults(
    {
      event,
      races: races.map((r) => ({ ...r, DisciplineId: r.disciplineId })),
      overalls,
    },
    (id) => nameOf.get(id) ?? '',
  );
  return { ...metrics, results };
}
