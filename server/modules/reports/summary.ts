// home-summary/{EventId} (docs/reports.md 'Home summary'): the home dashboard's numbers for the
// whole event (every school shown), with the number of schools taking part and the payments
// received. One query of sub-selects.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { toDollars } from '../../../src/domain/rules/money';
import type * as rows from '../../../src/domain/schemas/api/report-rows';
import {
  participants,
  payments,
  schools,
  teamEntries,
  teamManagers,
  teams,
  volunteerSlots,
  volunteers,
  waivers,
} from '../../db/schema';
import { visibleSchool, type Reader, type ReportEvent, type SchoolFilter } from './common';

type HomeSummary = z.infer<typeof rows.homeSummarySchema>;

export async function homeSummary(db: Reader, event: ReportEvent, filter: SchoolFilter): Promise<HomeSummary> {
  const shown = sql`(select ${schools.id} from ${schools} where ${visibleSchool(filter)})`;
  const ofEvent = (table: { schoolId: unknown; eventId: unknown }) =>
    sql`${table.eventId} = ${event.id} and ${table.schoolId} in ${shown}`;
  const n = (query: ReturnType<typeof sql>) => sql<number>`(${query})`.mapWith(Number);
  // Schools taking part: with a race entry in the event.
  const takingPart = sql`(select distinct ${teamEntries.schoolId} from ${teamEntries} where ${ofEvent(teamEntries)} and ${teamEntries.participantId} is not null)`;
  const [row] = await db
    .select({
      schoolCount: n(sql`select count(*) from ${takingPart} as tp`),
      participantCount: n(
        sql`select count(*) from ${participants} where ${participants.archived} <> 1 and ${participants.schoolId} in ${takingPart}`,
      ),
      teamManagerCount: n(sql`select count(*) from ${teamManagers} where ${ofEvent(teamManagers)}`),
      teamsCount: n(sql`select count(*) from ${teams} where ${ofEvent(teams)}`),
      raceEntriesCount: n(
        sql`select count(*) from ${teamEntries} where ${ofEvent(teamEntries)} and ${teamEntries.participantId} is not null`,
      ),
      enteredParticipantsCount: n(
        sql`select count(distinct ${teamEntries.participantId}) from ${teamEntries} join ${participants} on ${participants.id} = ${teamEntries.participantId} where ${ofEvent(teamEntries)} and ${participants.archived} <> 1`,
      ),
      volunteerCount: n(sql`select count(*) from ${volunteers} where ${ofEvent(volunteers)}`),
      noPositionsAssignedToVolunteer: n(
        sql`select count(*) from ${volunteerSlots} where ${ofEvent(volunteerSlots)} and ${volunteerSlots.volunteerId} is not null`,
      ),
      noPositionsNotAssignedToVolunteer: n(
        sql`select count(*) from ${volunteerSlots} where ${ofEvent(volunteerSlots)} and ${volunteerSlots.volunteerId} is null`,
      ),
      completedParticipantsWaiversCount: n(
        sql`select count(*) from ${waivers} where ${ofEvent(waivers)} and ${waivers.type} = 'participant' and ${waivers.completed} = 1`,
      ),
      completedVolunteerWaiversCount: n(
        sql`select count(*) from ${waivers} where ${ofEvent(waivers)} and ${waivers.type} = 'volunteer' and ${waivers.completed} = 1`,
      ),
      paymentsCents: n(
        sql`select coalesce(sum(${payments.amountCents}), 0) from ${payments} where ${ofEvent(payments)} and ${payments.status} = 'received'`,
      ),
    })
    .from(sql`(select 1) as one`);
  const { paymentsCents, ...counts } = row!;
  return { ...counts, paymentsReceived: toDollars(paymentsCents) };
}
