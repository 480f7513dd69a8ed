// The bib list and the per-school bib readiness (docs/decisions.md 'Race day' and 'Entries').
import type { TeamGender, TeamLetter } from '../constants/choices';
import type { BibListRow, BibReadiness } from '../schemas/api/bibs';
import type { RaceDayRows, RaceSchool } from './race-day-rows';

export interface BibListFilter {
  EventId: string;
  DisciplineId?: number;
  division?: number;
  /** The team's gender (Male, Female or Co-ed). */
  gender?: string;
  SchoolId?: string;
}

function compareText(a: string, b: string): number {
  return a.localeCompare(b);
}

/** One row per racer (entry with a participant) of the event's teams matching the filter, sorted
 *  by bib (entries without one last), then school name, discipline, division, team (gender, letter)
 *  and position.
 *  `disciplineOrder` ranks disciplines (names and display order are data); by default their id. */
export function bibListRows(
  rows: RaceDayRows,
  filter: BibListFilter,
  disciplineOrder: (DisciplineId: number) => number = (DisciplineId) => DisciplineId,
): BibListRow[] {
  const teams = new Map(
    rows.teams
      .filter(
        (team) =>
          team.EventId === filter.EventId &&
          (filter.DisciplineId === undefined || team.DisciplineId === filter.DisciplineId) &&
          (filter.division === undefined || team.division === filter.division) &&
          (filter.gender === undefined || team.gender === filter.gender) &&
          (filter.SchoolId === undefined || team.SchoolId === filter.SchoolId),
      )
      .map((team) => [team.id, team]),
  );
  const participants = new Map(rows.participants.map((participant) => [participant.id, participant]));
  const schoolNames = new Map(rows.schools.map((school) => [school.id, school.name]));
  const list: BibListRow[] = [];
  for (const entry of rows.entries) {
    const team = teams.get(entry.TeamId);
    if (!team || entry.ParticipantId === null) continue;
    const participant = participants.get(entry.ParticipantId);
    list.push({
      teamEntryId: entry.id,
      bib: entry.bib,
      bibManual: entry.bibManual ?? false,
      snowId: participant?.snowId ?? null,
      firstname: participant?.firstname ?? '',
      lastname: participant?.lastname ?? '',
      gender: participant?.gender ?? '',
      yearLevel: participant?.yearLevel ?? '',
      SchoolId: team.SchoolId,
      schoolName: schoolNames.get(team.SchoolId) ?? '',
      DisciplineId: team.DisciplineId,
      division: team.division,
      // Stored rows hold values of the same choice lists; the contract types them as plain strings.
      teamRank: team.teamRank as TeamLetter,
      teamGender: team.gender as TeamGender,
      position: entry.position,
    });
  }
  return list.sort(
    (a, b) =>
      (a.bib ?? Number.POSITIVE_INFINITY) - (b.bib ?? Number.POSITIVE_INFINITY) ||
      compareText(a.schoolName, b.schoolName) ||
      disciplineOrder(a.DisciplineId) - disciplineOrder(b.DisciplineId) ||
      a.division - b.division ||
      // Beyond the brief's keys: the Male and Female 'A' teams are different teams; keep each together.
      compareText(a.teamGender, b.teamGender) ||
      compareText(a.teamRank, b.teamRank) ||
      a.position - b.position,
  );
}

/** What a school must have done before its bibs are handed over. */
export interface BibReadinessFacts {
  participantWaiversComplete: boolean;
  volunteerWaiversComplete: boolean;
  volunteersRegistered: boolean;
  invoicePaid: boolean;
}

/** The counts a school's readiness is decided on (one row of the race-day mirror). */
export interface ReadinessCounts {
  racers: number;
  completedParticipantWaivers: number;
  volunteers: number;
  completedVolunteerWaivers: number;
  assignedVolunteers: number;
  requiredVolunteers: number;
  invoicePaid: boolean;
}

/** Waivers complete for every racer and every volunteer, the required volunteers in their slots,
 *  the invoice paid. */
export function readinessFacts(counts: ReadinessCounts): BibReadinessFacts {
  return {
    participantWaiversComplete: counts.completedParticipantWaivers >= counts.racers,
    volunteerWaiversComplete: counts.completedVolunteerWaivers >= counts.volunteers,
    volunteersRegistered: counts.assignedVolunteers >= counts.requiredVolunteers,
    invoicePaid: counts.invoicePaid,
  };
}

const NOTHING_DONE: BibReadinessFacts = {
  participantWaiversComplete: false,
  volunteerWaiversComplete: false,
  volunteersRegistered: false,
  invoicePaid: false,
};

/** Each school's readiness, in the order given: ready only when all four are done; a school
 *  without facts counts as nothing done (never hand over bibs on missing data). */
export function bibReadiness(
  schools: readonly RaceSchool[],
  facts: ReadonlyMap<string, BibReadinessFacts>,
): BibReadiness[] {
  return schools.map((school) => {
    const done = facts.get(school.id) ?? NOTHING_DONE;
    return {
      SchoolId: school.id,
      schoolName: school.name,
      participantWaiversComplete: done.participantWaiversComplete,
      volunteerWaiversComplete: done.volunteerWaiversComplete,
      volunteersRegistered: done.volunteersRegistered,
      invoicePaid: done.invoicePaid,
      ready:
        done.participantWaiversComplete &&
        done.volunteerWaiversComplete &&
        done.volunteersRegistered &&
        done.invoicePaid,
    };
  });
}
