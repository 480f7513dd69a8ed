import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  assistantBlocks,
  bibListRowSchema,
  bibListRows,
  bibReadiness,
  bibReadinessSchema,
  buildStartlist,
  drawStartOrder,
  escapeCell,
  newDrawSeed,
  raceHasBibs,
  runOrder,
  startlistTeamSchema,
  startMarshallRowSchema,
  startMarshallRows,
  startOrderTeams,
  timingCsv,
  timingFileName,
  timingRows,
  type RaceDayRows,
  type RaceEntry,
  type RaceKey,
  type RaceParticipant,
  type RaceTeam,
} from '../../src/domain';
import { STANDARD_TIMING_COLUMNS } from '../../src/domain/constants/timing-files';
import { uuid } from './factories';

// A small event: two schools, three Male division 1 Moguls teams, and teams of other races that
// must never leak into this race's sheets.
const EVENT = uuid(1);
const OTHER_EVENT = uuid(2);
const ALPINE = uuid(10);
const BRIGHT = uuid(11);
const MOGULS = 2;
const race = { EventId: EVENT, DisciplineId: MOGULS, division: 1, gender: 'Male' } as const satisfies RaceKey;

function team(n: number, overrides: Partial<RaceTeam> = {}): RaceTeam {
  return {
    id: uuid(100 + n),
    EventId: EVENT,
    SchoolId: ALPINE,
    DisciplineId: MOGULS,
    division: 1,
    gender: 'Male',
    teamRank: 'A',
    ...overrides,
  };
}

function racer(
  n: number,
  firstname: string,
  lastname: string,
  overrides: Partial<RaceParticipant> = {},
): RaceParticipant {
  return { id: uuid(200 + n), firstname, lastname, snowId: `5000${n}`, gender: 'Male', yearLevel: '7', ...overrides };
}

/** Entry n of team teamN, filled by racer participantN (null: nobody yet). */
function teamEntry(n: number, teamN: number, participantN: number | null, position: number): RaceEntry {
  const ParticipantId = participantN === null ? null : uuid(200 + participantN);
  return { id: uuid(1000 + n), TeamId: uuid(100 + teamN), ParticipantId, position, bib: null, bibManual: false };
}

function raceDay(overrides: Partial<RaceDayRows> = {}): RaceDayRows {
  return {
    teams: [
      team(0, { teamRank: 'A' }),
      team(1, { teamRank: 'B' }),
      team(2, { SchoolId: BRIGHT, teamRank: 'A' }),
      team(3, { division: 2 }),
      team(4, { EventId: OTHER_EVENT }),
      team(5, { gender: 'Female' }),
    ],
    entries: [
      // Listed out of position order on purpose.
      teamEntry(2, 0, 2, 2),
      teamEntry(1, 0, 1, 1),
      teamEntry(3, 1, 3, 1),
      teamEntry(4, 1, null, 2),
      teamEntry(5, 2, 5, 1),
      teamEntry(6, 3, 6, 1),
      teamEntry(7, 4, 7, 1),
      teamEntry(8, 5, 8, 1),
    ],
    participants: [
      racer(1, 'Ava', 'Nguyen'),
      racer(2, 'Ben', 'Okafor'),
      racer(3, 'Cal', 'Smith'),
      racer(5, 'Dan', 'Lee', { yearLevel: '9' }),
      racer(6, 'Eli', 'Park'),
      racer(7, 'Finn', 'Other'),
      racer(8, 'Gia', 'Ross', { gender: 'Female' }),
    ],
    schools: [
      { id: ALPINE, name: 'Alpine College' },
      { id: BRIGHT, name: 'Bright Grammar' },
    ],
    draws: [],
    marks: [],
    ...overrides,
  };
}

const ids = (teams: readonly { id: string }[]) => teams.map((t) => t.id);
const withBibs = (rows: RaceDayRows, bibs: Record<number, number>): RaceDayRows => ({
  ...rows,
  entries: rows.entries.map((e) => {
    const n = Number(e.id.slice(-4)) - 1000;
    return bibs[n] === undefined ? e : { ...e, bib: bibs[n] };
  }),
});

