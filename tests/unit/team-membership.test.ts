import { describe, expect, it } from 'vitest';
import {
  canAddParticipant,
  canAddTeamManager,
  disciplineDuplicates,
  genderFitsTeam,
  genderOffered,
  TEAM_MESSAGES,
  teamBatchIssues,
  teamEntryIssues,
  teamLabel,
  type MemberLike,
  type TeamBatch,
} from '../../src/domain';
import { entry, teamRow, uuid } from './factories';

const genders: Record<string, string> = {
  [uuid(1)]: 'Male',
  [uuid(2)]: 'Male',
  [uuid(3)]: 'Female',
  [uuid(4)]: 'Male',
};
const genderOf = (id: string) => genders[id];

describe('team member gender', () => {
  it('fits a team of the same gender only', () => {
    expect(genderFitsTeam('Male', 'Male')).toBe(true);
    expect(genderFitsTeam('Female', 'Male')).toBe(false);
    expect(genderFitsTeam('Male', 'Female')).toBe(false);
  });

  it('fits a Co-ed team whatever the gender', () => {
    expect(genderFitsTeam('Male', 'Co-ed')).toBe(true);
    expect(genderFitsTeam('Female', 'Co-ed')).toBe(true);
  });

  it('does not fit when the member has no gender', () => {
    expect(genderFitsTeam('', 'Male')).toBe(false);
    expect(genderFitsTeam(undefined, 'Female')).toBe(false);
  });
});

describe('team positions', () => {
  it('disables add participant once the 3 positions of a moguls team are filled', () => {
    const team = teamRow({ TeamEntries: [entry(1, 1, 1), entry(2, 2, 2)] });
    expect(canAddParticipant(team)).toBe(true);
    expect(canAddParticipant({ ...team, TeamEntries: [...team.TeamEntries, entry(3, 4, 3)] })).toBe(false);
  });

  it('allows a fourth participant in discipline 1 and 9 teams', () => {
    const team = teamRow({ DisciplineId: 9, TeamEntries: [entry(1, 1, 1), entry(2, 2, 2), entry(3, 4, 3)] });
    expect(canAddParticipant(team)).toBe(true);
  });

  it('does not count unassigned positions as filled', () => {
    expect(canAddParticipant(teamRow({ TeamEntries: [entry(1, null, 1), entry(2, null, 2), entry(3, 1, 3)] }))).toBe(
      true,
    );
  });

  it('allows adding a team manager only while the team has none', () => {
    expect(canAddTeamManager({ TeamManagerId: null })).toBe(true);
    expect(canAddTeamManager({ TeamManagerId: uuid(9) })).toBe(false);
  });

  it('accepts a valid team without issues', () => {
    expect(teamEntryIssues(teamRow({ TeamEntries: [entry(1, 1, 1), entry(2, 2, 3)] }), genderOf)).toEqual([]);
  });

  it('lets a position hold at most one participant', () => {
    const issues = teamEntryIssues(teamRow({ TeamEntries: [entry(1, 1, 1), entry(2, 2, 1)] }), genderOf);
    expect(issues.map((i) => [i.TeamEntryId, i.code])).toEqual([[uuid(1002), 'POSITION_TAKEN']]);
  });

  it('refuses a position beyond the team size', () => {
    expect(teamEntryIssues(teamRow({ TeamEntries: [entry(1, 1, 4)] }), genderOf)[0]?.code).toBe(
      'POSITION_OUT_OF_RANGE',
    );
    expect(teamEntryIssues(teamRow({ DisciplineId: 1, TeamEntries: [entry(1, 1, 4)] }), genderOf)).toEqual([]);
    expect(teamEntryIssues(teamRow({ TeamEntries: [entry(1, 1, 0)] }), genderOf)[0]?.code).toBe(
      'POSITION_OUT_OF_RANGE',
    );
  });

  it('refuses the same participant twice in a team', () => {
    const issues = teamEntryIssues(teamRow({ TeamEntries: [entry(1, 1, 1), entry(2, 1, 2)] }), genderOf);
    expect(issues.map((i) => i.code)).toEqual(['PARTICIPANT_TWICE']);
  });

  it("refuses a member whose gender does not fit the team's", () => {
    const issues = teamEntryIssues(teamRow({ TeamEntries: [entry(1, 3, 1)] }), genderOf);
    expect(issues).toEqual([
      {
        TeamEntryId: uuid(1001),
        code: 'GENDER_MISMATCH',
        message: "The participant's gender does not fit the team's gender.",
      },
    ]);
  });

  it('takes both genders in a Co-ed team', () => {
    expect(
      teamEntryIssues(teamRow({ gender: 'Co-ed', TeamEntries: [entry(1, 1, 1), entry(2, 3, 2)] }), genderOf),
    ).toEqual([]);
  });

  it('ignores unassigned positions', () => {
    expect(teamEntryIssues(teamRow({ TeamEntries: [entry(1, null, 1), entry(2, null, 1)] }), genderOf)).toEqual([]);
  });
});

