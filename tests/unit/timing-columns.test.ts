// An admin's columns of a timing file: what stops them being saved (the screen and the server say
// the same words), the request that carries them, and the editor's steps over the list.
import { describe, expect, it } from 'vitest';
import {
  MAX_TIMING_COLUMNS,
  STANDARD_TIMING_COLUMNS,
  type TimingColumn,
} from '../../src/domain/constants/timing-files';
import { TIMING_COLUMN_MESSAGES, sameTimingColumns, timingColumnProblems } from '../../src/domain/rules/timing-columns';
import { timingColumnsBodySchema } from '../../src/domain/schemas/api/timing-columns';
import {
  addColumn,
  changeField,
  changeHeading,
  defaultHeading,
  draftEditCount,
  moveColumn,
  removeColumn,
} from '../../src/features/race-day/timing-columns-draft';
import { uuid } from './factories';

const cols = (...pairs: [TimingColumn['field'], string][]): TimingColumn[] =>
  pairs.map(([field, heading]) => ({ field, heading }));

describe('timing column problems', () => {
  it('accepts the standard columns of every system', () => {
    for (const columns of Object.values(STANDARD_TIMING_COLUMNS)) expect(timingColumnProblems(columns)).toEqual([]);
  });

  it('asks for at least one column', () => {
    expect(timingColumnProblems([])).toEqual([{ index: null, message: TIMING_COLUMN_MESSAGES.none }]);
  });

  it('names a column without a heading, and one headed too long', () => {
    expect(timingColumnProblems(cols(['bib', 'Bib'], ['lastname', '   '], ['firstname', 'x'.repeat(61)]))).toEqual([
      { index: 1, message: 'Column 2 needs a heading.' },
      { index: 2, message: "Column 3's heading is too long: keep it to 60 characters." },
    ]);
  });

  it('names two columns with one heading, without regard to case or spaces', () => {
    expect(timingColumnProblems(cols(['bib', 'Bib'], ['lastname', 'Name'], ['firstname', ' name ']))).toEqual([
      { index: 2, message: "Columns 2 and 3 are both headed 'name': give each column its own heading." },
    ]);
  });

  it('refuses a field this app does not know, and more columns than a file holds', () => {
    expect(timingColumnProblems([{ field: 'dob', heading: 'Born' }])).toEqual([
      { index: 0, message: TIMING_COLUMN_MESSAGES.unknownField(1) },
    ]);
    const many = Array.from({ length: MAX_TIMING_COLUMNS + 1 }, (_, i) => ({ field: 'bib', heading: `Bib ${i}` }));
    expect(timingColumnProblems(many)).toEqual([{ index: null, message: TIMING_COLUMN_MESSAGES.tooMany }]);
  });
});

describe('the columns request', () => {
  it("takes a system's columns, a system set back to standard (null), and leaves others out", () => {
    const parsed = timingColumnsBodySchema.parse({
      id: uuid(1),
      timingColumns: { VIC: cols(['bib', 'Bib']), NSW: null },
    });
    expect(parsed.timingColumns).toEqual({ VIC: [{ field: 'bib', heading: 'Bib' }], NSW: null });
  });

  it('refuses unusable columns with the words the screen shows, on the column concerned', () => {
    const result = timingColumnsBodySchema.safeParse({
      id: uuid(1),
      timingColumns: { 'Live heats': cols(['bib', 'Bib'], ['lastname', 'BIB']) },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [
        'timingColumns.Live heats.1.heading',
        "Columns 1 and 2 are both headed 'BIB': give each column its own heading.",
      ],
    ]);
  });

  it('refuses a field that would put a date of birth in a file', () => {
    const result = timingColumnsBodySchema.safeParse({
      id: uuid(1),
      timingColumns: { NSW: [{ field: 'dob', heading: 'DOB' }] },
    });
    expect(result.success).toBe(false);
  });
});

describe("the column editor's steps", () => {
  const start = cols(['bib', 'Bib'], ['lastname', 'Surname'], ['firstname', 'Given name']);

  it('moves a column up or down, and not past either end', () => {
    expect(moveColumn(start, 2, -1).map((c) => c.field)).toEqual(['bib', 'firstname', 'lastname']);
    expect(moveColumn(start, 0, 1).map((c) => c.field)).toEqual(['lastname', 'bib', 'firstname']);
    expect(moveColumn(start, 0, -1)).toEqual(start);
    expect(moveColumn(start, 2, 1)).toEqual(start);
  });

  it('adds a column for a field not in the file yet, headed in short words', () => {
    expect(addColumn(start).at(-1)).toEqual({ field: 'snowId', heading: 'Snow ID' });
    expect(defaultHeading('fullName')).toBe('Full name');
  });

  it('removes a column and changes a heading', () => {
    expect(removeColumn(start, 1).map((c) => c.field)).toEqual(['bib', 'firstname']);
    expect(changeHeading(start, 0, 'Bib No')[0]).toEqual({ field: 'bib', heading: 'Bib No' });
  });

  it('lets a heading follow the field while the admin has not typed one of their own', () => {
    const added = addColumn(start);
    expect(changeField(added, 3, 'school')[3]).toEqual({ field: 'school', heading: 'School' });
    expect(changeField(start, 1, 'fullName')[1]).toEqual({ field: 'fullName', heading: 'Surname' });
  });

  it("counts a draft's edits against the saved columns, none when it saves nothing new", () => {
    expect(draftEditCount(null, start)).toBe(0);
    expect(draftEditCount(changeHeading(start, 0, ' Bib '), start)).toBe(0);
    expect(draftEditCount(moveColumn(start, 0, 1), start)).toBe(2);
    expect(draftEditCount(removeColumn(start, 2), start)).toBe(1);
    expect(sameTimingColumns(start, [...start])).toBe(true);
  });
});
