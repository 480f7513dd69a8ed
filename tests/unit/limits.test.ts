// Input bounds (constants/limits): every text a request carries has a maximum length by meaning,
// snow ids are digits only, lists in bodies have a maximum count, the JSON filter is refused by
// length before it is parsed, and the server's depth check agrees with the real nesting.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_BATCH_ROWS,
  MAX_EMAIL_LENGTH,
  MAX_FILTER_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_PERSON_NAME_LENGTH,
  MAX_TEAM_ENTRIES,
  MAX_TITLE_LENGTH,
  MIN_PASSWORD_LENGTH,
  SNOW_ID_PATTERN,
  deletedIdsSchema,
  eventWriteSchema,
  importRowSchema,
  loginBodySchema,
  newPasswordBodySchema,
  participantPatchSchema,
  participantSchema,
  participantWriteSchema,
  participantsBulkBodySchema,
  participantsQuerySchema,
  schoolRegistrationBodySchema,
  snowIdParamsSchema,
  snowIdSchema,
  teamWriteSchema,
  volunteerWriteSchema,
  waiverWriteSchema,
} from '../../src/domain';
import { jsonNestsDeeperThan } from '../../server/plugins/input-limits';
import { uuid } from './factories';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

const participant = (over: Record<string, unknown> = {}) => ({
  id: uuid(1),
  snowId: '410052',
  firstname: 'Ava',
  lastname: 'Alpine',
  yearLevel: '7',
  gender: 'Female',
  dob: '2012-03-04',
  email: '',
  ...over,
});
const email = (length: number) => `${'a'.repeat(length - '@example.test'.length)}@example.test`;

describe('snow ids are digits only', () => {
  it.each(['410052', '1', '123456789012', ' 410052 '])('accepts %j', (snowId) => {
    expect(snowIdSchema.parse(snowId)).toBe(snowId.trim());
    expect(snowIdParamsSchema.safeParse({ snowId }).success).toBe(true);
  });

  it.each([
    '',
    '  ',
    'SR4001',
    '4100x2',
    '-410052',
    '1e5',
    '41.0052',
    '1234567890123',
    '410052\u0000',
    '%00',
    '\u0664\u0661\u0660',
  ])('refuses %j, in the lookup param and in every body that carries one', (snowId) => {
    expect(snowIdParamsSchema.safeParse({ snowId }).success).toBe(false);
    expect(paths(participantWriteSchema.safeParse(participant({ snowId })))).toEqual(['snowId']);
    expect(paths(participantPatchSchema.safeParse({ snowId }))).toEqual(['snowId']);
    expect(paths(importRowSchema.safeParse({ ...participant({ snowId }), id: undefined }))).toEqual(['snowId']);
    expect(paths(participantsQuerySchema.safeParse({ filter: JSON.stringify({ where: { snowId } }) }))).toEqual([
      'filter.where.snowId',
    ]);
  });

  it('still takes no snow id as null (and a waiver as empty)', () => {
    expect(participantWriteSchema.parse(participant({ snowId: null })).snowId).toBeNull();
    expect(waiverWriteSchema.safeParse({ id: uuid(2), type: 'participant', completed: true, snowId: '' }).success).toBe(
      true,
    );
    expect(
      waiverWriteSchema.safeParse({ id: uuid(2), type: 'participant', completed: true, snowId: 'SR1' }).success,
    ).toBe(false);
  });

  it('matches the registry: every snow id of the pattern is 1 to 12 digits', () => {
    fc.assert(fc.property(fc.stringMatching(SNOW_ID_PATTERN), (id) => /^[0-9]{1,12}$/.test(id)));
  });
});