describe('one entry per discipline', () => {
  it('finds a participant entered twice in the same discipline of an event', () => {
    const teams = [
      teamRow({ id: uuid(101), DisciplineId: 2, TeamEntries: [entry(1, 1, 1)] }),
      teamRow({ id: uuid(102), DisciplineId: 2, teamRank: 'B', TeamEntries: [entry(2, 1, 1)] }),
    ];
    expect(disciplineDuplicates(teams)).toEqual([
      { ParticipantId: uuid(1), DisciplineId: 2, TeamIds: [uuid(101), uuid(102)] },
    ]);
  });

  it('allows the same participant in teams of different disciplines', () => {
    const teams = [
      teamRow({ id: uuid(101), DisciplineId: 2, TeamEntries: [entry(1, 1, 1)] }),
      teamRow({ id: uuid(102), DisciplineId: 3, TeamEntries: [entry(2, 1, 1)] }),
    ];
    expect(disciplineDuplicates(teams)).toEqual([]);
  });
});

describe('a batch of team saves', () => {
  const moguls = { DisciplineId: 2, name: 'Moguls', divisionFrom: 1, divisionTo: 5, male: true, female: true };
  const people: Record<string, MemberLike> = {
    [uuid(1)]: { firstname: 'Ann', lastname: 'Lee', gender: 'Male', archived: 0 },
    [uuid(2)]: { firstname: 'Bo', lastname: 'Kim', gender: 'Male', archived: 0 },
    [uuid(3)]: { firstname: 'Cy', lastname: 'Old', gender: 'Male', archived: 1 },
  };
  const batch = (teams: ReturnType<typeof teamRow>[], over: Partial<TeamBatch> = {}): TeamBatch => ({
    teams,
    otherTeams: [],
    disciplines: new Map([
      [2, moguls],
      [9, { ...moguls, DisciplineId: 9, name: 'Alpine Relay', divisionFrom: 3, divisionTo: 3, female: false }],
    ]),
    participantOf: (id) => people[id],
    isSchoolManager: (id) => id === uuid(50),
    ...over,
  });
  const found = (b: TeamBatch) => teamBatchIssues(b).map((i) => [i.team, i.entry, i.field]);

  it('accepts valid teams', () => {
    expect(
      teamBatchIssues(batch([teamRow({ TeamManagerId: uuid(50), TeamEntries: [entry(1, 1, 1), entry(2, null, 2)] })])),
    ).toEqual([]);
  });

  it('refuses a discipline the event does not run, a division out of its range and a gender it does not race', () => {
    expect(found(batch([teamRow({ DisciplineId: 3 })]))).toEqual([[0, undefined, 'DisciplineId']]);
    const issues = teamBatchIssues(batch([teamRow({ DisciplineId: 9, division: 4, gender: 'Female' })]));
    expect(issues.map((i) => i.message)).toEqual([
      'Division 4 is not offered in Alpine Relay at this event (divisions 3 to 3).',
      'Alpine Relay at this event has no Female teams.',
    ]);
  });

  it('allows Co-ed teams only in disciplines that race both genders', () => {
    expect(genderOffered({ male: true, female: true }, 'Co-ed')).toBe(true);
    expect(genderOffered({ male: true, female: false }, 'Co-ed')).toBe(false);
    expect(genderOffered({ male: true, female: false }, 'Male')).toBe(true);
  });

  it('refuses a second team with the same discipline, division, gender and letter, in the batch or stored', () => {
    expect(found(batch([teamRow({ id: uuid(101) }), teamRow({ id: uuid(102) })]))).toEqual([
      [1, undefined, 'teamRank'],
    ]);
    expect(found(batch([teamRow({ id: uuid(101) })], { otherTeams: [teamRow({ id: uuid(102) })] }))).toEqual([
      [0, undefined, 'teamRank'],
    ]);
    expect(teamBatchIssues(batch([teamRow({ id: uuid(101) }), teamRow({ id: uuid(102), teamRank: 'B' })]))).toEqual([]);
  });

  it("refuses a team manager who is not one of the school's", () => {
    expect(teamBatchIssues(batch([teamRow({ TeamManagerId: uuid(51) })]))[0]?.message).toBe(
      TEAM_MESSAGES.managerNotOfSchool,
    );
  });

  it("refuses another school's participant and an archived one, naming them", () => {
    const issues = teamBatchIssues(batch([teamRow({ TeamEntries: [entry(1, 7, 1), entry(2, 3, 2)] })]));
    expect(issues.map((i) => [i.entry, i.message])).toEqual([
      [0, TEAM_MESSAGES.participantNotOfSchool],
      [1, "Cy Old has been removed from your school's participants and cannot be entered."],
    ]);
  });

  it('names the position and participant problems of teamEntryIssues by entry', () => {
    expect(found(batch([teamRow({ TeamEntries: [entry(1, 1, 1), entry(2, 2, 1), entry(3, 2, 4)] })]))).toEqual([
      [0, 1, 'position'],
      [0, 2, 'position'],
      [0, 2, 'ParticipantId'],
    ]);
  });

  it('keeps unassigned positions within the team and off taken positions', () => {
    expect(found(batch([teamRow({ TeamEntries: [entry(1, null, 4)] })]))).toEqual([[0, 0, 'position']]);
    expect(found(batch([teamRow({ TeamEntries: [entry(1, 1, 2), entry(2, null, 2)] })]))).toEqual([[0, 1, 'position']]);
    expect(found(batch([teamRow({ TeamEntries: [entry(1, null, 2), entry(2, null, 2)] })]))).toEqual([
      [0, 1, 'position'],
    ]);
  });

  it('refuses a participant twice in one discipline, also against teams outside the batch', () => {
    const stored = teamRow({ id: uuid(102), teamRank: 'B', TeamEntries: [entry(9, 1, 1)] });
    const issues = teamBatchIssues(
      batch([teamRow({ id: uuid(101), TeamEntries: [entry(1, 1, 1)] })], { otherTeams: [stored] }),
    );
    expect(issues).toEqual([
      { team: 0, entry: 0, field: 'ParticipantId', message: 'Ann Lee is already entered in Moguls for this event.' },
    ]);
    const both = [
      teamRow({ id: uuid(101), TeamEntries: [entry(1, 1, 1)] }),
      teamRow({ id: uuid(102), teamRank: 'B', TeamEntries: [entry(2, 1, 1)] }),
    ];
    expect(found(batch(both))).toEqual([[1, 0, 'ParticipantId']]);
  });

  it('labels a team as a coordinator names it', () => {
    expect(teamLabel('Moguls', { division: 1, gender: 'Male', teamRank: 'A' })).toBe('Moguls Division 1 Male team A');
  });
});
