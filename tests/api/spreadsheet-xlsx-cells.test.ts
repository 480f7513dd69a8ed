// What a coordinator's .xlsx shows is what the import reads: names in any alphabet however long
// the file, dates of birth that a formula fills in, formulas that show an error read as blank,
// rich text joined, only the workbook's first sheet; and a workbook of more parts than a student
// list needs is refused before it is read.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '../../server/modules/spreadsheet-import/read-file';
import type { Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let school: Agent;

beforeAll(async () => {
  t = await startTestApp();
  ({ school } = await schoolInEvent(t));
});
afterAll(async () => {
  await t.close();
});

const HEADINGS = ['Snow ID', 'Given name', 'Surname', 'Gender', 'Date of birth', 'Year level', 'Email'];
type Answer = {
  rows: { row: number; values: Record<string, unknown>; problems: string[] }[];
  total: number;
  valid: number;
};

async function upload(workbook: ExcelJS.Workbook) {
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return school.request({
    method: 'POST',
    url: '/api/xls-import',
    headers: { 'content-type': 'application/octet-stream' },
    payload: body,
  });
}

async function read(workbook: ExcelJS.Workbook): Promise<Answer> {
  const res = await upload(workbook);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as Answer;
}

describe('reading .xlsx cells', () => {
  it('reads names in other alphabets intact through a long file', async () => {
    // Each name distinct, so the file's shared strings run to a few hundred kilobytes and letters of
    // two and three bytes fall on the boundaries where the unpacked text arrives in pieces.
    const names = Array.from({ length: 3000 }, (_, i) => ({
      given: `Ngọc Ánh ${i}`,
      surname: `Nguyễn-Đặng 김민준 Zoë ${i}`,
    }));
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Students');
    sheet.addRow(HEADINGS);
    for (const { given, surname } of names) sheet.addRow(['', given, surname, 'Female', '01/03/2011', '8', '']);
    const answer = await read(workbook);
    expect(answer.valid).toBe(names.length);
    expect(answer.rows.map((r) => [r.values.firstname, r.values.lastname])).toEqual(
      names.map((n) => [n.given, n.surname]),
    );
  });

  it('reads a date of birth a formula fills in as that date, an error a formula shows as blank, and rich text joined', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Students');
    sheet.addRow(HEADINGS);
    sheet.addRow([
      '',
      { richText: [{ text: 'An', font: { bold: true } }, { text: 'na' }] },
      'Lee',
      'Female',
      null,
      '8',
      { formula: 'NA()', result: { error: '#N/A' } },
    ]);
    sheet.getCell('E2').value = { formula: 'DATE(2011,3,1)', result: new Date(Date.UTC(2011, 2, 1)) };
    sheet.getCell('E2').numFmt = 'dd/mm/yyyy';
    const [row] = (await read(workbook)).rows;
    expect(row).toMatchObject({
      problems: [],
      values: { firstname: 'Anna', lastname: 'Lee', dob: '2011-03-01', email: '' },
    });
  });

  it("reads only the workbook's first sheet", async () => {
    // Made second, so its part is sheet2.xml, though the workbook lists it first.
    const workbook = new ExcelJS.Workbook();
    const notes = workbook.addWorksheet('Notes');
    notes.addRows([HEADINGS, ['', 'Not', 'AStudent', 'Male', '01/03/2011', '8', '']]);
    const students = workbook.addWorksheet('Students');
    students.addRows([HEADINGS, ['', 'Ann', 'Lee', 'Female', '01/03/2011', '8', '']]);
    // Where exceljs lists a sheet in the workbook (not in its type declarations).
    Object.assign(students, { orderNo: 0 });
    Object.assign(notes, { orderNo: 1 });
    const answer = await read(workbook);
    expect(answer.rows.map((r) => r.values.firstname)).toEqual(['Ann']);
  });

  it('refuses a workbook of more than 1,000 parts before reading it', async () => {
    const workbook = new ExcelJS.Workbook();
    for (let i = 1; i <= 1000; i++) workbook.addWorksheet(`Sheet ${i}`);
    const res = await upload(workbook);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(FILE_MESSAGES.tooMuch);
  });
});