describe('the start order draw', () => {
  const teams = Array.from({ length: 8 }, (_, i) => uuid(100 + i));

  it('gives the same order for the same teams and seed, whatever order the teams are listed in', () => {
    expect(drawStartOrder(teams, 42)).toEqual(drawStartOrder([...teams].reverse(), 42));
  });

  it('draws every team exactly once', () => {
    const drawn = drawStartOrder(teams, 42);
    expect([...drawn].sort()).toEqual([...teams].sort());
    expect(drawStartOrder([...teams, teams[0] as string], 42)).toHaveLength(8);
  });

  it('gives a different order for another seed', () => {
    expect(drawStartOrder(teams, 1)).not.toEqual(drawStartOrder(teams, 2));
  });

  it('makes seeds that are positive 31-bit whole numbers', () => {
    for (const value of [0, 0.5, 0.9999999999]) {
      const seed = newDrawSeed(() => value);
      expect(Number.isInteger(seed)).toBe(true);
      expect(seed).toBeGreaterThanOrEqual(1);
      expect(seed).toBeLessThanOrEqual(2 ** 31 - 1);
    }
  });
});

describe('start order of a race', () => {
  it('runs in created order when there is no draw yet', () => {
    expect(ids(startOrderTeams(race, raceDay()))).toEqual([uuid(100), uuid(101), uuid(102)]);
  });

  it('runs in the drawn order, only the teams of that race', () => {
    const rows = raceDay({ draws: [{ ...race, seed: 7, teamOrder: [uuid(102), uuid(100), uuid(101)] }] });
    expect(ids(startOrderTeams(race, rows))).toEqual([uuid(102), uuid(100), uuid(101)]);
  });

  it('puts a team entered after the draw at the end, and skips drawn teams that are gone', () => {
    const rows = raceDay({ draws: [{ ...race, seed: 7, teamOrder: [uuid(102), uuid(199), uuid(100)] }] });
    expect(ids(startOrderTeams(race, rows))).toEqual([uuid(102), uuid(100), uuid(101)]);
  });

  it('ignores the draw of another race', () => {
    const rows = raceDay({ draws: [{ ...race, division: 2, seed: 7, teamOrder: [uuid(102), uuid(101), uuid(100)] }] });
    expect(ids(startOrderTeams(race, rows))).toEqual([uuid(100), uuid(101), uuid(102)]);
  });

  it('becomes bib order once bibs are given, teams still without a bib after them in draw order', () => {
    const drawn = raceDay({ draws: [{ ...race, seed: 7, teamOrder: [uuid(102), uuid(100), uuid(101)] }] });
    expect(raceHasBibs(race, drawn)).toBe(false);
    // Team B holds bib 11; team A holds 12 and 20 (its lowest counts); Bright A has none yet.
    const rows = withBibs(drawn, { 3: 11, 1: 20, 2: 12 });
    expect(raceHasBibs(race, rows)).toBe(true);
    expect(ids(startOrderTeams(race, rows))).toEqual([uuid(101), uuid(100), uuid(102)]);
  });

  it('does not count bibs of another race', () => {
    expect(raceHasBibs(race, withBibs(raceDay(), { 6: 1, 7: 2, 8: 3 }))).toBe(false);
  });
});

describe('the start list', () => {
  const rows = raceDay({ draws: [{ ...race, seed: 7, teamOrder: [uuid(102), uuid(100), uuid(101)] }] });
  const startlist = buildStartlist(race, rows);

  it('answers in the shape of the start list call', () => {
    expect(() => z.array(startlistTeamSchema).parse(startlist)).not.toThrow();
  });

  it('numbers the teams in start order with their school and team letter', () => {
    expect(startlist.map((t) => [t.startOrder, t.schoolName, t.teamRank])).toEqual([
      [1, 'Bright Grammar', 'A'],
      [2, 'Alpine College', 'A'],
      [3, 'Alpine College', 'B'],
    ]);
  });

  it('lists each team’s members by position with names and snow ids', () => {
    expect(startlist[1]?.members.map((m) => [m.position, m.firstname, m.lastname, m.snowId])).toEqual([
      [1, 'Ava', 'Nguyen', '50001'],
      [2, 'Ben', 'Okafor', '50002'],
    ]);
  });

  it('shows a position nobody fills with no participant and blank names', () => {
    expect(startlist[2]?.members[1]).toEqual({
      teamEntryId: uuid(1004),
      position: 2,
      ParticipantId: null,
      firstname: '',
      lastname: '',
      snowId: null,
      yearLevel: '',
      bib: null,
    });
  });

  it('leaves the school name blank when the school is unknown', () => {
    expect(buildStartlist(race, { ...rows, schools: [] })[0]?.schoolName).toBe('');
  });
});

