// Report benchmarks on the large data set (400 schools, 8,000 participants, 3,000 teams, 10,000
// entries, five past seasons) in an in-memory PGlite: every report route through the app (auth,
// validation, queries, serialisation), 20 timed runs each after a warm-up, p50 and p95 in ms.
// The large data set has no race results or payments: the bench adds results for every race of
// the current NSW event (ten placings each, naming schools) and a payment for every third school,
// so the awards and costs reports have work to do. Prints figures; never fails on time.
// Run with `npm run bench` (or `npx tsx tests/bench/reports.ts`). Target: p95 under 200 ms.
import { and, desc, eq, sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { events, payments, resultRaces, schools, teams } from '../../server/db/schema';
import { generateLargeDataset, LARGE_PASSWORDS } from '../../server/db/seed/large';
import { createMemoryMailer } from '../../server/integrations/mail';
import { selectIntegrations } from '../../server/integrations/select';
import { API } from '../../src/domain/schemas';
import { fillPath } from '../../src/domain/schemas/route';

const RUNS = 20;
const TARGET_MS = 200;
const fmt = (n: number) => n.toLocaleString('en-AU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

async function main() {
  const database = await openDatabase({});
  await database.migrate();
  const t0 = performance.now();
  const { counts } = await generateLargeDataset(database.db, {});
  console.log(`large data set: ${fmt((performance.now() - t0) / 1000)} s  ${JSON.stringify(counts)}`);
  const db = database.db;

  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.archived, false), eq(events.invoiceType, 'NSW')))
    .orderBy(desc(events.year))
    .limit(1);
  if (!event) throw new Error('no current NSW event in the large data set');
  const pastEvents = (
    await db
      .select({ id: events.id })
      .from(events)
      .where(sql`${events.id} <> ${event.id}`)
  ).map((e) => e.id);
  const schoolRows = await db.select({ id: schools.id, name: schools.name }).from(schools).orderBy(schools.name);
  const races = await db
    .selectDistinct({ disciplineId: teams.disciplineId, division: teams.division, gender: teams.gender })
    .from(teams)
    .where(eq(teams.eventId, event.id));
  await db.insert(resultRaces).values(
    races.map((r, i) => ({
      eventId: event.id,
      disciplineId: r.disciplineId,
      division: r.division,
      gender: r.gender,
      teamIndividual: 'Team',
      placings: Array.from({ length: 10 }, (_, k) => ({
        place: k + 1,
        name: schoolRows[(i * 7 + k * 13) % schoolRows.length]!.name,
      })),
    })),
  );
  await db.insert(payments).values(
    schoolRows
      .filter((_, i) => i % 3 === 0)
      .map((s, i) => ({
        schoolId: s.id,
        eventId: event.id,
        amountCents: 5_000 + i * 100,
        status: 'received',
        method: 'bpay',
      })),
  );
  console.log(`added ${races.length} race results and ${Math.ceil(schoolRows.length / 3)} payments to ${event.name}`);

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
    payload: { username: 'admin@large.test', password: LARGE_PASSWORDS.admin, EventId: event.id },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')?.value}`;

  const results: { name: string; p50: number; p95: number; rows: number }[] = [];
  for (const [name, route] of Object.entries(API.reports)) {
    const url = fillPath(route.url, { EventId: event.id, stateId: 3 });
    const call = () =>
      app.inject({
        method: route.method,
        url: route.method === 'GET' && !route.url.includes(':') ? `${url}?EventId=${event.id}` : url,
        headers: { cookie },
        ...(route.method === 'POST' ? { payload: { events: pastEvents } } : {}),
      });
    const warm = await call();
    if (warm.statusCode !== 200) throw new Error(`${name}: ${warm.statusCode} ${warm.body.slice(0, 300)}`);
    const body = warm.json() as unknown;
    const rows = Array.isArray(body)
      ? body.length
      : Object.values(body as object).reduce((a: number, v) => a + (Array.isArray(v) ? v.length : 1), 0);
    await call();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await call();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    results.push({
      name: `${route.method} ${route.url}`,
      p50: times[Math.floor(RUNS / 2)]!,
      p95: times[Math.ceil(RUNS * 0.95) - 1]!,
      rows,
    });
  }
  console.log(`\nreports on the large data set (${RUNS} runs each after a warm-up; target p95 < ${TARGET_MS} ms)`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(58)} p50 ${fmt(r.p50).padStart(7)} ms   p95 ${fmt(r.p95).padStart(7)} ms   ${String(r.rows).padStart(5)} rows${r.p95 >= TARGET_MS ? '   OVER TARGET' : ''}`,
    );
  }
  const over = results.filter((r) => r.p95 >= TARGET_MS);
  console.log(
    over.length
      ? `${over.length} report(s) over the ${TARGET_MS} ms target`
      : `every report under ${TARGET_MS} ms at p95`,
  );
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
