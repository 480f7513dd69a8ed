// The timing files as the device builds them: the CSV file keeps the BOM Excel needs and CRLF
// lines (and guards formula-looking text); the workbook holds numbers as numbers and text as it is,
// read back as Excel would.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { timingCsvBlob, timingXlsxBuffer } from '../../src/features/race-day/timing-download';

const HEADER = [
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
const TABLE = [
  HEADER,
  ['101', '012345', '=1+1', 'Ann', 'Female', '9', 'Alpine High', 'Moguls', '1', 'A', '1'],
  ['102', 'S2', 'Smith, "Jr"', 'Bob', 'Male', '10', 'Alpine High', 'Moguls', '1', 'A', '2'],
];

describe('timing download', () => {
  it('writes the CSV as UTF-8 with a byte order mark and CRLF lines', async () => {
    const blob = timingCsvBlob(TABLE);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    // Blob.text() drops a leading BOM when it decodes, so the bytes are checked.
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(TABLE.length + 1);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text).toContain(`'=1+1`);
    expect(text).toContain('"Smith, ""Jr"""');
  });

  it('writes the same table as a workbook: a bold header, number cells for numbers, text as it is', async () => {
    const buffer = await timingXlsxBuffer(TABLE, 'NSW system');
    expect(buffer).toBeInstanceOf(ArrayBuffer);
    const workbook = await new ExcelJS.Workbook().xlsx.load(buffer);
    const sheet = workbook.getWorksheet('NSW system');
    expect(sheet).toBeDefined();
    if (!sheet) return;
    expect(sheet.rowCount).toBe(TABLE.length);
    const values = (row: number) => HEADER.map((_, column) => sheet.getRow(row).getCell(column + 1).value);
    expect(values(1)).toEqual(HEADER);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    // A text cell is never run as a formula: no apostrophe stored as part of the name.
    expect(values(2)[2]).toBe('=1+1');
    expect(sheet.getRow(2).getCell(3).formula).toBeUndefined();
    expect(values(3)[2]).toBe('Smith, "Jr"');
    // Bibs, divisions and positions are numbers; a snow id with a leading zero keeps it as text.
    expect(values(2)[0]).toBe(101);
    expect(values(2)[8]).toBe(1);
    expect(values(2)[1]).toBe('012345');
  });
});