describe('second run order', () => {
  it('keeps the start order for the First run', () => {
    expect(runOrder([1, 2, 3, 4, 5], 'First', 2)).toEqual([1, 2, 3, 4, 5]);
  });

  it('reverses the whole list when no number is set or it covers everyone', () => {
    for (const n of [undefined, null, 0, 5, 30])
      expect(runOrder([1, 2, 3, 4, 5], 'Second', n)).toEqual([5, 4, 3, 2, 1]);
  });

  it('reverses only the first N, the rest keeping their order (FIS 621.11)', () => {
    expect(runOrder([1, 2, 3, 4, 5], 'Second', 2)).toEqual([2, 1, 3, 4, 5]);
  });
});

describe('start marshall sheets', () => {
  const rows = raceDay({ draws: [{ ...race, seed: 7, teamOrder: [uuid(102), uuid(100), uuid(101)] }] });
  const startlist = buildStartlist(race, withBibs(rows, { 5: 1, 1: 2, 2: 3, 3: 4 }));
  const marks = [
    { teamEntryId: uuid(1001), run: 'First' as const, mark: 'started' as const },
    { teamEntryId: uuid(1002), run: 'First' as const, mark: 'DNS' as const },
    { teamEntryId: uuid(1001), run: 'Second' as const, mark: 'DNS' as const },
  ];

  it('lists the racers in start order numbered from 1, leaving out unfilled positions', () => {
    const sheet = startMarshallRows(startlist, 'First', null, marks);
    expect(sheet.map((r) => [r.order, r.bib, r.firstname, r.schoolName, r.teamRank, r.position])).toEqual([
      [1, 1, 'Dan', 'Bright Grammar', 'A', 1],
      [2, 2, 'Ava', 'Alpine College', 'A', 1],
      [3, 3, 'Ben', 'Alpine College', 'A', 2],
      [4, 4, 'Cal', 'Alpine College', 'B', 1],
    ]);
    expect(() => z.array(startMarshallRowSchema).parse(sheet)).not.toThrow();
  });

  it('shows each racer’s started or DNS mark for that run only', () => {
    expect(startMarshallRows(startlist, 'First', null, marks).map((r) => r.mark)).toEqual([
      null,
      'started',
      'DNS',
      null,
    ]);
    expect(startMarshallRows(startlist, 'Second', null, marks).map((r) => r.mark)).toEqual([null, null, 'DNS', null]);
  });

  it('numbers the Second run from 1 in reversed order', () => {
    expect(startMarshallRows(startlist, 'Second').map((r) => [r.order, r.bib])).toEqual([
      [1, 4],
      [2, 3],
      [3, 2],
      [4, 1],
    ]);
    expect(startMarshallRows(startlist, 'Second', 2).map((r) => r.bib)).toEqual([2, 1, 3, 4]);
  });

  it('gives the assistant start marshall the call-up list in blocks of ten', () => {
    const blocks = assistantBlocks(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(blocks.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(blocks[1]?.[0]).toBe(11);
  });
});

describe('the bib list', () => {
  const rows = withBibs(raceDay(), { 3: 1, 1: 2 });

  it('lists the event’s racers by bib, those without a bib last by school, discipline, division and team', () => {
    const list = bibListRows(rows, { EventId: EVENT });
    expect(() => z.array(bibListRowSchema).parse(list)).not.toThrow();
    expect(list.map((r) => [r.bib, r.firstname, r.schoolName])).toEqual([
      [1, 'Cal', 'Alpine College'],
      [2, 'Ava', 'Alpine College'],
      [null, 'Gia', 'Alpine College'],
      [null, 'Ben', 'Alpine College'],
      [null, 'Eli', 'Alpine College'],
      [null, 'Dan', 'Bright Grammar'],
    ]);
  });

  it('filters by discipline, division, team gender and school', () => {
    expect(bibListRows(rows, { EventId: EVENT, division: 2 }).map((r) => r.firstname)).toEqual(['Eli']);
    expect(
      bibListRows(rows, { EventId: EVENT, gender: 'Female' }).map((r) => [r.firstname, r.gender, r.teamGender]),
    ).toEqual([['Gia', 'Female', 'Female']]);
    expect(bibListRows(rows, { EventId: EVENT, SchoolId: BRIGHT }).map((r) => r.firstname)).toEqual(['Dan']);
    expect(bibListRows(rows, { EventId: EVENT, DisciplineId: 3 })).toEqual([]);
  });

  it('hands bibs to a school only when waivers, volunteers and the invoice are all done', () => {
    const done = {
      participantWaiversComplete: true,
      volunteerWaiversComplete: true,
      volunteersRegistered: true,
      invoicePaid: true,
    };
    const schools = [
      { id: ALPINE, name: 'Alpine College' },
      { id: BRIGHT, name: 'Bright Grammar' },
      { id: uuid(12), name: 'Coast High' },
    ];
    const readiness = bibReadiness(
      schools,
      new Map([
        [ALPINE, done],
        [BRIGHT, { ...done, invoicePaid: false }],
      ]),
    );
    expect(() => z.array(bibReadinessSchema).parse(readiness)).not.toThrow();
    expect(readiness.map((r) => [r.schoolName, r.ready])).toEqual([
      ['Alpine College', true],
      ['Bright Grammar', false],
      ['Coast High', false],
    ]);
    expect(readiness[2]?.participantWaiversComplete).toBe(false);
  });
});

describe('timing files', () => {
  const rows = raceDay({ draws: [{ ...race, seed: 7, teamOrder: [uuid(102), uuid(100), uuid(101)] }] });
  // The VIC file writes the divisions in order, each in start order (docs/timing-files.md); its
  // columns here are the NSW system's standard list, as an admin could set them for an event.
  const listed = [
    'Bib',
    'SnowID',
    'Last',
    'First',
    'Gender',
    'YearLevel',
    'School',
    'Discipline',
    'Division',
    'Team',
    'Position',
  ];
  const columns = STANDARD_TIMING_COLUMNS.NSW;
  const table = timingRows(
    rows,
    { EventId: EVENT, DisciplineId: MOGULS, divisions: [2, 1], gender: 'Male' },
    {
      system: 'VIC',
      columns,
      disciplineName: () => 'Moguls',
    },
  );

  it("starts with the columns' headings and never a date of birth", () => {
    expect(table[0]).toEqual(listed);
    expect(table[0]?.some((c) => /birth|dob/i.test(c))).toBe(false);
  });

  it('has one row per racer, divisions in order and each race in start order', () => {
    expect(table.slice(1)).toEqual([
      ['', '50005', 'Lee', 'Dan', 'Male', '9', 'Bright Grammar', 'Moguls', '1', 'A', '1'],
      ['', '50001', 'Nguyen', 'Ava', 'Male', '7', 'Alpine College', 'Moguls', '1', 'A', '1'],
      ['', '50002', 'Okafor', 'Ben', 'Male', '7', 'Alpine College', 'Moguls', '1', 'A', '2'],
      ['', '50003', 'Smith', 'Cal', 'Male', '7', 'Alpine College', 'Moguls', '1', 'B', '1'],
      ['', '50006', 'Park', 'Eli', 'Male', '7', 'Alpine College', 'Moguls', '2', 'A', '1'],
    ]);
  });

  it('defuses cells a spreadsheet would read as a formula', () => {
    expect(escapeCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(escapeCell('+61')).toBe("'+61");
    expect(escapeCell('-x')).toBe("'-x");
    expect(escapeCell('@x')).toBe("'@x");
    expect(escapeCell('\tx')).toBe("'\tx");
    expect(escapeCell('Smith-Jones')).toBe('Smith-Jones');
  });

  it('writes CSV with a byte order mark, quoting and CRLF line ends', () => {
    const csv = timingCsv([
      ['Bib', 'Last'],
      ['1', 'O"Brien, Jr'],
      ['2', 'two\nlines'],
      ['3', '=SUM(A1)'],
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toBe('\uFEFFBib,Last\r\n1,"O""Brien, Jr"\r\n2,"two\nlines"\r\n3,\'=SUM(A1)\r\n');
  });

  it('names the file after the system, discipline, divisions and gender', () => {
    expect(timingFileName('NSW', 'Moguls', [2, 1], 'Male')).toBe('nsw-system-moguls-div1-2-male.csv');
    expect(timingFileName('Live heats', 'Ski Cross / Boarder', [3], 'Co-ed')).toBe(
      'live-heats-ski-cross-boarder-div3-co-ed.csv',
    );
  });
});
