// The spreadsheet import's reading rules: headings as people write them, dates day first (or ISO),
// genders and year levels as typed at schools, each row's problems, and the same person twice.
import { describe, expect, it } from 'vitest';
import {
  findHeadingRow,
  IMPORT_MESSAGES,
  importKey,
  matchHeadings,
  missingColumns,
  readDate,
  readImportRow,
  readImportTable,
} from '../../src/domain/rules/spreadsheet-import';

const TODAY = new Date(2026, 10, 22);

describe('headings', () => {
  it('knows the columns by the names people give them, each once', () => {
    expect(
      matchHeadings(['First Name', 'LAST_NAME', 'Sex', 'D.O.B', 'Grade', 'Snowracer ID', 'Notes', 'first name']),
    ).toEqual(['Given name', 'Surname', 'Gender', 'Date of birth', 'Year level', 'Snow ID', null, null]);
    expect(missingColumns(matchHeadings(['Given name', 'Surname']))).toEqual(['Gender', 'Year level']);
  });
});

describe('dates', () => {
  it('reads day-first dates and ISO dates, and refuses impossible or future ones', () => {
    expect(readDate('4/3/2012', TODAY)).toBe('2012-03-04');
    expect(readDate('04-03-2012', TODAY)).toBe('2012-03-04');
    expect(readDate('2012-03-04', TODAY)).toBe('2012-03-04');
    expect(readDate('4 March 2012', TODAY)).toBe('2012-03-04');
    expect(readDate('31/02/2012', TODAY)).toBeNull();
    expect(readDate('1/1/2030', TODAY)).toBeNull();
    expect(readDate('1/1/1850', TODAY)).toBeNull();
    expect(readDate('soon', TODAY)).toBeNull();
  });
});

describe('rows', () => {
  it('reads genders and year levels as schools type them', () => {
    const row = (gender: string, year: string) =>
      readImportRow(2, { 'Given name': 'A', Surname: 'B', Gender: gender, 'Year level': year }, TODAY);
    expect([row('f', 'Year 7').values.gender, row('f', 'Year 7').values.yearLevel]).toEqual(['Female', '7']);
    expect([row('Boy', 'K').values.gender, row('Boy', 'Kindergarten').values.yearLevel]).toEqual(['Male', 'K']);
    expect(row('Male', '07').values.yearLevel).toBe('7');
    expect(row('X', '13').problems).toEqual([
      "Gender 'X' must be Male or Female",
      "Year level '13' must be K or 1 to 12",
    ]);
    expect(row('', '').problems).toEqual(['Gender is missing', 'Year level is missing']);
  });

  it('lists every problem of a row, keeping what could be read', () => {
    const read = readImportRow(
      5,
      {
        'Snow ID': '12a',
        'Given name': ' ',
        Surname: 'Lee',
        Gender: 'F',
        'Year level': '9',
        'Date of birth': '30/02/2011',
        Email: 'x@',
      },
      TODAY,
    );
    expect(read.problems).toEqual([
      IMPORT_MESSAGES.givenNameMissing,
      IMPORT_MESSAGES.date('30/02/2011'),
      IMPORT_MESSAGES.snowId('12a'),
      IMPORT_MESSAGES.email('x@'),
    ]);
    expect(read.values).toMatchObject({ snowId: null, lastname: 'Lee', gender: 'Female', yearLevel: '9', dob: null });
  });

  it('finds a person again by snow id, else by name and date of birth (case and spaces ignored)', () => {
    expect(importKey({ snowId: '123', firstname: 'A', lastname: 'B', dob: null })).toBe('snow:123');
    expect(importKey({ snowId: null, firstname: 'Mary Jane', lastname: 'O Neil', dob: '2011-01-02' })).toBe(
      importKey({ snowId: null, firstname: 'maryjane', lastname: 'ONEIL', dob: '2011-01-02' }),
    );
  });

  it('reads a table: blank rows skipped, spreadsheet row numbers kept, the second of a person marked', () => {
    const table = readImportTable(
      [
        ['Given name', 'Surname', 'Gender', 'Year level', 'Snow ID'],
        ['Ann', 'Lee', 'F', '9', '555'],
        ['', '', '', '', ''],
        ['Ben', 'Ng', 'M', '10', ''],
        ['Annie', 'Lee', 'F', '9', '555'],
      ],
      TODAY,
    );
    expect(table.rows!.map((r) => [r.row, r.problems])).toEqual([
      [2, []],
      [4, []],
      [5, [IMPORT_MESSAGES.duplicate(2)]],
    ]);
    expect(readImportTable([['Name'], ['Ann']]).missing).toEqual(['Given name', 'Surname', 'Gender', 'Year level']);
  });
});

describe('headings as schools write them', () => {
  it('reads a heading by its words, not the hint in brackets', () => {
    expect(
      matchHeadings([
        'Date of Birth (DD/MM/YYYY)',
        'Year [7-12]',
        'Gender (M/F)',
        'First name {as on the birth certificate}',
      ]),
    ).toEqual(['Date of birth', 'Year level', 'Gender', 'Given name']);
  });

  it('finds the heading row below a title and blank rows, and the first that names every required column', () => {
    const heading = ['Given name', 'Surname', 'Gender', 'Year level'];
    expect(findHeadingRow([['Interschools 2026'], [], heading, ['Ann', 'Lee', 'Female', '8']])).toBe(2);
    expect(findHeadingRow([heading, ['Ann', 'Lee', 'Female', '8']])).toBe(0);
    // None complete: the one naming the most, so its missing columns can be named.
    expect(findHeadingRow([['Notes'], ['Given name', 'Surname'], ['Ann', 'Lee']])).toBe(1);
  });
});
