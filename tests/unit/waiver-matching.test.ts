import { describe, expect, it } from 'vitest';
import {
  matchWaivers,
  nameKey,
  namesMatch,
  waiverCounts,
  type MatchableWaiver,
} from '../../src/domain/rules/waiver-matching';
import { uuid } from './factories';

const person = (
  n: number,
  firstname: string,
  lastname: string,
  over: { snowId?: string | null; archived?: number } = {},
) => ({ id: uuid(n), firstname, lastname, snowId: null, archived: 0, ...over });
const waiver = (
  n: number,
  givenName: string,
  surname: string,
  over: Partial<MatchableWaiver> = {},
): MatchableWaiver => ({
  id: uuid(500 + n),
  type: 'participant',
  name: `${givenName} ${surname}`,
  givenName,
  surname,
  snowId: null,
  completed: true,
  ...over,
});
const ids = (rows: { waiver: { id: string } | null }[]) => rows.map((row) => row.waiver?.id ?? null);

describe('nameKey', () => {
  it('ignores case, accents, spaces, hyphens and apostrophes', () => {
    expect(nameKey("Zoë O'Brien-Smith")).toBe('zoeobriensmith');
    expect(nameKey('  ZOE  o’brien smith ')).toBe('zoeobriensmith');
    expect(nameKey('José')).toBe(nameKey('JOSE'));
    expect(nameKey('Anne–Marie')).toBe('annemarie');
  });

  it('keeps letters that differ', () => {
    expect(nameKey('Ana')).not.toBe(nameKey('Anna'));
  });
});

describe('namesMatch', () => {
  it("compares given name and surname each with the person's", () => {
    expect(namesMatch(waiver(1, 'mary-jane', "d'arcy"), person(1, 'Mary Jane', 'DArcy'))).toBe(true);
    expect(namesMatch(waiver(1, 'Mary', 'Jane Darcy'), person(1, 'Mary Jane', 'Darcy'))).toBe(false);
    expect(namesMatch(waiver(1, 'Mary', 'Darcy'), person(1, 'Mary', 'Darcey'))).toBe(false);
  });

  it('uses the full name only when the waiver has neither given name nor surname', () => {
    expect(namesMatch(waiver(1, '', '', { name: 'Léa Martin' }), person(1, 'Lea', 'Martin'))).toBe(true);
    expect(namesMatch(waiver(1, '', '', { name: '' }), person(1, '', ''))).toBe(false);
  });
});

describe('matchWaivers', () => {
  it('puts each active participant and volunteer with their waiver, ordered by surname', () => {
    const result = matchWaivers({
      participants: [
        person(1, 'Zoë', 'Young'),
        person(2, 'Ava', 'Alpine'),
        person(3, 'Old', 'Archived', { archived: 1 }),
      ],
      volunteers: [person(10, 'Vic', 'Helper')],
      waivers: [
        waiver(1, 'zoe', 'YOUNG', { completed: false }),
        waiver(2, 'Vic', 'Helper', { type: 'volunteer' }),
        waiver(3, 'Old', 'Archived'),
      ],
    });
    expect(result.participants.map((p) => [p.lastname, p.waiver?.id ?? null])).toEqual([
      ['Alpine', null],
      ['Young', uuid(501)],
    ]);
    expect(result.volunteers).toEqual([
      {
        VolunteerId: uuid(10),
        firstname: 'Vic',
        lastname: 'Helper',
        waiver: expect.objectContaining({ id: uuid(502) }),
      },
    ]);
    // An archived participant is not among the people the school brings: its waiver matches nobody.
    expect(result.unmatchedParticipants.map((w) => w.id)).toEqual([uuid(503)]);
    expect(result.unmatchedVolunteers).toEqual([]);
  });

  it('matches a participant waiver by snow id when both have one, whatever the names say', () => {
    const result = matchWaivers({
      participants: [person(1, 'Alexander', 'Brown', { snowId: '1234567' }), person(2, 'Sam', 'Brown')],
      volunteers: [],
      waivers: [waiver(1, 'Alex', 'Browne', { snowId: '1234567' })],
    });
    expect(ids(result.participants)).toEqual([uuid(501), null]);
    expect(result.participants[0]!.snowId).toBe('1234567');
  });

  it('still matches by name when the snow ids differ', () => {
    const result = matchWaivers({
      participants: [person(1, 'Sam', 'Brown', { snowId: '111' })],
      volunteers: [],
      waivers: [waiver(1, 'Sam', 'Brown', { snowId: '222' })],
    });
    expect(ids(result.participants)).toEqual([uuid(501)]);
  });

  it('never matches volunteer waivers to participants or the other way round', () => {
    const result = matchWaivers({
      participants: [person(1, 'Pat', 'Same')],
      volunteers: [person(2, 'Pat', 'Same')],
      waivers: [waiver(1, 'Pat', 'Same', { type: 'volunteer' })],
    });
    expect(ids(result.participants)).toEqual([null]);
    expect(ids(result.volunteers)).toEqual([uuid(501)]);
  });

  it('gives a person the completed waiver when two match, and lists the other as unmatched', () => {
    const rows = {
      participants: [person(1, 'Ava', 'Alpine')],
      volunteers: [],
      waivers: [waiver(1, 'Ava', 'Alpine', { completed: false }), waiver(2, 'AVA', 'alpine', { completed: true })],
    };
    const result = matchWaivers(rows);
    expect(ids(result.participants)).toEqual([uuid(502)]);
    expect(result.unmatchedParticipants.map((w) => w.id)).toEqual([uuid(501)]);
    // The order the rows come in changes nothing.
    expect(matchWaivers({ ...rows, waivers: [...rows.waivers].reverse() })).toEqual(result);
  });

  it('shares waivers out between two people of the same name', () => {
    const result = matchWaivers({
      participants: [person(1, 'Sam', 'Lee'), person(2, 'Sam', 'Lee')],
      volunteers: [],
      waivers: [waiver(1, 'Sam', 'Lee'), waiver(2, 'Sam', 'Lee', { completed: false })],
    });
    expect(ids(result.participants)).toEqual([uuid(501), uuid(502)]);
    expect(result.unmatchedParticipants).toEqual([]);
  });

  it('lists waivers that name nobody by surname', () => {
    const result = matchWaivers({
      participants: [],
      volunteers: [person(1, 'Vic', 'Helper')],
      waivers: [
        waiver(1, 'Zed', 'Zulu', { type: 'volunteer' }),
        waiver(2, 'Amy', 'Able', { type: 'volunteer' }),
        waiver(3, 'No', 'Body'),
      ],
    });
    expect(result.unmatchedVolunteers.map((w) => w.surname)).toEqual(['Able', 'Zulu']);
    expect(result.unmatchedParticipants.map((w) => w.surname)).toEqual(['Body']);
    expect(ids(result.volunteers)).toEqual([null]);
  });
});

describe('waiverCounts', () => {
  it('counts completed waivers of the people, racers and volunteers apart', () => {
    const result = matchWaivers({
      participants: [person(1, 'A', 'One'), person(2, 'B', 'Two'), person(3, 'C', 'Three')],
      volunteers: [person(4, 'D', 'Four')],
      waivers: [
        waiver(1, 'A', 'One'),
        waiver(2, 'B', 'Two', { completed: false }),
        waiver(3, 'D', 'Four', { type: 'volunteer', completed: false }),
        // Matching nobody, it counts for nobody.
        waiver(4, 'X', 'Nobody'),
      ],
    });
    expect(waiverCounts(result)).toEqual({
      participants: { completed: 1, total: 3 },
      volunteers: { completed: 0, total: 1 },
    });
  });
});
