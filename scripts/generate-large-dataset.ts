// Builds the large benchmark data set (server/db/seed/large.ts) into a database and prints the
// counts and timings.
//   npx tsx scripts/generate-large-dataset.ts [DATA_DIR] [--fresh] [--schools=N --participants=N
//     --teams=N --team-entries=N --past-seasons=N --season=YYYY]
// DATA_DIR (default .tmp/large) holds an embedded PGlite database in DATA_DIR/pglite, the layout
// the server uses, so `DATA_DIR=.tmp/large npm run serve` opens it. With DATABASE_URL set, the
// PostgreSQL database it names is used instead. --fresh deletes DATA_DIR/pglite first.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../server/db/client';
import { generateLargeDataset, LARGE_PASSWORDS, type LargeDatasetOptions } from '../server/db/seed/large';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : undefined;
};
const dataDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? '.tmp/large');
const databaseUrl = process.env.DATABASE_URL;
const pgliteDir = path.join(dataDir, 'pglite');
if (!databaseUrl && args.includes('--fresh')) await rm(pgliteDir, { recursive: true, force: true });
if (!databaseUrl) await mkdir(dataDir, { recursive: true });

const opts: LargeDatasetOptions = {
  schools: flag('schools'),
  participants: flag('participants'),
  teams: flag('teams'),
  teamEntries: flag('team-entries'),
  pastSeasons: flag('past-seasons'),
  season: flag('season'),
  log: (line) => console.log(`  ${line}`),
};

const started = performance.now();
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: pgliteDir });
try {
  console.log(`Database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : pgliteDir}`);
  const migrateStarted = performance.now();
  await database.migrate();
  console.log(`  migrate: ${Math.round(performance.now() - migrateStarted)} ms`);
  const { counts } = await generateLargeDataset(database.db, opts);
  console.log('Rows:');
  for (const [name, n] of Object.entries(counts)) console.log(`  ${name.padEnd(14)} ${n.toLocaleString('en-AU')}`);
  console.log(
    `Logins: admin@large.test / ${LARGE_PASSWORDS.admin}; coordinator@schoolN.large.test / ${LARGE_PASSWORDS.school}`,
  );
} finally {
  await database.close();
}
console.log(`Total: ${((performance.now() - started) / 1000).toFixed(1)} s`);
