// The facts the season's steps are judged on (rules/season-steps), counted from a school's mirror
// rows with the rules its screens use: required volunteers as the volunteers screen counts them,
// waivers matched to people as the waivers screen matches them, the invoice as the feed reports it.
import type { HomeMetrics } from '../../domain/rules/home-metrics';
import { invoiceAvailable, invoiceFirstDay } from '../../domain/rules/invoice-availability';
import { requiredVolunteerTotal } from '../../domain/rules/required-volunteers';
import type { SeasonFacts } from '../../domain/rules/season-steps';
import { matchWaivers, waiverCounts } from '../../domain/rules/waiver-matching';
import type { SchoolEventRows } from './school-event-rows';

/** `metrics`: the home counts of the same rows; `now` decides whether the invoice is out yet. */
export function seasonFacts(rows: SchoolEventRows, metrics: HomeMetrics, now: Date): SeasonFacts {
  const disciplineOf = new Map(rows.teams.map((team) => [team.id, team.DisciplineId]));
  const raceEntries = rows.entries.filter((e) => e.ParticipantId && disciplineOf.has(e.TeamId));
  const waivers = waiverCounts(matchWaivers(rows));
  return {
    participants: metrics.participantCount,
    enteredParticipants: metrics.enteredParticipantsCount,
    teams: metrics.teamsCount,
    teamManagers: metrics.teamManagerCount,
    volunteerPlacesFilled: metrics.noPositionsAssignedToVolunteer,
    volunteerPlacesRequired: rows.event
      ? requiredVolunteerTotal(
          raceEntries.map((e) => ({ DisciplineId: disciplineOf.get(e.TeamId)! })),
          rows.event,
        )
      : 0,
    waiversComplete: waivers.participants.completed + waivers.volunteers.completed,
    waiversNeeded: waivers.participants.total + waivers.volunteers.total,
    invoice: {
      paid: rows.invoice?.paid === true,
      outstanding: rows.invoice?.outstanding ?? 0,
      // Out from its date, and for good once issued (the server keeps an issued invoice shown).
      available: Boolean(rows.invoice?.number) || invoiceAvailable(rows.event?.invoiceAvailable, now),
      availableFrom: invoiceFirstDay(rows.event?.invoiceAvailable),
    },
  };
}
