// Results benchmark on the large data set (prints figures, never fails on time), in an in-memory
// PGlite: the event shown for start lists, every race's racers given bibs, then
// 1. importing the results file of its largest race (topped up to 200 racers when smaller) as the
//    API does it: the file read within the upload limits (in the reading worker), the rows matched
//    to the racers, and the results written and published in one transaction (target: under 1 s);
// 2. recomputing the event's race standings and school pointscores from its rows, as every device
//    does on the pointscores screen (target: under 1 s; p95 of a reading under 200 ms).
// `npx tsx tests/bench/results.ts`.
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { teamEntries, teams } from '../../server/db/schema';
import { generateLargeDataset } from '../../server/db/seed/large';
import { readRaceResults, writeRaceResults } from '../../server/modules/results/import';
import { loadRaceDayRows } from '../../server/modules/race-day/rows';
import { readSpreadsheetTable } from '../../server/modules/spreadsheet-import/read-file';
import { DEFAULT_DISCIPLINE_MEASURES, DEFAULT_POINTSCORE_SETTINGS } from '../../src/domain/constants/results';
import { eventPointscores, eventRaceStandings } from '../../src/domain/rules/event-results';
import { racesOfTeams, type SequencedRace } from '../../src/domain/rules/race-sequence';
import { raceRacers, type ResultRecord } from '../../src/domain/rules/recorded-results';
import { formatTime } from '../../src/domain/rules/result-times';
import { startlistEvent, topUpRace } from './race-of-size';

const fmt = (n: number) => n.toLocaleString('en-AU', { maximumFractionDigits: 1 });
const TARGET_RACERS = 200;

function summary(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  console.log(
    `${label.padEnd(56)} p50 ${fmt(at(0.5))} ms   p95 ${fmt(at(0.95))} ms   max ${fmt(at(1))} ms   (${times.length} runs)`,
  );
}

async function main() {
  const database = await openDatabase({});
  await database.migrate();
  await generateLargeDataset(database.db, {});
  const db = database.db;
  const event = await startlistEvent(db);

  // The largest race topped up to 200 racers, then every racer of the event given a bib, numbered
  // per discipline in race order, as bib generation would.
  const raceTeams = await db.select().from(teams).where(eq(teams.eventId, event.id));
  const races = racesOfTeams(raceTeams.map((t) => ({ ...t, DisciplineId: t.disciplineId })));
  let rows = await loadRaceDayRows(db, event.id);
  const size = (r: SequencedRace) => raceRacers({ EventId: event.id, ...r }, rows).length;
  const largest = [...races].sort((a, b) => size(b) - size(a))[0]!;
  const race = { EventId: event.id, ...largest };
  await topUpRace(db, event, largest, TARGET_RACERS);
  rows = await loadRaceDayRows(db, event.id);
  const next = new Map<number, number>();
  await db.transaction(async (tx) => {
    await tx.update(teamEntries).set({ bib: null }).where(eq(teamEntries.eventId, event.id));
    for (const r of races)
      for (const racer of raceRacers({ EventId: event.id, ...r }, rows)) {
        const bib = (next.get(r.DisciplineId) ?? 0) + 1;
        next.set(r.DisciplineId, bib);
        await tx.update(teamEntries).set({ bib }).where(eq(teamEntries.id, racer.teamEntryId));
      }
  });
  rows = await loadRaceDayRows(db, event.id);
  const racers = raceRacers(race, rows);
  const file = [
    'Bib,Run 1,Run 2,Status',
    ...racers.map((r, i) =>
      i % 25 === 7
        ? `${r.bib},,,DNS`
        : `${r.bib},${formatTime(5500 + ((i * 37) % 1500))},${formatTime(5600 + ((i * 53) % 1500))},`,
    ),
  ].join('\r\n');
  const query = { ...race, gender: race.gender as 'Male' | 'Female' | 'Co-ed' };
  console.log(`event ${event.name}: ${races.length} races; the import's race has ${racers.length} racers`);

  const importTimes: number[] = [];
  for (let run = 0; run < 10; run += 1) {
    const t0 = performance.now();
    const table = await readSpreadsheetTable(Buffer.from(file));
    const read = await readRaceResults(db, query, table);
    await db.transaction((tx) => writeRaceResults(tx, query, read, 'bench'));
    importTimes.push(performance.now() - t0);
  }
  summary(`import a ${racers.length}-racer race's file (read, match, write, publish)`, importTimes);

  // Every race of the event with results, as devices hold them.
  const records: ResultRecord[] = [];
  races.forEach((r, n) =>
    raceRacers({ EventId: event.id, ...r }, rows).forEach((racer, i) =>
      records.push({
        teamEntryId: racer.teamEntryId,
        run1: 5500 + ((i * 41 + n) % 1800),
        run2: i % 19 === 3 ? null : 5600 + ((i * 29 + n) % 1800),
        score: 5000 + ((i * 13 + n) % 4000),
        status: i % 19 === 3 ? 'DNF' : null,
      }),
    ),
  );
  const computeTimes: number[] = [];
  let tables = 0;
  for (let run = 0; run < 30; run += 1) {
    const t0 = performance.now();
    const standings = eventRaceStandings(event.id, races, rows, records, DEFAULT_DISCIPLINE_MEASURES);
    tables = eventPointscores(standings, DEFAULT_POINTSCORE_SETTINGS).length;
    computeTimes.push(performance.now() - t0);
  }
  summary(`an event's standings and ${tables} pointscores (${records.length} results)`, computeTimes);
  await database.close();
}

await main();
