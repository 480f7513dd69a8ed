import { describe, expect, it } from 'vitest';
import { homeResults } from '../../src/domain/rules/home-results';
import { isUnassignedEntry, teamsWithUnassignedParticipants } from '../../src/domain/rules/unassigned-participants';
import { entry, teamRow, uuid } from './factories';

describe('teams with unassigned participants (home warning)', () => {
  const names: Record<number, string> = { 1: 'Alpine', 2: 'Moguls', 3: 'Skier Cross' };
  const nameOf = (id: number) => names[id] ?? '';
  const participants = [
    { id: uuid(1), archived: 0 },
    { id: uuid(2), archived: 0 },
    { id: uuid(3), archived: 1 },
  ];

  it('an entry is unassigned without a participant, or when its participant is archived or not of the school', () => {
    const active = new Set([uuid(1)]);
    expect(isUnassignedEntry({ ParticipantId: null }, active)).toBe(true);
    expect(isUnassignedEntry({ ParticipantId: uuid(3) }, active)).toBe(true);
    expect(isUnassignedEntry({ ParticipantId: uuid(1) }, active)).toBe(false);
  });

  it('lists name, division, rank and gender of those teams, in discipline, division and rank order', () => {
    const teams = [
      teamRow({
        id: uuid(101),
        DisciplineId: 3,
        division: 1,
        teamRank: 'A',
        gender: 'Male',
        TeamEntries: [entry(1, 1, 1), entry(2, null, 2)],
      }),
      teamRow({
        id: uuid(102),
        DisciplineId: 1,
        division: 2,
        teamRank: 'B',
        gender: 'Female',
        TeamEntries: [entry(3, 3, 1)],
      }),
      teamRow({
        id: uuid(103),
        DisciplineId: 1,
        division: 2,
        teamRank: 'A',
        gender: 'Co-ed',
        TeamEntries: [entry(4, 9, 1)],
      }),
      teamRow({ id: uuid(104), DisciplineId: 2, TeamEntries: [entry(5, 1, 1), entry(6, 2, 2)] }),
      teamRow({ id: uuid(105), DisciplineId: 2, TeamEntries: [] }),
    ];
    expect(teamsWithUnassignedParticipants(teams, participants, nameOf)).toEqual([
      { TeamId: uuid(103), name: 'Alpine', division: 2, teamRank: 'A', gender: 'Co-ed' },
      { TeamId: uuid(102), name: 'Alpine', division: 2, teamRank: 'B', gender: 'Female' },
      { TeamId: uuid(101), name: 'Skier Cross', division: 1, teamRank: 'A', gender: 'Male' },
    ]);
  });
});

describe('home results', () => {
  const race = (n: number, over: Record<string, unknown> = {}) => ({
    id: uuid(n),
    DisciplineId: 1,
    division: 1,
    gender: 'Female',
    teamIndividual: 'Team',
    fileUrl: `https://r.test/${n}.pdf`,
    ...over,
  });
  const overall = {
    id: uuid(50),
    pointscore: 'Skiing',
    schoolType: 'Secondary',
    gender: 'Female',
    fileUrl: 'https://r.test/o.pdf',
  };

  it('shows nothing until the event is shown for results', () => {
    expect(
      homeResults({ event: { showForResults: false }, races: [race(1)], overalls: [overall] }, () => 'Alpine'),
    ).toEqual([]);
    expect(homeResults({ event: undefined, races: [race(1)], overalls: [] }, () => 'Alpine')).toEqual([]);
  });

  it('lists at most five published files, overall pointscores first, then races in order', () => {
    const races = [
      race(1, { division: 3 }),
      race(2, { fileUrl: '' }),
      race(3, { DisciplineId: 2 }),
      race(4),
      race(5, { division: 2 }),
      race(6, { division: 4 }),
      race(7, { division: 5 }),
    ];
    const results = homeResults({ event: { showForResults: true }, races, overalls: [overall] }, (id) =>
      id === 1 ? 'Alpine' : 'Moguls',
    );
    expect(results.map((r) => r.id)).toEqual([uuid(50), uuid(4), uuid(5), uuid(1), uuid(6)]);
    expect(results[0]!.title).toBe('Skiing – Secondary Female');
    expect(results[1]).toEqual({
      id: uuid(4),
      title: 'Alpine – Division 1 Female Team',
      fileUrl: 'https://r.test/4.pdf',
    });
  });
});
