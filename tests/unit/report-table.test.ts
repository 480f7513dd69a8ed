// The report tables (src/features/reports/report-table.ts): what a user sees when sorting and
// filtering, and the files exported from them: a CSV read back with papaparse (BOM, RFC 4180
// quoting, formula cells defused, numbers plain) and a workbook read back with exceljs. Also the
// numbers the charts draw, with their text alternative.
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvText } from '../../src/domain/rules/csv';
import { timingCsv } from '../../src/domain/rules/timing-file';
import { reportXlsxBuffer } from '../../src/features/reports/report-export';
import {
  currentAgainstPrevious,
  entriesByDiscipline,
  entriesPerSeason,
  schoolsByType,
} from '../../src/features/reports/report-charts';
import {
  displayCell,
  exportTable,
  filterRows,
  nextSort,
  reportCsv,
  reportFileName,
  rowCountText,
  sortRows,
  type ReportColumn,
} from '../../src/features/reports/report-table';

type Row = { name: string; entries: number | null; owed: number; registered: string | null; done?: boolean };

const COLUMNS: ReportColumn<Row>[] = [
  { key: 'name', label: 'School' },
  { key: 'entries', label: 'Race entries', kind: 'number' },
  { key: 'owed', label: 'Outstanding', kind: 'money' },
  { key: 'registered', label: 'Registered', kind: 'date' },
];

const ROWS: Row[] = [
  { name: 'School 10', entries: 9, owed: 1234.5, registered: '2024-03-15T09:00:00.000Z' },
  { name: 'school 2', entries: 10, owed: -20, registered: '2023-12-01' },
  { name: 'Árvore College', entries: null, owed: 0, registered: null },
  { name: 'Beech High', entries: 100, owed: 50, registered: '2024-01-02' },
];

const names = (rows: readonly Row[]) => rows.map((r) => r.name);

/** Parses the CSV after checking and removing its byte order mark. */
function readCsv(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
}

describe('sorting a report table', () => {
  it('sorts numbers as numbers, not as text, and flips on a second click', () => {
    const ascending = nextSort(null, 'entries');
    expect(ascending).toEqual({ key: 'entries', direction: 'ascending' });
    expect(names(sortRows(ROWS, COLUMNS, ascending))).toEqual([
      'School 10',
      'school 2',
      'Beech High',
      'Árvore College',
    ]);
    const descending = nextSort(ascending, 'entries');
    expect(descending).toEqual({ key: 'entries', direction: 'descending' });
    // The empty cell stays last whichever the direction.
    expect(names(sortRows(ROWS, COLUMNS, descending))).toEqual([
      'Beech High',
      'school 2',
      'School 10',
      'Árvore College',
    ]);
    expect(nextSort(descending, 'name')).toEqual({ key: 'name', direction: 'ascending' });
  });

  it('sorts money by amount, negative amounts first', () => {
    expect(names(sortRows(ROWS, COLUMNS, { key: 'owed', direction: 'ascending' }))).toEqual([
      'school 2',
      'Árvore College',
      'Beech High',
      'School 10',
    ]);
  });

  it('sorts dates by date, a date-time and a date alike, empty last', () => {
    expect(names(sortRows(ROWS, COLUMNS, { key: 'registered', direction: 'ascending' }))).toEqual([
      'school 2',
      'Beech High',
      'School 10',
      'Árvore College',
    ]);
    expect(names(sortRows(ROWS, COLUMNS, { key: 'registered', direction: 'descending' }))).toEqual([
      'School 10',
      'Beech High',
      'school 2',
      'Árvore College',
    ]);
  });

  it('sorts text as people read it: case and accents ignored, numbers in names by value', () => {
    expect(names(sortRows(ROWS, COLUMNS, { key: 'name', direction: 'ascending' }))).toEqual([
      'Árvore College',
      'Beech High',
      'school 2',
      'School 10',
    ]);
  });

  it('keeps the server order of equal rows, and the rows unsorted with no sort or an unknown column', () => {
    const same = [
      { ...ROWS[0]!, name: 'first', entries: 1 },
      { ...ROWS[1]!, name: 'second', entries: 1 },
    ];
    expect(names(sortRows(same, COLUMNS, { key: 'entries', direction: 'descending' }))).toEqual(['first', 'second']);
    expect(names(sortRows(ROWS, COLUMNS, null))).toEqual(names(ROWS));
    expect(names(sortRows(ROWS, COLUMNS, { key: 'nope', direction: 'ascending' }))).toEqual(names(ROWS));
  });

  it('sorts by a computed column', () => {
    const columns: ReportColumn<Row>[] = [
      ...COLUMNS,
      { key: 'double', label: 'Double', kind: 'number', value: (r) => (r.entries ?? 0) * 2 },
    ];
    expect(names(sortRows(ROWS, columns, { key: 'double', direction: 'ascending' }))).toEqual([
      'Árvore College',
      'School 10',
      'school 2',
      'Beech High',
    ]);
  });
});

