// The spreadsheet import of a school's participants (docs/decisions.md 'Entries and volunteers'):
// read the file into rows with their problems (nothing written), then write the reviewed valid
// rows in one transaction, each found again by snow id (else name and date of birth), so the same
// file imported twice adds nobody. Snow ids are checked against the athlete registry, all at once.
import { eq, sql } from 'drizzle-orm';
import { MAX_IMPORT_ROWS } from '../../../src/domain/constants/limits';
import { MESSAGES } from '../../../src/domain/messages';
import { importKey, type ParsedImportRow } from '../../../src/domain/rules/spreadsheet-import';
import type { ImportRow, XlsImportAnswer } from '../../../src/domain/schemas/api/participants';
import type { Db, Tx } from '../../db/client';
import { participants } from '../../db/schema';
import { HttpError, badRequest, unprocessable } from '../../http-errors';
import { ERROR_CODES } from '../../../src/domain/errors';
import type { Athlete, AthleteRegistry } from '../../integrations/registry';
import { registryUnavailable } from '../participants';
import type { ImportTableRead } from './read-table';
import { FILE_MESSAGES } from './refusals';

export const IMPORT_MESSAGES = {
  tooManyRows: FILE_MESSAGES.tooManyRows,
  missingColumns: (columns: string[]) =>
    `The file has no ${columns.join(', ')} column${columns.length > 1 ? 's' : ''}. Use the template's headings.`,
} as const;

/** Every athlete of these snow ids the registry knows (one call when it can). */
export async function lookupAthletes(
  registry: AthleteRegistry,
  snowIds: readonly string[],
): Promise<Map<string, Athlete>> {
  const unique = [...new Set(snowIds)];
  try {
    if (registry.lookupMany) return await registry.lookupMany(unique);
    const found = await Promise.all(unique.map((id) => registry.lookup(id)));
    return new Map(found.filter((a): a is Athlete => a !== null).map((a) => [a.snowId, a]));
  } catch {
    throw registryUnavailable();
  }
}

type Stored = { id: string; snowId: string | null; firstname: string; lastname: string; dob: string | null };

/** The school's participants by import key (archived ones too: a returning student comes back). */
async function storedByKey(db: Db | Tx, schoolId: string): Promise<Map<string, Stored>> {
  const rows = await db
    .select({
      id: participants.id,
      snowId: participants.snowId,
      firstname: participants.firstname,
      lastname: participants.lastname,
      dob: participants.dob,
    })
    .from(participants)
    .where(eq(participants.schoolId, schoolId));
  const byKey = new Map<string, Stored>();
  for (const row of rows) {
    byKey.set(importKey(row), row);
    // A row without a snow id in the file may be a participant who has one on record.
    if (row.snowId) byKey.set(importKey({ ...row, snowId: null }), row);
  }
  return byKey;
}

/** The file's rows with their problems (read-file.ts), the registry's added. */
export async function parseImport(
  db: Db,
  registry: AthleteRegistry,
  schoolId: string,
  read: ImportTableRead,
): Promise<XlsImportAnswer> {
  if (!read.rows) throw badRequest(IMPORT_MESSAGES.missingColumns(read.missing));
  if (read.rows.length > MAX_IMPORT_ROWS)
    throw new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, IMPORT_MESSAGES.tooManyRows);
  const snowIds = read.rows.flatMap((r) => (r.values.snowId ? [r.values.snowId] : []));
  const [athletes, stored] = await Promise.all([lookupAthletes(registry, snowIds), storedByKey(db, schoolId)]);
  const rows = read.rows.map((r: ParsedImportRow) => {
    const problems = [...r.problems];
    const athlete = r.values.snowId ? athletes.get(r.values.snowId) : undefined;
    if (r.values.snowId && (!athlete || !athlete.active)) problems.push(MESSAGES.snowIdNotFoundOrInactive);
    return { ...r, problems, existing: stored.has(importKey(r.values)) };
  });
  return { rows, total: rows.length, valid: rows.filter((r) => r.problems.length === 0).length };
}

/** Writes the reviewed rows: each found again by its key is updated (and back from the archive),
 *  the others created. Any row the registry refuses, or a person twice, refuses the whole import
 *  naming the row, and nothing is written. */
export async function importParticipants(
  tx: Tx,
  schoolId: string,
  rows: readonly ImportRow[],
  athletes: Map<string, Athlete>,
) {
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const athlete = row.snowId ? athletes.get(row.snowId) : undefined;
    if (row.snowId && (!athlete || !athlete.active)) {
      throw unprocessable(MESSAGES.snowIdNotFoundOrInactive, [
        { path: `rows.${i}.snowId`, message: MESSAGES.snowIdNotFoundOrInactive },
      ]);
    }
    const key = importKey(row);
    if (seen.has(key))
      throw unprocessable(`${row.firstname} ${row.lastname} is in the import twice.`, [
        { path: `rows.${i}`, message: 'Appears twice' },
      ]);
    seen.add(key);
  });
  const stored = await storedByKey(tx, schoolId);
  const updates: { id: string; row: ImportRow }[] = [];
  const fresh: (typeof participants.$inferInsert)[] = [];
  for (const row of rows) {
    const existing = stored.get(importKey(row));
    if (existing) {
      updates.push({ id: existing.id, row });
      continue;
    }
    fresh.push({
      schoolId,
      snowId: row.snowId,
      snowIdActive: 1,
      firstname: row.firstname,
      lastname: row.lastname,
      gender: row.gender,
      yearLevel: row.yearLevel,
      dob: row.dob,
      email: row.email,
      archived: 0,
    });
  }
  // In slices of a few hundred rows: one statement each, within PostgreSQL's parameter limit.
  for (let i = 0; i < fresh.length; i += 500) await tx.insert(participants).values(fresh.slice(i, i + 500));
  for (let i = 0; i < updates.length; i += 500) await updateMany(tx, schoolId, updates.slice(i, i + 500));
  return { created: fresh.length, updated: updates.length };
}

/** One UPDATE for many participants found again (back from the archive too). A participant on
 *  record keeps the snow id it has when the file gives none. */
async function updateMany(tx: Tx, schoolId: string, updates: readonly { id: string; row: ImportRow }[]) {
  const values = sql.join(
    updates.map(
      ({ id, row }) =>
        sql`(${id}::uuid, ${row.snowId}::text, ${row.firstname}::text, ${row.lastname}::text, ${row.gender}::text, ${row.yearLevel}::text, ${row.dob}::date, ${row.email}::text)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${participants} as p set
      firstname = v.firstname, lastname = v.lastname, gender = v.gender, year_level = v.year_level, dob = v.dob, email = v.email,
      archived = 0, snow_id = coalesce(v.snow_id, p.snow_id),
      snow_id_active = case when v.snow_id is null then p.snow_id_active else 1 end
    from (values ${values}) as v(id, snow_id, firstname, lastname, gender, year_level, dob, email)
    where p.id = v.id and p.school_id = ${schoolId}`);
}
