// The team grid's pure logic: the draft and its flags, positions and 'Add participant', the save
// it queues (and the refused saves it sends again), the checks before Save with the server's own
// messages placed on the right rows, and the choices each cell offers.
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import type { EventDisciplineRow, ParticipantRow, TeamEntryRow, TeamRow } from '../../src/db/database';
import { participantAlreadyEnteredMessage, SERVER_MESSAGES } from '../../src/domain/server-messages';
import { TEAM_MESSAGES } from '../../src/domain/rules/team-membership';
import { draftIssues, type TeamContext } from '../../src/features/teams/team-checks';
import {
  EMPTY_TEAM_DRAFT,
  addEntry,
  addTeam,
  baseTeams,
  currentTeams,
  isDirty,
  newTeam,
  planTeamsSave,
  removeEntry,
  removeTeam,
  setEntry,
  setManager,
  setTeamField,
  teamFlag,
  teamIsFull,
  undoRemoveTeam,
  withTeam,
  type TeamDraft,
} from '../../src/features/teams/team-draft';
import {
  eligibleParticipants,
  participantLabels,
  teamColumns,
  toTeamGridRow,
} from '../../src/features/teams/team-grid-rows';
import { batchRefusals } from '../../src/sync/refusals';
import { participantRow } from './support/factories';

const SCHOOL = uuidv7();
const EVENT = uuidv7();

const person = (over: Partial<ParticipantRow>) => participantRow<ParticipantRow>(SCHOOL, over);
const ann = person({ firstname: 'Ann', lastname: 'Lee', gender: 'Female', snowId: '1001' });
const bob = person({ firstname: 'Bob', lastname: 'Ng', gender: 'Male', snowId: '1002' });
const cat = person({ firstname: 'Cat', lastname: 'Ray', gender: 'Female', snowId: '1003' });
const gone = person({ firstname: 'Old', lastname: 'Boy', gender: 'Male', archived: 1 });
const PEOPLE = [ann, bob, cat, gone];

const discipline = (id: number, name: string, over: Partial<EventDisciplineRow> = {}): EventDisciplineRow => ({
  EventId: EVENT,
  DisciplineId: id,
  name,
  divisionFrom: 1,
  divisionTo: 3,
  male: true,
  female: true,
  active: true,
  ...over,
});
const DISCIPLINES = new Map([
  [1, discipline(1, 'Alpine')],
  [2, discipline(2, 'Moguls', { divisionFrom: 2, divisionTo: 4, male: false })],
]);
const MANAGER = uuidv7();
const CONTEXT: TeamContext = {
  disciplines: DISCIPLINES,
  participants: new Map(PEOPLE.map((p) => [p.id, p])),
  managerIds: new Set([MANAGER]),
};

function savedTeam(over: Partial<TeamRow> = {}): TeamRow {
  return {
    id: uuidv7(),
    SchoolId: SCHOOL,
    EventId: EVENT,
    DisciplineId: 2,
    division: 2,
    teamRank: 'A',
    gender: 'Female',
    TeamManagerId: null,
    version: 3,
    ...over,
  } as TeamRow;
}
const entryOf = (team: TeamRow, ParticipantId: string | null, position: number): TeamEntryRow => ({
  id: uuidv7(),
  TeamId: team.id,
  ParticipantId,
  position,
  bib: null,
  version: 1,
});

/** One saved Moguls team: Ann at 1, Cat at 2. */
function world() {
  const team = savedTeam();
  const entries = [entryOf(team, cat.id, 2), entryOf(team, ann.id, 1)];
  const base = baseTeams([team], entries);
  return { team, entries, base, working: base[0]! };
}

