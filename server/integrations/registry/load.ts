// Fills the built-in athlete registry (table registry_athletes) from athletes.csv, a file of
// fictional athletes kept beside this module, the first time the server starts on a database
// whose registry is empty. Columns: snowId,firstname,lastname,gender,dob (YYYY-MM-DD),active (1/0),
// and optionally waiverCompleted (1/0; absent or empty: not signed).
import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registryAthletes } from '../../db/schema';
import type { Athlete } from './index';

const ATHLETES_CSV = fileURLToPath(new URL('./athletes.csv', import.meta.url));
const COLUMNS = ['snowId', 'firstname', 'lastname', 'gender', 'dob', 'active'] as const;
const OPTIONAL_COLUMN = 'waiverCompleted';
const BATCH = 500;

/** Reads the athletes file; every cell is kept as text (no number or date guessing). */
export async function readAthletesCsv(file = ATHLETES_CSV): Promise<Athlete[]> {
  // exceljs and what it brings (some 450 modules) load only when the file is read: a first start.
  const { default: ExcelJS } = await import('exceljs');
  const sheet = await new ExcelJS.Workbook().csv.read(createReadStream(file), {
    map: (value: unknown) => (value == null ? '' : String(value).trim()),
  });
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))));
  });
  const [header, ...data] = rows;
  if (
    !header ||
    COLUMNS.some((name, i) => header[i] !== name) ||
    header.slice(COLUMNS.length).some((h, i) => i > 0 || h !== OPTIONAL_COLUMN)
  ) {
    throw new Error(`${file}: the header must be ${COLUMNS.join(',')}[,${OPTIONAL_COLUMN}]`);
  }
  return data
    .filter((cells) => cells[0])
    .map(([snowId, firstname, lastname, gender, dob, active, waiverCompleted]) => ({
      snowId: snowId!,
      firstname: firstname ?? '',
      lastname: lastname ?? '',
      gender: gender ?? '',
      dob: dob || null,
      active: active !== '0',
      waiverCompleted: waiverCompleted === '1',
    }));
}

/** Loads the file when the registry table is empty; answers how many athletes were loaded. */
export async function loadRegistry(db: Db, file = ATHLETES_CSV): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(registryAthletes);
  if ((existing?.n ?? 0) > 0) return 0;
  const athletes = await readAthletesCsv(file);
  await db.transaction(async (tx) => {
    for (let i = 0; i < athletes.length; i += BATCH) {
      await tx
        .insert(registryAthletes)
        .values(athletes.slice(i, i + BATCH))
        .onConflictDoNothing();
    }
  });
  return athletes.length;
}
