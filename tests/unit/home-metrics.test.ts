import { describe, expect, it } from 'vitest';
import { homeMetrics, teamsWithUnassignedEntries } from '../../src/domain';
import { entry, teamRow, uuid } from './factories';

describe('home metrics', () => {
  const rows = {
    participants: [
      { id: uuid(1), archived: 0 },
      { id: uuid(2), archived: 0 },
      { id: uuid(3), archived: 1 },
    ],
    teamManagers: [{}, {}],
    teams: [
      teamRow({ TeamEntries: [entry(1, 1, 1), entry(2, 2, 2), entry(3, null, 3)] }),
      teamRow({ DisciplineId: 3, TeamEntries: [entry(4, 1, 1)] }),
    ],
    volunteers: [{}],
    slots: [{ VolunteerId: uuid(50) }, { VolunteerId: null }, { VolunteerId: null }],
    waivers: [
      { type: 'participant', completed: true },
      { type: 'participant', completed: false },
      { type: 'volunteer', completed: true },
    ],
  };

  it('counts every figure of the home dashboard', () => {
    expect(homeMetrics(rows)).toEqual({
      participantCount: 2,
      teamManagerCount: 2,
      teamsCount: 2,
      raceEntriesCount: 3,
      volunteerCount: 1,
      noPositionsAssignedToVolunteer: 1,
      noPositionsNotAssignedToVolunteer: 2,
      enteredParticipantsCount: 2,
      completedParticipantsWaiversCount: 1,
      completedVolunteerWaiversCount: 1,
    });
  });

  it('counts zero everywhere for an empty school', () => {
    const empty = homeMetrics({
      participants: [],
      teamManagers: [],
      teams: [],
      volunteers: [],
      slots: [],
      waivers: [],
    });
    expect(Object.values(empty).every((value) => value === 0)).toBe(true);
  });
});

describe('teams with unassigned entries', () => {
  const names: Record<number, string> = { 1: 'Alpine', 2: 'Moguls' };

  it('lists name, division, rank and gender of teams with an entry lacking a participant', () => {
    const teams = [
      teamRow({
        id: uuid(101),
        DisciplineId: 2,
        division: 2,
        teamRank: 'B',
        gender: 'Female',
        TeamEntries: [entry(1, null, 1)],
      }),
      teamRow({
        id: uuid(102),
        DisciplineId: 1,
        division: 2,
        teamRank: 'A',
        gender: 'Female',
        TeamEntries: [entry(2, null, 2)],
      }),
      teamRow({ id: uuid(103), TeamEntries: [entry(3, 1, 1)] }),
    ];
    expect(teamsWithUnassignedEntries(teams, (id) => names[id] ?? '')).toEqual([
      { TeamId: uuid(102), name: 'Alpine', division: 2, teamRank: 'A', gender: 'Female' },
      { TeamId: uuid(101), name: 'Moguls', division: 2, teamRank: 'B', gender: 'Female' },
    ]);
  });

  it('warns about nothing when every entry has a participant', () => {
    expect(teamsWithUnassignedEntries([teamRow({ TeamEntries: [entry(1, 1, 1)] })], () => 'x')).toEqual([]);
  });
});
