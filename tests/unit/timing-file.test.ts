// A timing file per system (docs/timing-files.md): the NSW, VIC and Live heats files of the same
// races differ in their columns and start order as documented, an event's own columns for a
// system are honoured (and only for that system), and the files stay free of dates of birth.
import { describe, expect, it } from 'vitest';
import { STANDARD_TIMING_COLUMNS, type TimingLayouts } from '../../src/domain/constants/timing-files';
import type { TeamLetter } from '../../src/domain/constants/choices';
import type { FileSystem } from '../../src/domain/constants/race-day';
import type { RaceDayRows, RaceEntry, RaceParticipant, RaceTeam } from '../../src/domain/rules/race-day-rows';
import { timingColumnsFor } from '../../src/domain/rules/timing-columns';
import { timingFileName, timingRows, workbookColumnWidths } from '../../src/domain/rules/timing-file';
import { uuid } from './factories';

const EVENT = uuid(1);
const ALPINE = uuid(10);
const BRIGHT = uuid(11);
const SKI_CROSS = 3;

const team = (n: number, division: number, SchoolId: string, teamRank: TeamLetter): RaceTeam => ({
  id: uuid(100 + n),
  EventId: EVENT,
  SchoolId,
  DisciplineId: SKI_CROSS,
  division,
  gender: 'Female',
  teamRank,
});
const person = (n: number, firstname: string, lastname: string): RaceParticipant => ({
  id: uuid(200 + n),
  firstname,
  lastname,
  snowId: `6100${n}`,
  gender: 'Female',
  yearLevel: String(6 + n),
});
const entry = (
  n: number,
  teamN: number,
  participantN: number | null,
  position: number,
  bib: number | null,
): RaceEntry => ({
  id: uuid(1000 + n),
  TeamId: uuid(100 + teamN),
  ParticipantId: participantN === null ? null : uuid(200 + participantN),
  position,
  bib,
  bibManual: false,
});

// Division 1: Alpine A (Ava bib 11, Bea bib 12) drawn after Bright A (Cat bib 10; an empty
// position). Division 2: Alpine A (Dee, a manual bib 4; Eve, no bib yet). So the bib order (Dee,
// Cat, Ava, Bea, then Eve) is not the division order (Cat, Ava, Bea, then Dee, Eve).
const rows: RaceDayRows = {
  teams: [team(1, 1, ALPINE, 'A'), team(2, 1, BRIGHT, 'A'), team(3, 2, ALPINE, 'A')],
  entries: [
    entry(1, 1, 1, 1, 11),
    entry(2, 1, 2, 2, 12),
    entry(3, 2, 3, 1, 10),
    entry(4, 2, null, 2, null),
    entry(5, 3, 4, 1, 4),
    entry(6, 3, 5, 2, null),
  ],
  participants: [
    person(1, 'Ava', 'Nguyen'),
    person(2, 'Bea', 'Okafor'),
    person(3, 'Cat', 'Lee'),
    person(4, 'Dee', 'Park'),
    person(5, 'Eve', 'Ross'),
  ],
  schools: [
    { id: ALPINE, name: 'Alpine College' },
    { id: BRIGHT, name: 'Bright Grammar' },
  ],
  draws: [
    {
      EventId: EVENT,
      DisciplineId: SKI_CROSS,
      division: 1,
      gender: 'Female',
      seed: 1,
      teamOrder: [uuid(102), uuid(101)],
    },
  ],
  marks: [],
};
const selection = { EventId: EVENT, DisciplineId: SKI_CROSS, divisions: [2, 1], gender: 'Female' };

function fileOf(system: FileSystem, layouts: TimingLayouts | null = null): string[][] {
  return timingRows(rows, selection, {
    system,
    columns: timingColumnsFor(system, layouts),
    disciplineName: () => 'Ski Cross',
  });
}

