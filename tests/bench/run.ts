// Server benchmarks on the large data set (400 schools, 8,000 participants, 3,000 teams, 10,000
// entries, five past seasons) in an in-memory PGlite, and the import of a 5,000-row spreadsheet;
// then how long requests wait on one another (tests/bench/waits.ts). Prints figures and ratios;
// never fails on time. Run with `npm run bench`.
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { readChanges } from '../../server/db/changes';
import { openDatabase } from '../../server/db/client';
import { generateLargeDataset, LARGE_PASSWORDS } from '../../server/db/seed/large';
import { createMemoryMailer } from '../../server/integrations/mail';
import { selectIntegrations } from '../../server/integrations/select';
import { pullRaceDay } from '../../server/modules/race-day/feed';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { MAX_IMPORT_ROWS } from '../../src/domain/constants/limits';
import { IMPORT_COLUMNS } from '../../src/domain/rules/spreadsheet-import';
import { benchWaits } from './waits';

const ms = (t0: number) => performance.now() - t0;
const fmt = (n: number) => n.toLocaleString('en-AU', { maximumFractionDigits: 1 });

async function timeIt(label: string, runs: number, work: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    times.push(ms(t0));
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)]!;
  const p95 = times[Math.floor(times.length * 0.95)]!;
  console.log(`${label.padEnd(48)} p50 ${fmt(p50)} ms   p95 ${fmt(p95)} ms   (${runs} runs)`);
  return p50;
}

