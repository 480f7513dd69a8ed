import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  eventUpdateSchema,
  eventWriteSchema,
  newEventDefaults,
  participantPatchSchema,
  participantWriteSchema,
  schoolRegistrationBodySchema,
  teamManagersBodySchema,
  teamsBodySchema,
  updateEventsBodySchema,
  volunteersBodySchema,
  waiversBodySchema,
  usersBodySchema,
  resultsBodySchema,
  invitesBodySchema,
  manualAssignBodySchema,
  participantsQuerySchema,
  startMarshallQuerySchema,
  transactionBodySchema,
} from '../../src/domain';
import { uuid } from './factories';

const issues = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('PUT /api/teams body', () => {
  it('accepts new, edited and deleted teams with entries', () => {
    const body = teamsBodySchema.parse({
      multi: true,
      teams: [
        {
          id: uuid(1),
          DisciplineId: 2,
          division: 1,
          teamRank: 'A',
          gender: 'Male',
          TeamManagerId: 0,
          TeamEntries: [
            { id: uuid(11), ParticipantId: uuid(21), position: 1 },
            { id: uuid(12), ParticipantId: 0, position: 2 },
          ],
        },
      ],
      teamsDeleted: [uuid(2)],
    });
    expect(body.teams[0]?.TeamManagerId).toBeNull();
    expect(body.teams[0]?.TeamEntries?.[1]?.ParticipantId).toBeNull();
  });

  it('refuses team letter N and position 5', () => {
    const team = { id: uuid(1), DisciplineId: 2, division: 1, teamRank: 'N', gender: 'Male' };
    expect(teamsBodySchema.safeParse({ multi: true, teams: [team], teamsDeleted: [] }).success).toBe(false);
    const entries = [{ id: uuid(11), ParticipantId: uuid(21), position: 5 }];
    const withEntry = { ...team, teamRank: 'A', TeamEntries: entries };
    expect(teamsBodySchema.safeParse({ multi: true, teams: [withEntry], teamsDeleted: [] }).success).toBe(false);
  });
});

describe('PUT /api/teamManagers body', () => {
  const manager = { id: uuid(1), firstname: 'Jo', lastname: 'Bloggs' };

  it('takes the mobile from phoneNumber when mobile is missing', () => {
    const body = teamManagersBodySchema.parse({
      multi: true,
      teamManagers: [{ ...manager, phoneNumber: '0412 345 678' }],
      teamManagersDeleted: [],
    });
    expect(body.teamManagers[0]).toEqual({ ...manager, mobile: '0412 345 678', seasonPass: '0' });
  });

  it("refuses a short mobile with 'Please add team manager phone number'", () => {
    const result = teamManagersBodySchema.safeParse({
      multi: true,
      teamManagers: [{ ...manager, mobile: '12 34' }],
      teamManagersDeleted: [],
    });
    expect(issues(result)).toEqual([['teamManagers.0.mobile', MESSAGES.teamManagerPhoneRequired]]);
  });
});

describe('PUT /api/volunteers body', () => {
  const volunteer = { id: uuid(1), firstname: 'Al', lastname: 'Ng', mobile: '0412345678', email: '' };

  it('accepts volunteers and slots with half-filled preferences', () => {
    const body = volunteersBodySchema.parse({
      multi: true,
      volunteers: [volunteer],
      volunteersDeleted: [],
      slots: [{ id: uuid(5), VolunteerId: null, preferences: [{ DisciplineId: 2 }] }],
      slotsDeleted: [uuid(6)],
    });
    expect(body.slots[0]?.preferences[0]).toEqual({
      DisciplineId: 2,
      division: null,
      gender: null,
      position: null,
      isLocked: false,
    });
  });

  it('refuses a volunteer phone and email with the spec messages', () => {
    const result = volunteersBodySchema.safeParse({
      multi: true,
      volunteers: [{ ...volunteer, mobile: '123', email: 'ab.com' }],
      volunteersDeleted: [],
      slots: [],
      slotsDeleted: [],
    });
    expect(issues(result)).toEqual([
      ['volunteers.0.mobile', 'Please add volunteer phone number'],
      ['volunteers.0.email', 'Invalid email address.'],
    ]);
  });

  it("refuses a slot with a volunteer and an incomplete preference: 'Preference is incomplete'", () => {
    const result = volunteersBodySchema.safeParse({
      multi: true,
      volunteers: [],
      volunteersDeleted: [],
      slots: [{ id: uuid(5), VolunteerId: uuid(1), preferences: [{ DisciplineId: 2, division: 1 }] }],
      slotsDeleted: [],
    });
    expect(issues(result)).toEqual([['slots.0.preferences.0', 'Preference is incomplete']]);
  });
});