describe('a timing file per system', () => {
  it('writes the NSW file with its documented columns, every racer by bib', () => {
    expect(fileOf('NSW')).toEqual([
      ['Bib', 'SnowID', 'Last', 'First', 'Gender', 'YearLevel', 'School', 'Discipline', 'Division', 'Team', 'Position'],
      ['4', '61004', 'Park', 'Dee', 'Female', '10', 'Alpine College', 'Ski Cross', '2', 'A', '1'],
      ['10', '61003', 'Lee', 'Cat', 'Female', '9', 'Bright Grammar', 'Ski Cross', '1', 'A', '1'],
      ['11', '61001', 'Nguyen', 'Ava', 'Female', '7', 'Alpine College', 'Ski Cross', '1', 'A', '1'],
      ['12', '61002', 'Okafor', 'Bea', 'Female', '8', 'Alpine College', 'Ski Cross', '1', 'A', '2'],
      // No bib yet: after those with one.
      ['', '61005', 'Ross', 'Eve', 'Female', '11', 'Alpine College', 'Ski Cross', '2', 'A', '2'],
    ]);
  });

  it('writes the VIC file with its documented columns, division by division in start order', () => {
    expect(fileOf('VIC')).toEqual([
      ['Division', 'Start', 'Bib', 'Surname', 'Given name', 'Gender', 'Year', 'School', 'Team', 'Snow ID'],
      ['1', '1', '10', 'Lee', 'Cat', 'F', '9', 'Bright Grammar', 'A', '61003'],
      ['1', '2', '11', 'Nguyen', 'Ava', 'F', '7', 'Alpine College', 'A', '61001'],
      ['1', '3', '12', 'Okafor', 'Bea', 'F', '8', 'Alpine College', 'A', '61002'],
      ['2', '1', '4', 'Park', 'Dee', 'F', '10', 'Alpine College', 'A', '61004'],
      ['2', '2', '', 'Ross', 'Eve', 'F', '11', 'Alpine College', 'A', '61005'],
    ]);
  });

  it('writes the Live heats file with a LiveHeats division per race and a seed per division', () => {
    expect(fileOf('Live heats')).toEqual([
      ['Division', 'Seed', 'First name', 'Last name', 'Team', 'Bib', 'Snow ID'],
      ['Ski Cross Division 1 Female', '1', 'Cat', 'Lee', 'Bright Grammar A', '10', '61003'],
      ['Ski Cross Division 1 Female', '2', 'Ava', 'Nguyen', 'Alpine College A', '11', '61001'],
      ['Ski Cross Division 1 Female', '3', 'Bea', 'Okafor', 'Alpine College A', '12', '61002'],
      ['Ski Cross Division 2 Female', '1', 'Dee', 'Park', 'Alpine College A', '4', '61004'],
      ['Ski Cross Division 2 Female', '2', 'Eve', 'Ross', 'Alpine College A', '', '61005'],
    ]);
  });

  it('gives the three systems three different files of the same racers', () => {
    const files = (['NSW', 'VIC', 'Live heats'] as const).map((system) => fileOf(system));
    expect(new Set(files.map((file) => JSON.stringify(file))).size).toBe(3);
    expect(new Set(files.map((file) => JSON.stringify(file[0])).values()).size).toBe(3);
    for (const file of files) expect(file).toHaveLength(6);
  });

  it('never writes a date of birth in any file', () => {
    for (const system of ['NSW', 'VIC', 'Live heats'] as const) {
      expect(
        fileOf(system)
          .flat()
          .some((cell) => /\d{4}-\d{2}-\d{2}|birth|dob/i.test(cell)),
      ).toBe(false);
    }
  });
});

describe("an event's own columns", () => {
  const layouts: TimingLayouts = {
    VIC: [
      { field: 'bib', heading: 'Bib No' },
      { field: 'fullName', heading: 'Competitor' },
      { field: 'schoolTeam', heading: 'Team' },
      { field: 'race', heading: 'Event' },
    ],
  };

  it("writes the system whose columns the event set with them, in that order, in the system's start order", () => {
    expect(fileOf('VIC', layouts)).toEqual([
      ['Bib No', 'Competitor', 'Team', 'Event'],
      ['10', 'Cat Lee', 'Bright Grammar A', 'Ski Cross Division 1 Female'],
      ['11', 'Ava Nguyen', 'Alpine College A', 'Ski Cross Division 1 Female'],
      ['12', 'Bea Okafor', 'Alpine College A', 'Ski Cross Division 1 Female'],
      ['4', 'Dee Park', 'Alpine College A', 'Ski Cross Division 2 Female'],
      ['', 'Eve Ross', 'Alpine College A', 'Ski Cross Division 2 Female'],
    ]);
  });

  it('leaves the other systems on their standard columns', () => {
    expect(fileOf('NSW', layouts)).toEqual(fileOf('NSW'));
    expect(fileOf('Live heats', layouts)).toEqual(fileOf('Live heats'));
  });

  it('uses the standard columns for a system set back (null) or left empty', () => {
    expect(timingColumnsFor('VIC', { VIC: null })).toBe(STANDARD_TIMING_COLUMNS.VIC);
    expect(timingColumnsFor('VIC', { VIC: [] })).toBe(STANDARD_TIMING_COLUMNS.VIC);
    expect(timingColumnsFor('VIC', undefined)).toBe(STANDARD_TIMING_COLUMNS.VIC);
  });
});

describe('timing file names and workbook widths', () => {
  it('names the CSV and Excel files after the system, discipline, divisions and gender', () => {
    expect(timingFileName('VIC', 'Ski Cross', [2, 1], 'Female')).toBe('vic-system-ski-cross-div1-2-female.csv');
    expect(timingFileName('Live heats', 'Moguls', [1], 'Male', 'xlsx')).toBe('live-heats-moguls-div1-male.xlsx');
  });

  it('sizes each workbook column to its widest cell, between 8 and 40', () => {
    expect(
      workbookColumnWidths([
        ['Bib', 'Competitor'],
        ['1', 'A'.repeat(60)],
      ]),
    ).toEqual([8, 40]);
    expect(
      workbookColumnWidths([
        ['Division', 'Name'],
        ['Ski Cross Division 1 Female', 'Ava'],
      ]),
    ).toEqual([29, 8]);
  });
});