async function main() {
  const database = await openDatabase({});
  let t0 = performance.now();
  await database.migrate();
  console.log(`migrate (in-memory PGlite)                       ${fmt(ms(t0))} ms`);
  t0 = performance.now();
  const { counts } = await generateLargeDataset(database.db, {});
  console.log(`generate large data set                          ${fmt(ms(t0))} ms  ${JSON.stringify(counts)}`);

  const db = database.db;
  type Rows<T> = { rows: T[] };
  const [school] = (
    (await db.execute(
      sql`select school_id as id, count(*)::int as n from participants group by school_id order by n desc limit 1`,
    )) as unknown as Rows<{ id: string }>
  ).rows;
  const [event] = (
    (await db.execute(
      sql`select id from events where archived = false order by year desc limit 1`,
    )) as unknown as Rows<{ id: string }>
  ).rows;

  const download = async (scope: Parameters<typeof readChanges>[1]) => {
    let cursor = 0;
    let rows = 0;
    for (;;) {
      const page = await readChanges(db, scope, cursor, 1000);
      rows += page.changes.length;
      cursor = page.cursor;
      if (!page.hasMore) return rows;
    }
  };
  t0 = performance.now();
  const schoolRows = await download({ schoolId: school!.id, eventId: event!.id });
  const schoolMs = ms(t0);
  t0 = performance.now();
  const raceDayRows = await download({ schoolId: null, eventId: event!.id, allSchools: true });
  const raceDayMs = ms(t0);
  console.log(
    `change feed: first download of a school scope     ${fmt(schoolMs)} ms for ${schoolRows} rows (${fmt(schoolRows / (schoolMs / 1000))} rows/s)`,
  );
  console.log(
    `change feed: first download of race-day scope     ${fmt(raceDayMs)} ms for ${raceDayRows} rows (${fmt(raceDayRows / (raceDayMs / 1000))} rows/s)`,
  );
  console.log(
    `  ratio race-day / school scope (time per row)    ${fmt(raceDayMs / raceDayRows / (schoolMs / schoolRows))}`,
  );
  await timeIt('change feed: empty incremental pull (up to date)', 50, () =>
    readChanges(db, { schoolId: school!.id, eventId: event!.id }, Number.MAX_SAFE_INTEGER - 1),
  );

  const config = loadConfig({ DATA_DIR: '.tmp/bench', STATIC_DIR: '.tmp/no-client', LOG_LEVEL: 'silent' });
  const app = await buildApp({
    config,
    db,
    mailer: createMemoryMailer(),
    ...selectIntegrations(config, db),
    now: () => new Date(),
    listen: database.listen,
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin@large.test', password: LARGE_PASSWORDS.admin },
  });
  const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')?.value}`;
  const loginP50 = await timeIt('POST /api/login (argon2id verify)', 10, () =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin@large.test', password: LARGE_PASSWORDS.admin },
    }),
  );
  const eventsP50 = await timeIt('GET /api/events (signed in)', 50, () =>
    app.inject({ method: 'GET', url: '/api/events', headers: { cookie } }),
  );
  await timeIt('GET /api/school/list?EventId= (400 schools)', 30, () =>
    app.inject({ method: 'GET', url: `/api/school/list?EventId=${event!.id}`, headers: { cookie } }),
  );
  console.log(`  ratio login / events                            ${fmt(loginP50 / eventsP50)}`);

  // The race-day feed of officials' tablets, as the server pages it.
  t0 = performance.now();
  let raceRows = 0;
  for (let cursor = 0; ;) {
    const page = await pullRaceDay(db, cursor, 1000);
    raceRows += page.changes.length;
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  const raceMs = ms(t0);
  console.log(
    `race-day feed: first download (server)           ${fmt(raceMs)} ms for ${raceRows} rows (${fmt(raceRows / (raceMs / 1000))} rows/s)`,
  );

  // Spreadsheet import of 5,000 students into one school (the admin's picked school).
  await app.inject({
    method: 'POST',
    url: '/api/session/',
    headers: { cookie },
    payload: { SchoolId: school!.id, EventId: event!.id },
  });
  const athletes = (
    (await db.execute(sql`select snow_id from registry_athletes where active limit 500`)) as unknown as Rows<{
      snow_id: string;
    }>
  ).rows;
  const table = [
    [...IMPORT_COLUMNS],
    ...Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => [
      athletes[i]?.snow_id ?? '',
      `Bench${i}`,
      `Import${i}`,
      i % 2 ? 'Male' : 'Female',
      `${(i % 28) + 1}/${(i % 12) + 1}/2011`,
      String(7 + (i % 6)),
      '',
    ]),
  ];
  const csvFile = Buffer.from(Papa.unparse(table));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  for (const row of table) sheet.addRow(row);
  const xlsxFile = Buffer.from(await workbook.xlsx.writeBuffer());
  const upload = async (body: Buffer) => {
    const t = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/xls-import',
      headers: { cookie, 'content-type': 'application/octet-stream' },
      payload: body,
    });
    if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode} ${res.body}`);
    return { ms: ms(t), answer: res.json() as { valid: number; rows: { values: unknown; problems: string[] }[] } };
  };
  const csvRead = await upload(csvFile);
  const xlsxRead = await upload(xlsxFile);
  console.log(
    `import: read a ${MAX_IMPORT_ROWS.toLocaleString('en-AU')}-row CSV (${fmt(csvFile.length / 1024)} kB)          ${fmt(csvRead.ms / 1000)} s (${csvRead.answer.valid} valid)`,
  );
  console.log(
    `import: read a ${MAX_IMPORT_ROWS.toLocaleString('en-AU')}-row .xlsx (${fmt(xlsxFile.length / 1024)} kB)        ${fmt(xlsxRead.ms / 1000)} s (${xlsxRead.answer.valid} valid)`,
  );
  const rows = xlsxRead.answer.rows.filter((r) => r.problems.length === 0).map((r) => r.values);
  for (const label of ['import: write them (all new)', 'import: write them again (all found)']) {
    const t = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/xls-import/confirm',
      headers: { cookie },
      payload: { rows },
    });
    console.log(`${label.padEnd(48)} ${fmt(ms(t) / 1000)} s ${res.body}`);
  }
  await app.close();
  await database.close();

  await benchWaits();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
