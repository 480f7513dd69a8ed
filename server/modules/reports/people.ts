// The people reports (docs/reports.md 'People'): the event's team managers, its volunteers with
// the course-official slots they fill, and each school's team manager tickets.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type * as rows from '../../../src/domain/schemas/api/report-rows';
import { schools, teamManagers, ticketing, volunteerPreferences, volunteerSlots, volunteers } from '../../db/schema';
import { visibleSchool, type Reader, type ReportEvent, type SchoolFilter } from './common';

type Row<S extends z.ZodType> = z.infer<S>;

/** teamManagers: every team manager of the event. */
export function teamManagersReport(
  db: Reader,
  event: ReportEvent,
  filter: SchoolFilter,
): Promise<Row<typeof rows.teamManagerRowSchema>[]> {
  return db
    .select({
      SchoolId: schools.id,
      schoolName: schools.name,
      firstname: teamManagers.firstname,
      lastname: teamManagers.lastname,
      mobile: teamManagers.mobile,
      seasonPass: teamManagers.seasonPass,
    })
    .from(teamManagers)
    .innerJoin(schools, eq(schools.id, teamManagers.schoolId))
    .where(and(eq(teamManagers.eventId, event.id), visibleSchool(filter)))
    .orderBy(
      asc(schools.name),
      asc(schools.id),
      asc(teamManagers.lastname),
      asc(teamManagers.firstname),
      asc(teamManagers.id),
    );
}

/** volunteers: one row per slot a volunteer fills (its first-ranked preference), and one row with
 *  empty slot columns for a volunteer who fills none. */
export async function volunteersReport(
  db: Reader,
  event: ReportEvent,
  filter: SchoolFilter,
): Promise<Row<typeof rows.volunteerRowSchema>[]> {
  // The first preference of each slot of the event (lowest rank, then id).
  const first = db
    .selectDistinctOn([volunteerPreferences.slotId], {
      slotId: volunteerPreferences.slotId,
      DisciplineId: volunteerPreferences.disciplineId,
      division: volunteerPreferences.division,
      gender: volunteerPreferences.gender,
      position: volunteerPreferences.position,
    })
    .from(volunteerPreferences)
    .innerJoin(volunteerSlots, eq(volunteerSlots.id, volunteerPreferences.slotId))
    .where(eq(volunteerSlots.eventId, event.id))
    .orderBy(volunteerPreferences.slotId, asc(volunteerPreferences.rank), asc(volunteerPreferences.id))
    .as('first_pref');
  return db
    .select({
      SchoolId: schools.id,
      schoolName: schools.name,
      firstname: volunteers.firstname,
      lastname: volunteers.lastname,
      mobile: volunteers.mobile,
      email: volunteers.email,
      DisciplineId: first.DisciplineId,
      division: first.division,
      gender: first.gender,
      position: first.position,
    })
    .from(volunteers)
    .innerJoin(schools, eq(schools.id, volunteers.schoolId))
    .leftJoin(volunteerSlots, and(eq(volunteerSlots.volunteerId, volunteers.id), eq(volunteerSlots.eventId, event.id)))
    .leftJoin(first, eq(first.slotId, volunteerSlots.id))
    .where(and(eq(volunteers.eventId, event.id), visibleSchool(filter)))
    .orderBy(
      asc(schools.name),
      asc(schools.id),
      asc(volunteers.lastname),
      asc(volunteers.firstname),
      asc(volunteers.id),
      sql`${first.DisciplineId} nulls last`,
      sql`${first.division} nulls last`,
      asc(volunteerSlots.id),
    );
}

/** ticket-list: each school's team manager tickets for the event. */
export function ticketList(
  db: Reader,
  event: ReportEvent,
  filter: SchoolFilter,
): Promise<Row<typeof rows.ticketRowSchema>[]> {
  return db
    .select({
      SchoolId: schools.id,
      schoolName: schools.name,
      managerTicket1: ticketing.managerTicket1,
      managerTicket2: ticketing.managerTicket2,
      managerTicket3: ticketing.managerTicket3,
      managerTicket4: ticketing.managerTicket4,
      managerTicket5: ticketing.managerTicket5,
      xcManagerTicketAlpine1: ticketing.xcManagerTicketAlpine1,
      xcManagerTicketXC1: ticketing.xcManagerTicketXC1,
      noAvailableTeamManagerPasses: ticketing.noAvailableTeamManagerPasses,
    })
    .from(ticketing)
    .innerJoin(schools, eq(schools.id, ticketing.schoolId))
    .where(and(eq(ticketing.eventId, event.id), visibleSchool(filter)))
    .orderBy(asc(schools.name), asc(schools.id));
}