describe('team draft', () => {
  it('reads the mirror into teams with their entries by position', () => {
    const { working, entries } = world();
    expect(working.entries.map((e) => [e.position, e.ParticipantId])).toEqual([
      [1, ann.id],
      [2, cat.id],
    ]);
    expect(working.entries[0]!.id).toBe(entries[1]!.id);
  });

  it('flags teams new, edited and deleted, and an edit taken back is no edit', () => {
    const { base, working } = world();
    const byId = new Map(base.map((t) => [t.id, t]));
    let draft: TeamDraft = withTeam(EMPTY_TEAM_DRAFT, setTeamField(working, 'teamRank', 'B'));
    expect(teamFlag(currentTeams(base, draft)[0]!, byId, draft)).toBe('Edited');
    draft = withTeam(draft, setTeamField(currentTeams(base, draft)[0]!, 'teamRank', 'A'));
    expect(teamFlag(currentTeams(base, draft)[0]!, byId, draft)).toBe('');
    expect(isDirty(base, draft)).toBe(false);

    const fresh = newTeam(uuidv7(), SCHOOL, EVENT);
    draft = addTeam(draft, fresh);
    expect(teamFlag(fresh, byId, draft)).toBe('New');
    draft = removeTeam(draft, working.id);
    expect(teamFlag(working, byId, draft)).toBe('Deleted');
    expect(currentTeams(base, draft).map((t) => t.id)).toEqual([working.id, fresh.id]);
    draft = undoRemoveTeam(draft, working.id);
    expect(teamFlag(working, byId, draft)).toBe('');
    // A team added on the screen and removed again simply goes.
    draft = removeTeam(draft, fresh.id);
    expect(draft.added).toEqual([]);
    expect(isDirty(base, draft)).toBe(false);
  });

  it('adds participants at the first free position until the team is full (3, or 4 in disciplines 1 and 9)', () => {
    const { working } = world();
    expect(teamIsFull(working)).toBe(false);
    const full = addEntry(working, uuidv7());
    expect(full.entries.map((e) => e.position)).toEqual([1, 2, 3]);
    expect(teamIsFull(full)).toBe(true);
    expect(addEntry(full, uuidv7())).toBe(full);
    const alpine = setTeamField(full, 'DisciplineId', 1);
    expect(teamIsFull(alpine)).toBe(false);
    expect(addEntry(alpine, uuidv7()).entries.map((e) => e.position)).toEqual([1, 2, 3, 4]);
    // Removing position 1 frees it for the next participant.
    expect(
      addEntry(removeEntry(full, full.entries[0]!.id), uuidv7())
        .entries.map((e) => e.position)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(teamIsFull(newTeam(uuidv7(), SCHOOL, EVENT))).toBe(true);
  });

  it('queues one PUT /api/teams body: the changes of a saved team, new teams whole, and the deleted ids', () => {
    const { base, working } = world();
    const other = baseTeams([savedTeam({ teamRank: 'C' })], [])[0]!;
    const all = [...base, other];
    const dropped = working.entries[1]!.id;
    let draft = withTeam(EMPTY_TEAM_DRAFT, setManager(removeEntry(working, dropped), MANAGER));
    const fresh = setTeamField(
      setTeamField(
        setTeamField(setTeamField(newTeam(uuidv7(), SCHOOL, EVENT), 'DisciplineId', 1), 'division', '2'),
        'teamRank',
        'A',
      ),
      'gender',
      'Male',
    );
    const withBob = setEntry(addEntry(fresh, uuidv7()), '', {});
    draft = addTeam(draft, { ...withBob, entries: withBob.entries.map((e) => ({ ...e, ParticipantId: bob.id })) });
    draft = removeTeam(draft, other.id);
    expect(planTeamsSave(all, EMPTY_TEAM_DRAFT)).toBeNull();
    const plan = planTeamsSave(all, draft)!;
    expect(plan.body).toEqual({
      multi: true,
      teams: [
        // On record: only the manager and the entries changed, so only they go (with the version).
        {
          id: working.id,
          TeamManagerId: MANAGER,
          version: 3,
          TeamEntries: [{ id: working.entries[0]!.id, ParticipantId: ann.id, position: 1, version: 1 }],
        },
        {
          id: fresh.id,
          DisciplineId: 1,
          division: 2,
          teamRank: 'A',
          gender: 'Male',
          TeamManagerId: null,
          TeamEntries: [{ id: withBob.entries[0]!.id, ParticipantId: bob.id, position: 1 }],
        },
      ],
      teamsDeleted: [other.id],
    });
    expect(plan.droppedEntryIds).toEqual([dropped]);
    expect(plan.base.map((t) => t.id)).toEqual([working.id]);
  });

  it('sends again the teams of a refused save, as they stand, and replaces that save', () => {
    const { base, working } = world();
    const unsent = { teamIds: new Set([working.id]), deletedIds: new Set([uuidv7()]) };
    const plan = planTeamsSave(base, EMPTY_TEAM_DRAFT, unsent)!;
    // Whole: the server does not hold what the refused save carried.
    expect(plan.body.teams).toEqual([
      expect.objectContaining({ id: working.id, DisciplineId: 2, division: 2, teamRank: 'A', gender: 'Female' }),
    ]);
    expect(plan.body.teamsDeleted).toEqual([...unsent.deletedIds]);
  });
});

describe('checks before Save', () => {
  it('names a participant entered twice in a discipline on the later team and its entry', () => {
    const { base } = world();
    const second = setTeamField(
      setTeamField(
        setTeamField(setTeamField(newTeam(uuidv7(), SCHOOL, EVENT), 'DisciplineId', 2), 'division', 2),
        'teamRank',
        'B',
      ),
      'gender',
      'Female',
    );
    const withAnn = addEntry(second, uuidv7());
    const entry = withAnn.entries[0]!;
    const draft = addTeam(EMPTY_TEAM_DRAFT, setEntry(withAnn, entry.id, { ParticipantId: ann.id }));
    const issues = draftIssues(base, draft, CONTEXT);
    const message = participantAlreadyEnteredMessage('Ann Lee', 'Moguls');
    expect(issues.entries.get(entry.id)).toBe(message);
    expect(issues.teams.get(second.id)).toBe(message);
    expect(issues.list).toEqual([`Moguls Division 2 Female team B: ${message}`]);
  });

  it('refuses a member of the wrong gender, a taken position, a team that exists, a division the event does not run', () => {
    const { base, working } = world();
    const bobbed = setEntry(working, working.entries[1]!.id, { ParticipantId: bob.id, position: 1 });
    let issues = draftIssues(base, withTeam(EMPTY_TEAM_DRAFT, bobbed), CONTEXT);
    expect(issues.entries.get(working.entries[1]!.id)).toBe(SERVER_MESSAGES.positionTaken);
    expect(issues.list).toContain(`Moguls Division 2 Female team A: ${SERVER_MESSAGES.genderDoesNotFitTeam}`);

    const twin = setTeamField(
      setTeamField(
        setTeamField(setTeamField(newTeam(uuidv7(), SCHOOL, EVENT), 'DisciplineId', 2), 'division', 2),
        'teamRank',
        'A',
      ),
      'gender',
      'Female',
    );
    issues = draftIssues(base, addTeam(EMPTY_TEAM_DRAFT, twin), CONTEXT);
    expect(issues.teams.get(twin.id)).toBe(TEAM_MESSAGES.teamExists);

    const low = setTeamField(working, 'division', 1);
    issues = draftIssues(base, withTeam(EMPTY_TEAM_DRAFT, low), CONTEXT);
    expect(issues.teams.get(working.id)).toBe(TEAM_MESSAGES.divisionNotOffered('Moguls', 1, 2, 4));
  });

  it("leaves teams the grid has not completed to the grid's own cell checks", () => {
    expect(draftIssues([], addTeam(EMPTY_TEAM_DRAFT, newTeam(uuidv7(), SCHOOL, EVENT)), CONTEXT).list).toEqual([]);
  });
});

describe('cells and choices', () => {
  it('offers only active participants of a fitting gender who are not yet in the discipline', () => {
    const { base, working } = world();
    const slot = addEntry(working, uuidv7());
    const entry = slot.entries[2]!;
    const offered = eligibleParticipants(slot, entry, [slot], new Set(), PEOPLE).map((p) => p.firstname);
    expect(offered).toEqual([]); // Ann and Cat are in, Bob is male, Old Boy archived
    const coed = setTeamField(slot, 'gender', 'Co-ed');
    expect(eligibleParticipants(coed, entry, [coed], new Set(), PEOPLE).map((p) => p.firstname)).toEqual(['Bob']);
    // The entry's own participant stays offered; a deleted team frees its members.
    expect(eligibleParticipants(working, working.entries[0]!, base, new Set(), PEOPLE).map((p) => p.firstname)).toEqual(
      ['Ann'],
    );
    const other = { ...coed, id: uuidv7(), entries: [] };
    expect(
      eligibleParticipants(other, { ...entry, id: uuidv7() }, [coed, other], new Set([coed.id]), PEOPLE).map(
        (p) => p.firstname,
      ),
    ).toEqual(['Ann', 'Bob', 'Cat']);
  });

  it('labels participants by name and year, with the snow id where two read the same', () => {
    const twin = person({ firstname: 'Ann', lastname: 'Lee', gender: 'Female', snowId: '2002' });
    const labels = participantLabels([ann, twin, bob]);
    expect(labels.get(ann.id)).toBe('Lee, Ann (Year 8) 1001');
    expect(labels.get(twin.id)).toBe('Lee, Ann (Year 8) 2002');
    expect(labels.get(bob.id)).toBe('Ng, Bob (Year 8)');
  });

  it('offers divisions and genders by the discipline, letters A to M', () => {
    const { base, working } = world();
    const context = { disciplines: DISCIPLINES, managers: new Map() };
    const row = toTeamGridRow(
      working,
      new Map(base.map((t) => [t.id, t])),
      EMPTY_TEAM_DRAFT,
      context,
      undefined,
      false,
    );
    const columns = new Map(teamColumns(context).map((c) => [c.key, c]));
    expect(columns.get('division')!.sourceFor!(row)).toEqual(['2', '3', '4']);
    expect(columns.get('gender')!.sourceFor!(row)).toEqual(['Female']);
    expect(columns.get('teamRank')!.source).toHaveLength(13);
    expect(columns.get('division')!.validate!('1', row)).toBe('Choose a division from 2 to 4');
    expect(columns.get('gender')!.validate!('Male', { ...row })).toBe('Choose Female');
    expect(row).toMatchObject({ discipline: 'Moguls', members: '2 of 3', flag: '' });
  });
});

describe('refusals on the rows', () => {
  it('puts a field refusal on its team and entry, and a message without fields on every team of the batch', () => {
    const teamId = uuidv7();
    const entryId = uuidv7();
    const body = {
      multi: true,
      teams: [
        { id: uuidv7(), TeamEntries: [] },
        { id: teamId, TeamEntries: [{ id: uuidv7() }, { id: entryId }] },
      ],
      teamsDeleted: [],
    };
    const named = batchRefusals(
      { body, error: 'Refused', fields: [{ path: 'teams.1.TeamEntries.1.ParticipantId', message: 'Twice' }] },
      'teams',
      'TeamEntries',
    );
    expect([...named.rows]).toEqual([[teamId, 'Twice']]);
    expect([...named.nested]).toEqual([[entryId, 'Twice']]);
    const whole = batchRefusals({ body, error: 'Locked', fields: [] }, 'teams', 'TeamEntries');
    expect([...whole.rows.values()]).toEqual(['Locked', 'Locked']);
  });
});