describe('filtering a report table', () => {
  it('keeps rows where every typed word is in some cell as shown, case and accents ignored', () => {
    expect(names(filterRows(ROWS, COLUMNS, 'school'))).toEqual(['School 10', 'school 2']);
    expect(names(filterRows(ROWS, COLUMNS, '  SCHOOL   2 '))).toEqual(['School 10', 'school 2']);
    expect(names(filterRows(ROWS, COLUMNS, 'school 10 15/03'))).toEqual(['School 10']);
    expect(names(filterRows(ROWS, COLUMNS, 'arvore'))).toEqual(['Árvore College']);
    expect(names(filterRows(ROWS, COLUMNS, '$1,234.50'))).toEqual(['School 10']);
    expect(names(filterRows(ROWS, COLUMNS, ''))).toEqual(names(ROWS));
    expect(filterRows(ROWS, COLUMNS, 'nothing like it')).toEqual([]);
  });

  it('counts the rows shown against all rows', () => {
    expect(rowCountText(4, 4)).toBe('4 rows');
    expect(rowCountText(1, 1)).toBe('1 row');
    expect(rowCountText(2, 4)).toBe('2 of 4 rows');
  });
});

describe('showing cells', () => {
  it('shows money in dollars, dates as dd/mm/yyyy, booleans as Yes or No, nothing for empty', () => {
    expect(displayCell(1234.5, 'money')).toBe('$1,234.50');
    expect(displayCell('2024-03-15T09:00:00.000Z', 'date')).toBe('15/03/2024');
    expect(displayCell('2023-12-01', 'date')).toBe('01/12/2023');
    expect(displayCell(true)).toBe('Yes');
    expect(displayCell(false)).toBe('No');
    expect(displayCell(null, 'number')).toBe('');
    expect(displayCell(12, 'number')).toBe('12');
  });
});

describe('exporting a report as CSV', () => {
  const risky: Row[] = [
    { name: '=HYPERLINK("http://x","click")', entries: -5, owed: 12.5, registered: '2024-03-15T09:00:00.000Z' },
    { name: 'Smith, "Jr" High', entries: 3, owed: 0, registered: null },
    { name: '+61 400', entries: 1, owed: 1, registered: '2024-01-02' },
    { name: '@home\nline two', entries: 2, owed: 2, registered: null },
    { name: '-minus', entries: 0, owed: -3.25, registered: null },
  ];

  it('writes UTF-8 with a byte order mark and CRLF lines, read back cell for cell', () => {
    const text = reportCsv(risky, COLUMNS);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const table = readCsv(text);
    expect(table[0]).toEqual(['School', 'Race entries', 'Outstanding', 'Registered']);
    expect(table.slice(1)).toEqual([
      [`'=HYPERLINK("http://x","click")`, '-5', '12.5', '2024-03-15'],
      ['Smith, "Jr" High', '3', '0', ''],
      [`'+61 400`, '1', '1', '2024-01-02'],
      [`'@home\nline two`, '2', '2', ''],
      [`'-minus`, '0', '-3.25', ''],
    ]);
  });

  it('quotes fields with commas, quotes and line breaks as RFC 4180 says', () => {
    const text = reportCsv(risky, COLUMNS);
    expect(text).toContain('"Smith, ""Jr"" High"');
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""click"")"`);
    expect(text).toContain(`"'@home\nline two"`);
  });

  it('exports numbers and money as plain numbers, never escaped, and dates as YYYY-MM-DD', () => {
    expect(exportTable(risky, COLUMNS)[1]).toEqual([`=HYPERLINK("http://x","click")`, -5, 12.5, '2024-03-15']);
    expect(csvText([['-5', -5]])).toBe(`\uFEFF'-5,-5\r\n`);
  });

  it('writes the timing files exactly as before', () => {
    const table = [
      ['Bib', 'Last'],
      ['1', '=1+1'],
      ['2', 'Smith, "Jr"'],
    ];
    expect(timingCsv(table)).toBe(`\uFEFFBib,Last\r\n1,'=1+1\r\n2,"Smith, ""Jr"""\r\n`);
  });

  it('names the files after the report and the day', () => {
    expect(reportFileName('Race entries per school', 'csv', new Date('2026-05-04T10:00:00Z'))).toBe(
      'race-entries-per-school-2026-05-04.csv',
    );
    expect(reportFileName('Schools missing a BPAY reference', 'xlsx', new Date('2026-05-04T10:00:00Z'))).toBe(
      'schools-missing-a-bpay-reference-2026-05-04.xlsx',
    );
  });
});