describe('the other batch bodies', () => {
  it('accept their spec keys', () => {
    expect(waiversBodySchema.safeParse({ multi: true, data: [], waiversDeleted: [uuid(1)] }).success).toBe(true);
    expect(resultsBodySchema.safeParse({ multi: true, racesDeleted: [], overallDeleted: [uuid(1)] }).success).toBe(
      true,
    );
    expect(invitesBodySchema.safeParse({ multi: true, invitesDeleted: [uuid(1)], overallDeleted: [] }).success).toBe(
      true,
    );
    expect(usersBodySchema.safeParse({ multi: true, users: [], usersDeleted: [uuid(1)] }).success).toBe(true);
  });

  it('refuses the school role in the users grid', () => {
    const user = { id: uuid(1), firstname: 'A', lastname: 'B', email: 'a@b.com', role: 'school' };
    expect(usersBodySchema.safeParse({ multi: true, users: [user], usersDeleted: [] }).success).toBe(false);
  });

  it('takes manual bibs as a list of bib and teamEntryId', () => {
    expect(manualAssignBodySchema.parse([{ bib: 101, teamEntryId: uuid(1) }])).toHaveLength(1);
    expect(manualAssignBodySchema.safeParse([{ bib: 0, teamEntryId: uuid(1) }]).success).toBe(false);
  });

  it('takes the payment start in lowercase keys with a positive amount', () => {
    expect(transactionBodySchema.safeParse({ schoolId: uuid(1), eventId: uuid(2), outstanding: 150.5 }).success).toBe(
      true,
    );
    expect(transactionBodySchema.safeParse({ schoolId: uuid(1), eventId: uuid(2), outstanding: 0 }).success).toBe(
      false,
    );
  });
});

describe('events', () => {
  const event = { ...newEventDefaults({ id: uuid(1), year: 2026, disciplineIds: [1, 9] }), name: 'Interschools 2026' };

  it('accepts a new event built from the defaults', () => {
    expect(eventWriteSchema.parse(event).disciplines).toHaveLength(2);
  });

  it('accepts the /rev update of id, showForResults and showForStartlists without adding defaults', () => {
    const body = updateEventsBodySchema.parse({
      data: [{ id: uuid(1), showForResults: true, showForStartlists: false }],
    });
    expect(body.data[0]).toEqual({ id: uuid(1), showForResults: true, showForStartlists: false });
  });

  it('refuses a fee with more than 2 decimals and a reversed division range', () => {
    expect(eventUpdateSchema.safeParse({ id: uuid(1), teamEntryFee: 10.005 }).success).toBe(false);
    const reversed = {
      ...event,
      disciplines: [{ DisciplineId: 1, divisionFrom: 4, divisionTo: 2, male: true, female: true, active: true }],
    };
    expect(eventWriteSchema.safeParse(reversed).success).toBe(false);
  });
});

describe('participants', () => {
  const row = {
    id: uuid(1),
    snowId: '12345',
    firstname: 'Kim',
    lastname: 'Lee',
    yearLevel: 'K',
    gender: 'Female',
    dob: '2021-03-05',
  };

  it('accepts a kindergarten participant without email', () => {
    expect(participantWriteSchema.parse(row).email).toBe('');
  });

  it('refuses a year level of 13 and a dd/mm/yyyy date sent to the server', () => {
    expect(participantWriteSchema.safeParse({ ...row, yearLevel: '13' }).success).toBe(false);
    expect(issues(participantWriteSchema.safeParse({ ...row, dob: '05/03/2021' }))).toEqual([
      ['dob', MESSAGES.invalidDate],
    ]);
  });

  it('patches only the fields sent', () => {
    expect(participantPatchSchema.parse({ archived: 1 })).toEqual({ archived: 1 });
  });

  it('reads the JSON filter of GET /api/v2/participants', () => {
    const query = participantsQuerySchema.parse({
      filter: JSON.stringify({ where: { SchoolId: uuid(3), archived: 0 } }),
    });
    expect(query.filter?.where).toEqual({ SchoolId: uuid(3), archived: 0 });
    expect(participantsQuerySchema.safeParse({ filter: '{not json' }).success).toBe(false);
  });
});

describe('school registration', () => {
  const school = {
    id: uuid(1),
    name: 'Jindabyne Central School',
    nickname: 'JCS',
    address1: '1 Snowy River Ave',
    address2: '',
    town: 'Jindabyne',
    region: 'Southern NSW',
    postcode: '2627',
    phone: '02 6456 0000',
    fax: '',
    schoolType: 'Co-ed',
    schoolCategory: 'p-12',
    schoolGovOrPrivate: 'Gov.',
    StateId: 3,
    coordinator: { firstname: 'A', lastname: 'B', phone: '', mobile: '0412345678', fax: '' },
    principal: { firstname: 'C', lastname: 'D', email: '' },
    user: { email: 'coordinator@jcs.nsw.edu.au', password: 'long enough' },
  };

  it('keeps the region for state 3 and turns ausEnews on by default', () => {
    const parsed = schoolRegistrationBodySchema.parse({ school }).school;
    expect(parsed.region).toBe('Southern NSW');
    expect(parsed.coordinator.ausEnews).toBe(true);
  });

  it('empties the region for any other state', () => {
    expect(schoolRegistrationBodySchema.parse({ school: { ...school, StateId: 2 } }).school.region).toBe('');
  });

  it('refuses a short password and an unknown school category', () => {
    expect(
      schoolRegistrationBodySchema.safeParse({ school: { ...school, user: { ...school.user, password: 'short' } } })
        .success,
    ).toBe(false);
    expect(schoolRegistrationBodySchema.safeParse({ school: { ...school, schoolCategory: 'K-12' } }).success).toBe(
      false,
    );
  });
});

describe('start marshall query', () => {
  it('reads the form from the query string with 50 rows by default', () => {
    const query = startMarshallQuerySchema.parse({
      type: 'Assistant Start Marshall',
      run: 'Second',
      DisciplineId: '1',
      division: '2',
      gender: 'Male',
    });
    expect(query).toMatchObject({ DisciplineId: 1, division: 2, limit: 50, offset: 0 });
  });
});
