import { describe, expect, it } from 'vitest';
import {
  canAddParticipant,
  canAddTeamManager,
  disciplineDuplicates,
  genderFitsTeam,
  teamEntryIssues,
} from '../../src/domain';
import { entry, teamRow, uuid } from './factories';

const genders: Record<string, string> = { [uuid(1)]: 'Male', [uuid(2)]: 'Male', [uuid(3)]: 'Female', [uuid(4)]: 'Male' };
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
    expect(canAddParticipant(teamRow({ TeamEntries: [entry(1, null, 1), entry(2, null, 2), entry(3, 1, 3)] }))).toBe(true);
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
    expect(teamEntryIssues(teamRow({ TeamEntries: [entry(1, 1, 4)] }), genderOf)[0]?.code).toBe('POSITION_OUT_OF_RANGE');
    expect(teamEntryIssues(teamRow({ DisciplineId: 1, TeamEntries: [entry(1, 1, 4)] }), genderOf)).toEqual([]);
    expect(teamEntryIssues(teamRow({ TeamEntries: [entry(1, 1, 0)] }), genderOf)[0]?.code).toBe('POSITION_OUT_OF_RANGE');
  });

  it('refuses the same participant twice in a team', () => {
    const issues = teamEntryIssues(teamRow({ TeamEntries: [entry(1, 1, 1), entry(2, 1, 2)] }), genderOf);
    expect(issues.map((i) => i.code)).toEqual(['PARTICIPANT_TWICE']);
  });

  it("refuses a member whose gender does not fit the team's", () => {
    const issues = teamEntryIssues(teamRow({ TeamEntries: [entry(1, 3, 1)] }), genderOf);
    expect(issues).toEqual([
      { TeamEntryId: uuid(1001), code: 'GENDER_MISMATCH', message: "The participant's gender does not fit the team's gender." },
    ]);
  });

  it('takes both genders in a Co-ed team', () => {
    expect(teamEntryIssues(teamRow({ gender: 'Co-ed', TeamEntries: [entry(1, 1, 1), entry(2, 3, 2)] }), genderOf)).toEqual([]);
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
    expect(disciplineDuplicates(teams)).toEqual([{ ParticipantId: uuid(1), DisciplineId: 2, TeamIds: [uuid(101), uuid(102)] }]);
  });

  it('allows the same participant in teams of different disciplines', () => {
    const teams = [
      teamRow({ id: uuid(101), DisciplineId: 2, TeamEntries: [entry(1, 1, 1)] }),
      teamRow({ id: uuid(102), DisciplineId: 3, TeamEntries: [entry(2, 1, 1)] }),
    ];
    expect(disciplineDuplicates(teams)).toEqual([]);
  });
});