describe('exporting a report as an Excel workbook', () => {
  it('writes numbers and money as numbers, dates as dates, and formula-looking text as inert text', async () => {
    const rows: Row[] = [{ name: '=1+1', entries: 7, owed: 1234.5, registered: '2024-03-15T09:00:00.000Z' }];
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await reportXlsxBuffer('Race entries per school: a long title over 31', rows, COLUMNS));
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name.length).toBeLessThanOrEqual(31);
    expect([1, 2, 3, 4].map((column) => sheet.getRow(1).getCell(column).value)).toEqual([
      'School',
      'Race entries',
      'Outstanding',
      'Registered',
    ]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getCell('A2').formula).toBeUndefined();
    expect(sheet.getCell('A2').value).toBe('=1+1');
    expect(sheet.getCell('B2').value).toBe(7);
    expect(sheet.getCell('C2').value).toBe(1234.5);
    expect(sheet.getCell('C2').numFmt).toBe('$#,##0.00');
    expect(sheet.getCell('D2').value).toEqual(new Date('2024-03-15T00:00:00Z'));
    expect(sheet.getCell('D2').numFmt).toBe('dd/mm/yyyy');
  });
});

describe('report charts', () => {
  it('counts race entries by discipline, largest first, and says so in words', () => {
    const chart = entriesByDiscipline([
      { disciplineName: 'Moguls' },
      { disciplineName: 'Alpine' },
      { disciplineName: 'Moguls' },
    ]);
    expect(chart.labels).toEqual(['Moguls', 'Alpine']);
    expect(chart.series).toEqual([{ label: 'Race entries', data: [2, 1] }]);
    expect(chart.summary).toBe('Bar chart of race entries by discipline: Moguls 2, Alpine 1.');
  });

  it('adds up schools by type', () => {
    const chart = schoolsByType([
      { schoolType: 'Primary', count: 3 },
      { schoolType: 'Secondary', count: 5 },
      { schoolType: 'Primary', count: 4 },
    ]);
    expect(chart.labels).toEqual(['Primary', 'Secondary']);
    expect(chart.series[0]!.data).toEqual([7, 5]);
  });

  it('sets a season against past seasons, and this event against the previous one', () => {
    const rows: { pastTotals: Record<string, number> }[] = [{ pastTotals: { a: 3, b: 4 } }, { pastTotals: { b: 1 } }];
    const seasons = entriesPerSeason(rows, [
      { id: 'a', label: '2024' },
      { id: 'b', label: '2025' },
    ]);
    expect(seasons.labels).toEqual(['2024', '2025']);
    expect(seasons.series[0]!.data).toEqual([3, 5]);
    expect(seasons.summary).toBe('Bar chart of race entries per event: 2024 3, 2025 5.');
    const compare = currentAgainstPrevious([
      { currentEntries: 5, previousEntries: 2 },
      { currentEntries: 1, previousEntries: 1 },
    ]);
    expect(compare.series[0]!.data).toEqual([3, 6]);
  });
});
