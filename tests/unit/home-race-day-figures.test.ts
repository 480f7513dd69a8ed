// The figures the admin's and the race official's homes compute from the race-day rows.
import { describe, expect, it } from 'vitest';
import { eventFigures, type SchoolReadiness } from '../../src/domain/rules/event-figures';
import { racesByDiscipline } from '../../src/domain/rules/race-summaries';
import type { TeamGender } from '../../src/domain/constants/choices';
import type { RaceTeam } from '../../src/domain/rules/race-day-rows';
import { uuid } from './factories';

const EVENT = uuid(1);
const OTHER = uuid(2);

const readiness = (patch: Partial<SchoolReadiness>): SchoolReadiness => ({
  EventId: EVENT,
  racers: 10,
  raceEntries: 14,
  completedParticipantWaivers: 8,
  volunteers: 2,
  completedVolunteerWaivers: 1,
  assignedVolunteers: 1,
  requiredVolunteers: 2,
  invoicePaid: false,
  ...patch,
});

describe("an event's figures across schools", () => {
  it('adds up the schools with race entries of the event, and counts its teams', () => {
    const figures = eventFigures(EVENT, {
      teams: [{ EventId: EVENT }, { EventId: EVENT }, { EventId: OTHER }],
      readiness: [
        readiness({}),
        readiness({
          racers: 3,
          raceEntries: 4,
          completedParticipantWaivers: 3,
          volunteers: 1,
          completedVolunteerWaivers: 1,
          assignedVolunteers: 1,
          requiredVolunteers: 1,
          invoicePaid: true,
        }),
        readiness({ EventId: OTHER, racers: 50 }),
        readiness({ raceEntries: 0, racers: 0, invoicePaid: true }),
      ],
    });
    expect(figures).toEqual({
      schoolsWithEntries: 2,
      racers: 13,
      raceEntries: 18,
      teams: 2,
      volunteerPlacesFilled: 2,
      volunteerPlacesRequired: 3,
      waiversComplete: 13,
      waiversNeeded: 16,
      invoicesPaid: 1,
      invoicesUnpaid: 1,
    });
  });

  it('is all zeros for an event with nothing on this device', () => {
    expect(Object.values(eventFigures(EVENT, { teams: [], readiness: [] })).every((n) => n === 0)).toBe(true);
  });
});

describe("an event's races by discipline", () => {
  const team = (n: number, DisciplineId: number, division: number, gender: TeamGender, EventId = EVENT): RaceTeam => ({
    id: uuid(100 + n),
    EventId,
    SchoolId: uuid(50),
    DisciplineId,
    division,
    gender,
    teamRank: 'A',
  });
  const entry = (teamN: number, participant: number | null) => ({
    TeamId: uuid(100 + teamN),
    ParticipantId: participant === null ? null : uuid(500 + participant),
  });
  const event = {
    id: EVENT,
    disciplines: [
      { DisciplineId: 3, name: 'Giant Slalom' },
      { DisciplineId: 1, name: 'Alpine' },
    ],
  };

  it("groups the races with teams by discipline in the event's order, counting teams and distinct racers", () => {
    const races = racesByDiscipline(event, {
      teams: [
        team(1, 1, 2, 'Female'),
        team(2, 1, 2, 'Female'),
        team(3, 1, 1, 'Co-ed'),
        team(4, 1, 1, 'Male'),
        team(5, 3, 4, 'Male'),
        team(6, 1, 2, 'Female', OTHER),
      ],
      entries: [
        entry(1, 1),
        entry(1, 2),
        entry(1, null),
        entry(2, 3),
        entry(3, 4),
        entry(5, 5),
        entry(5, 5),
        entry(6, 9),
      ],
    });
    expect(races.map((d) => d.name)).toEqual(['Giant Slalom', 'Alpine']);
    expect(races[0]!.races).toEqual([
      { EventId: EVENT, DisciplineId: 3, division: 4, gender: 'Male', teams: 1, racers: 1 },
    ]);
    expect(races[1]!.races.map((r) => [r.division, r.gender, r.teams, r.racers])).toEqual([
      [1, 'Male', 1, 0],
      [1, 'Co-ed', 1, 1],
      [2, 'Female', 2, 3],
    ]);
  });

  it('leaves out disciplines without teams and teams of disciplines the event does not run', () => {
    expect(racesByDiscipline(event, { teams: [team(1, 7, 1, 'Male')], entries: [entry(1, 1)] })).toEqual([]);
  });
});
