// The spreadsheet import: an .xlsx or .csv upload read into rows with their problems (unknown or
// inactive snow id, bad date, missing name, twice in the file) and nothing written; the reviewed
// rows written in one transaction, found again by snow id (else name and date of birth) so a second
// import adds nobody; malformed, empty, oversized and wrong-type files refused with a message and
// nothing written; who may import, into which school, and the event lock.
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events, participants, registryAthletes } from '../../server/db/schema';
import { FILE_MESSAGES } from '../../server/modules/spreadsheet-import/read-file';
import { IMPORT_MESSAGES as SERVER_IMPORT_MESSAGES } from '../../server/modules/spreadsheet-import/service';
import { MAX_IMPORT_BYTES } from '../../src/domain/constants/limits';
import { MESSAGES } from '../../src/domain/messages';
import { IMPORT_MESSAGES } from '../../src/domain/rules/spreadsheet-import';
import { createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let schoolId: string;
let eventId: string;
let school: Agent;
let admin: Agent;

const HEADINGS = ['Snow ID', 'Given name', 'Surname', 'Gender', 'Date of birth', 'Year level', 'Email'];
const ACTIVE = ['9201001', '9201002', '9201003'];
const INACTIVE = '9209009';

type Answer = {
  rows: { row: number; values: Record<string, unknown>; problems: string[]; existing: boolean }[];
  total: number;
  valid: number;
};

const csv = (rows: string[][]) =>
  Buffer.from(
    `\uFEFF${rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n')}`,
  );

async function xlsx(rows: (string | number | Date)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const upload = (agent: Agent, body: Buffer, type = 'application/octet-stream') =>
  agent.request({ method: 'POST', url: '/api/xls-import', headers: { 'content-type': type }, payload: body });
const confirm = (agent: Agent, rows: unknown[], headers: Record<string, string> = {}) =>
  agent.request({ method: 'POST', url: '/api/xls-import/confirm', payload: { rows }, headers });
const stored = () => t.db.select().from(participants).where(eq(participants.schoolId, schoolId));
const validValues = (answer: Answer) => answer.rows.filter((r) => r.problems.length === 0).map((r) => r.values);

beforeEach(async () => {
  t = await startTestApp();
  ({ schoolId, eventId, school, admin } = await schoolInEvent(t));
  await t.db
    .insert(registryAthletes)
    .values([
      ...ACTIVE.map((snowId, i) => ({
        snowId,
        firstname: `Reg${i}`,
        lastname: 'Athlete',
        gender: 'Female',
        dob: '2012-01-01',
        active: true,
      })),
      { snowId: INACTIVE, firstname: 'Ina', lastname: 'Active', gender: 'Female', dob: '2010-01-01', active: false },
    ])
    .onConflictDoNothing();
});
afterEach(async () => {
  await t.close();
});

describe('reading the file', () => {
  it('reads an .xlsx into rows, dates from real date cells, each row with its problems; nothing written', async () => {
    const before = (await stored()).length;
    const file = await xlsx([
      HEADINGS,
      [ACTIVE[0]!, 'Ava', 'Alpine', 'Female', new Date(Date.UTC(2012, 2, 4)), 8, 'ava@example.test'],
      ['', 'Ben', 'Board', 'M', '05/06/2011', 'Year 9', ''],
      ['', '', 'Nameless', 'Female', '', '7', ''],
      ['999999999', 'Cy', 'Cross', 'Male', '31/02/2011', '13', 'not-an-email'],
      [INACTIVE, 'Ina', 'Active', 'F', '', 'K', ''],
      [ACTIVE[0]!, 'Ava', 'Again', 'Female', '', '8', ''],
    ]);
    const res = await upload(school, file, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as Answer;
    expect(answer.total).toBe(6);
    expect(answer.valid).toBe(2);
    const byRow = new Map(answer.rows.map((r) => [r.row, r]));
    expect(byRow.get(2)).toMatchObject({
      problems: [],
      existing: false,
      values: {
        snowId: ACTIVE[0],
        firstname: 'Ava',
        gender: 'Female',
        dob: '2012-03-04',
        yearLevel: '8',
        email: 'ava@example.test',
      },
    });
    expect(byRow.get(3)).toMatchObject({
      problems: [],
      values: { snowId: null, gender: 'Male', dob: '2011-06-05', yearLevel: '9' },
    });
    expect(byRow.get(4)!.problems).toEqual([IMPORT_MESSAGES.givenNameMissing]);
    expect(byRow.get(5)!.problems).toEqual([
      "Year level '13' must be K or 1 to 12",
      "Date of birth '31/02/2011' is not a date (use DD/MM/YYYY)",
      "Email 'not-an-email' is not an email address",
      MESSAGES.snowIdNotFoundOrInactive,
    ]);
    expect(byRow.get(6)!.problems).toEqual([MESSAGES.snowIdNotFoundOrInactive]);
    expect(byRow.get(7)!.problems).toEqual([IMPORT_MESSAGES.duplicate(2)]);
    expect((await stored()).length).toBe(before);
  });

  it('reads a CSV with its own headings in any order, and says which columns are missing', async () => {
    const res = await upload(
      school,
      csv([
        ['Year', 'Surname', 'First name', 'Sex', 'DOB'],
        ['10', 'Lee, Jr', 'Ann "Annie"', 'f', '2010-09-01'],
      ]),
      'text/csv',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Answer).rows[0]).toMatchObject({
      problems: [],
      values: { firstname: 'Ann "Annie"', lastname: 'Lee, Jr', gender: 'Female', yearLevel: '10', dob: '2010-09-01' },
    });
    const missing = await upload(
      school,
      csv([
        ['Name', 'Surname'],
        ['Ann', 'Lee'],
      ]),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(SERVER_IMPORT_MESSAGES.missingColumns(['Given name', 'Gender', 'Year level']));
  });

  it('refuses an empty, malformed, wrong-type or oversized file with a message, writing nothing', async () => {
    const before = (await stored()).length;
    const refusals: [Buffer, number, string][] = [
      [Buffer.alloc(0), 400, FILE_MESSAGES.empty],
      [csv([HEADINGS]), 400, FILE_MESSAGES.empty],
      [
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('not really a zip')]),
        400,
        FILE_MESSAGES.unreadable,
      ],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 415, FILE_MESSAGES.notSpreadsheet],
    ];
    for (const [body, status, message] of refusals) {
      const res = await upload(school, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const big = await upload(school, Buffer.alloc(MAX_IMPORT_BYTES + 1, 'a'));
    expect(big.statusCode).toBe(413);
    const json = await school.request({ method: 'POST', url: '/api/xls-import', payload: { rows: [] } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(FILE_MESSAGES.notSpreadsheet);
    expect((await stored()).length).toBe(before);
  });
});

describe('importing the reviewed rows', () => {
  async function twoHundredStudents() {
    const rows = Array.from({ length: 200 }, (_, i) => [
      i < 3 ? ACTIVE[i]! : '',
      `Given${i}`,
      `Student${i}`,
      i % 2 ? 'Male' : 'Female',
      `0${(i % 9) + 1}/03/2011`,
      String(7 + (i % 6)),
      '',
    ]);
    return (await upload(school, csv([HEADINGS, ...rows]))).json() as Answer;
  }

  it('imports 200 students, and the same file again adds nobody', async () => {
    const before = (await stored()).length;
    const answer = await twoHundredStudents();
    expect(answer.valid).toBe(200);
    const first = await confirm(school, validValues(answer));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ created: 200, updated: 0 });
    expect((await stored()).length).toBe(before + 200);
    expect((await stored()).find((p) => p.snowId === ACTIVE[1])).toMatchObject({
      firstname: 'Given1',
      snowIdActive: 1,
      dob: '2011-03-02',
    });

    const again = await twoHundredStudents();
    expect(again.rows.every((r) => r.existing)).toBe(true);
    const second = await confirm(school, validValues(again));
    expect(second.json()).toEqual({ created: 0, updated: 200 });
    expect((await stored()).length).toBe(before + 200);
  });

  it('brings an archived student back, and applies a replayed confirmation once', async () => {
    const answer = await twoHundredStudents();
    const rows = validValues(answer).slice(0, 5);
    const key = 'import-once';
    expect((await confirm(school, rows, { 'idempotency-key': key })).json()).toEqual({ created: 5, updated: 0 });
    expect((await confirm(school, rows, { 'idempotency-key': key })).json()).toEqual({ created: 5, updated: 0 });
    expect((await stored()).filter((p) => p.lastname.startsWith('Student')).length).toBe(5);
    await t.db.update(participants).set({ archived: 1 }).where(eq(participants.lastname, 'Student0'));
    expect((await confirm(school, rows)).json()).toEqual({ created: 0, updated: 5 });
    expect((await stored()).find((p) => p.lastname === 'Student0')?.archived).toBe(0);
  });

  it('refuses a confirmation with an inactive snow id or a person twice, naming the row and writing nothing', async () => {
    const before = (await stored()).length;
    const good = {
      snowId: null,
      firstname: 'Ann',
      lastname: 'Lee',
      gender: 'Female',
      yearLevel: '9',
      dob: null,
      email: '',
    };
    const inactive = await confirm(school, [good, { ...good, firstname: 'Ina', snowId: INACTIVE }]);
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().fields).toEqual([{ path: 'rows.1.snowId', message: MESSAGES.snowIdNotFoundOrInactive }]);
    const twice = await confirm(school, [good, { ...good, firstname: 'ANN ' }]);
    expect(twice.statusCode).toBe(422);
    const bad = await confirm(school, [{ ...good, yearLevel: '13' }]);
    expect(bad.statusCode).toBe(400);
    expect((await stored()).length).toBe(before);
  });
});

describe('who imports where', () => {
  it("imports into the school of the session: a school's own, an admin's picked one", async () => {
    const other = await createSchool(t.db);
    const row = {
      snowId: null,
      firstname: 'Ann',
      lastname: 'Lee',
      gender: 'Female',
      yearLevel: '9',
      dob: null,
      email: '',
    };
    expect((await confirm(school, [{ ...row, SchoolId: other.id }])).statusCode).toBe(200);
    expect((await t.db.select().from(participants).where(eq(participants.schoolId, other.id))).length).toBe(0);
    // The admin works on the school picked in the session (schoolInEvent picked the school).
    expect((await confirm(admin, [{ ...row, firstname: 'Ben' }])).statusCode).toBe(200);
    expect((await stored()).some((p) => p.firstname === 'Ben')).toBe(true);
    for (const type of ['auditor', 'racedept'] as const) {
      const agent = await signIn(t.app, (await createUser(t.db, type)).email);
      expect((await confirm(agent, [row])).statusCode).toBe(403);
      expect((await upload(agent, csv([HEADINGS]))).statusCode).toBe(403);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/xls-import/confirm', payload: { rows: [row] } })).statusCode,
    ).toBe(401);
  });

  it("answers 410 to a school's import while its event is locked, writing nothing", async () => {
    await t.db.update(events).set({ locked: true }).where(eq(events.id, eventId));
    const before = (await stored()).length;
    const row = {
      snowId: null,
      firstname: 'Ann',
      lastname: 'Lee',
      gender: 'Female',
      yearLevel: '9',
      dob: null,
      email: '',
    };
    expect((await confirm(school, [row])).statusCode).toBe(410);
    expect((await stored()).length).toBe(before);
  });
});
