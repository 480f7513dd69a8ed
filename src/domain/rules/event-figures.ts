// An event's figures across every school, as an administrator follows it: from the race-day rows
// (the only rows of every school a device holds: a school's own rows reach a device only for the
// school picked), so they read the same offline. Readiness rows carry each school's counts (the
// server's readiness.ts); a school with no race entry has nothing to count.

export interface SchoolReadiness {
  EventId: string;
  racers: number;
  raceEntries: number;
  completedParticipantWaivers: number;
  volunteers: number;
  completedVolunteerWaivers: number;
  assignedVolunteers: number;
  requiredVolunteers: number;
  invoicePaid: boolean;
}

export interface EventFigures {
  schoolsWithEntries: number;
  /** Participants entered in at least one race. */
  racers: number;
  raceEntries: number;
  teams: number;
  volunteerPlacesFilled: number;
  volunteerPlacesRequired: number;
  /** Racers and volunteers whose matched waiver is complete, of all of them. */
  waiversComplete: number;
  waiversNeeded: number;
  invoicesPaid: number;
  invoicesUnpaid: number;
}

const sum = <T>(rows: readonly T[], of: (row: T) => number) => rows.reduce((total, row) => total + of(row), 0);

export function eventFigures(
  eventId: string,
  rows: { teams: readonly { EventId: string }[]; readiness: readonly SchoolReadiness[] },
): EventFigures {
  const schools = rows.readiness.filter((r) => r.EventId === eventId && r.raceEntries > 0);
  const paid = schools.filter((r) => r.invoicePaid).length;
  return {
    schoolsWithEntries: schools.length,
    racers: sum(schools, (r) => r.racers),
    raceEntries: sum(schools, (r) => r.raceEntries),
    teams: rows.teams.filter((t) => t.EventId === eventId).length,
    volunteerPlacesFilled: sum(schools, (r) => r.assignedVolunteers),
    volunteerPlacesRequired: sum(schools, (r) => r.requiredVolunteers),
    waiversComplete: sum(schools, (r) => r.completedParticipantWaivers + r.completedVolunteerWaivers),
    waiversNeeded: sum(schools, (r) => r.racers + r.volunteers),
    invoicesPaid: paid,
    invoicesUnpaid: schools.length - paid,
  };
}