describe('text has a maximum length by meaning', () => {
  it('refuses a name one character too long, and takes one at the limit', () => {
    const atLimit = 'A'.repeat(MAX_PERSON_NAME_LENGTH);
    expect(participantWriteSchema.safeParse(participant({ firstname: atLimit, lastname: atLimit })).success).toBe(true);
    expect(paths(participantWriteSchema.safeParse(participant({ firstname: `${atLimit}A` })))).toEqual(['firstname']);
    expect(paths(participantPatchSchema.safeParse({ lastname: 'é'.repeat(MAX_PERSON_NAME_LENGTH + 1) }))).toEqual([
      'lastname',
    ]);
    expect(
      paths(
        volunteerWriteSchema.safeParse({
          id: uuid(3),
          firstname: `${atLimit}A`,
          lastname: 'V',
          mobile: '0412 345 678',
        }),
      ),
    ).toEqual(['firstname']);
  });

  it('limits event names to a title and emails to 254 characters', () => {
    const event = {
      id: uuid(4),
      name: 'E'.repeat(MAX_TITLE_LENGTH + 1),
      year: 2027,
      level: 'Regional',
      invoiceType: 'NSW',
      registrationFee: 0,
      teamEntryFee: 0,
      active: true,
      locked: false,
      archived: false,
      volunteerLock: false,
      invoiceAvailable: null,
      invoiceDue: null,
      states: [3],
      disciplines: [],
      showForResults: false,
      showForStartlists: false,
    };
    expect(paths(eventWriteSchema.safeParse(event))).toEqual(['name']);
    expect(participantWriteSchema.safeParse(participant({ email: email(MAX_EMAIL_LENGTH) })).success).toBe(true);
    expect(paths(participantWriteSchema.safeParse(participant({ email: email(MAX_EMAIL_LENGTH + 1) })))).toEqual([
      'email',
    ]);
  });

  it('bounds passwords (keeping the floor), usernames and reset tokens', () => {
    const login = { username: 'someone@example.test', password: 'x' };
    expect(loginBodySchema.safeParse(login).success).toBe(true);
    expect(paths(loginBodySchema.safeParse({ ...login, username: 'u'.repeat(1024 * 1024) }))).toEqual(['username']);
    expect(paths(loginBodySchema.safeParse({ ...login, password: 'p'.repeat(MAX_PASSWORD_LENGTH + 1) }))).toEqual([
      'password',
    ]);
    const reset = { email: 'someone@example.test', password: 'p'.repeat(MAX_PASSWORD_LENGTH), token: 't'.repeat(43) };
    expect(newPasswordBodySchema.safeParse(reset).success).toBe(true);
    expect(paths(newPasswordBodySchema.safeParse({ ...reset, password: 'p'.repeat(MIN_PASSWORD_LENGTH - 1) }))).toEqual(
      ['password'],
    );
    expect(paths(newPasswordBodySchema.safeParse({ ...reset, password: 'p'.repeat(MAX_PASSWORD_LENGTH + 1) }))).toEqual(
      ['password'],
    );
    expect(paths(newPasswordBodySchema.safeParse({ ...reset, token: 't'.repeat(10_000) }))).toEqual(['token']);
  });

  it('bounds every text of a school registration', () => {
    const school = {
      id: uuid(5),
      name: 'Snowy Range High',
      nickname: '',
      address1: '1 Main St',
      address2: '',
      town: 'Jindabyne',
      region: 'Sydney',
      postcode: '2627',
      phone: '02 6456 0000',
      fax: '',
      schoolType: 'Co-ed',
      schoolCategory: 'Secondary',
      schoolGovOrPrivate: 'Gov.',
      StateId: 3,
      bpay: '',
      coordinator: { firstname: 'Megan', lastname: 'Hartley', phone: '', mobile: '0412 345 678', fax: '' },
      principal: { firstname: 'P', lastname: 'Q', email: '' },
      user: { email: 'megan@example.test', password: 'a long passphrase' },
    };
    expect(schoolRegistrationBodySchema.safeParse({ school }).success).toBe(true);
    const long = 'x'.repeat(10_000);
    const refused = schoolRegistrationBodySchema.safeParse({
      school: {
        ...school,
        nickname: long,
        address1: long,
        town: long,
        postcode: long,
        phone: long,
        bpay: long,
        coordinator: { ...school.coordinator, lastname: long, fax: long },
        user: { ...school.user, password: long },
      },
    });
    expect(paths(refused).sort()).toEqual([
      'school.address1',
      'school.bpay',
      'school.coordinator.fax',
      'school.coordinator.lastname',
      'school.nickname',
      'school.phone',
      'school.postcode',
      'school.town',
      'school.user.password',
    ]);
  });

  it('answers what a write accepted: a row at every limit passes the answer schema', () => {
    const written = participantWriteSchema.parse(
      participant({
        snowId: '123456789012',
        firstname: 'A'.repeat(MAX_PERSON_NAME_LENGTH),
        lastname: 'B'.repeat(MAX_PERSON_NAME_LENGTH),
        email: email(MAX_EMAIL_LENGTH),
      }),
    );
    expect(participantSchema.safeParse({ ...written, snowIdActive: 1, SchoolId: uuid(9), archived: 0 }).success).toBe(
      true,
    );
  });
});

