// The files schools really make, read by the import (issue: Excel's default CSV was refused as
// 'not a spreadsheet' for one name like Zoë). The fixtures were written by Python's csv module
// (tests/fixtures/spreadsheets/make.py), not by anything of ours: Windows-1252 with commas or
// semicolons, Excel's UTF-16 'Unicode text' with tabs, UTF-8 with and without the mark, and a
// school's sheet with a title above headings that carry hints, and blank lines between rows.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readTable } from '../../server/modules/spreadsheet-import/read-table';

const fixture = (name: string) => readFile(`tests/fixtures/spreadsheets/${name}`);

async function read(name: string) {
  const result = await readTable(await fixture(name));
  expect(result.missing).toEqual([]);
  return result.rows!;
}

describe('the files schools make', () => {
  it.each([
    ['excel-comma-windows-1252.csv', ['Zoë Ångström', 'Lukas Nguyen', "Renée O'Brien"]],
    ['excel-semicolon-windows-1252.csv', ['Zoë Ångström', 'Lukas Nguyen', "Renée O'Brien"]],
    ['excel-unicode-text-utf-16.txt', ['Zoë Ångström', 'Łukasz Nguyễn', "Renée O'Brien"]],
    ['csv-utf-8-bom.csv', ['Zoë Ångström', 'Łukasz Nguyễn', "Renée O'Brien"]],
    ['csv-utf-8-lf.csv', ['Zoë Ångström', 'Łukasz Nguyễn', "Renée O'Brien"]],
  ])('reads %s: every name as written, every row valid, the snow id with its leading zero', async (name, names) => {
    const rows = await read(name);
    expect(rows.map((r) => `${r.values.firstname} ${r.values.lastname}`)).toEqual(names);
    expect(rows.map((r) => r.problems)).toEqual([[], [], []]);
    expect(rows.map((r) => r.row)).toEqual([2, 3, 4]);
    expect(rows[0]!.values).toMatchObject({ snowId: '012345', dob: '2012-03-14', yearLevel: '8', gender: 'Female' });
  });

  it('finds the headings below a title, reads headings with hints, and numbers rows as the sheet shows them', async () => {
    const rows = await read('title-rows-and-hints.csv');
    // Title on row 1, a blank row 2, the headings on row 3, a blank row 5.
    expect(rows.map((r) => r.row)).toEqual([4, 6, 7]);
    expect(rows.map((r) => r.values.dob)).toEqual(['2012-03-14', '2011-11-02', '2010-06-30']);
    expect(rows.map((r) => r.values.yearLevel)).toEqual(['8', '9', '10']);
    expect(rows.every((r) => r.problems.length === 0)).toBe(true);
  });

  it('still refuses a file that is not text', async () => {
    await expect(
      readTable(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])),
    ).rejects.toMatchObject({ status: 415 });
  });
});