describe('lists in bodies have a maximum count', () => {
  it('refuses a batch one row too long', () => {
    const ids = Array.from({ length: MAX_BATCH_ROWS + 1 }, (_, i) => uuid(i));
    expect(deletedIdsSchema.safeParse(ids.slice(1)).success).toBe(true);
    expect(deletedIdsSchema.safeParse(ids).success).toBe(false);
    const rows = ids.map((id) => participant({ id }));
    expect(paths(participantsBulkBodySchema.safeParse({ participants: rows }))).toEqual(['participants']);
  });

  it('gives a team no more entries than positions', () => {
    const entries = Array.from({ length: MAX_TEAM_ENTRIES + 1 }, (_, i) => ({
      id: uuid(50 + i),
      ParticipantId: null,
      position: 1,
    }));
    const team = { id: uuid(40), DisciplineId: 1, division: 1, teamRank: 'A', gender: 'Male' };
    expect(teamWriteSchema.safeParse({ ...team, TeamEntries: entries.slice(1) }).success).toBe(true);
    expect(paths(teamWriteSchema.safeParse({ ...team, TeamEntries: entries }))).toEqual(['TeamEntries']);
  });
});

describe('the JSON filter query', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is refused by length before JSON.parse sees it', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const filter = JSON.stringify({ where: { archived: 0 }, order: 'x'.repeat(MAX_FILTER_LENGTH) });
    expect(paths(participantsQuerySchema.safeParse({ filter }))).toEqual(['filter']);
    expect(parse).not.toHaveBeenCalled();
  });

  it('bounds order and include terms', () => {
    const ok = participantsQuerySchema.safeParse({
      filter: JSON.stringify({ order: ['lastname ASC', 'firstname ASC'] }),
    });
    expect(ok.success).toBe(true);
    const many = participantsQuerySchema.safeParse({
      filter: JSON.stringify({ order: Array.from({ length: 21 }, () => 'lastname') }),
    });
    expect(many.success).toBe(false);
  });
});

describe('JSON nesting depth (the server parser counts it without parsing)', () => {
  const depthOf = (value: unknown): number =>
    value !== null && typeof value === 'object'
      ? 1 + Math.max(0, ...Object.values(value as Record<string, unknown>).map(depthOf))
      : 0;

  it('agrees with the real nesting of any JSON value, strings full of brackets included', () => {
    const text = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ',', ':') });
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(text, tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 8 }), (v, max) => {
        expect(jsonNestsDeeperThan(JSON.stringify(v), max)).toBe(depthOf(v) > max);
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  it('counts 20,000 levels without recursing', () => {
    expect(jsonNestsDeeperThan(`${'['.repeat(20_000)}${']'.repeat(20_000)}`, 32)).toBe(true);
    expect(jsonNestsDeeperThan(`${'['.repeat(32)}${']'.repeat(32)}`, 32)).toBe(false);
  });
});
