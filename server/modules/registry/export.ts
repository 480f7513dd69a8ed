// GET /api/snowracer-export (docs/registry.md 'Export'): the file the registry takes, one row per
// participant entered in the event with the disciplines they race. It carries dates of birth (the
// registry identifies athletes by them), so it is the admin's only: never a public export.
// Written by the same CSV function as the timing files (BOM, RFC 4180 quoting, formula cells
// defused), so every export of ours opens alike in a spreadsheet.
import { asc, eq } from 'drizzle-orm';
import { timingCsv } from '../../../src/domain/rules/timing-file';
import { REGISTRY_EXPORT_COLUMNS } from '../../../src/domain/schemas/api/registry';
import type { Db } from '../../db/client';
import { disciplines, participants, schools, teamEntries } from '../../db/schema';

/** Between discipline names in the one disciplines cell. */
const DISCIPLINE_SEPARATOR = '; ';

type Row = { participantId: string; cells: string[]; disciplines: string[] };

export async function registryExportCsv(db: Db, eventId: string): Promise<string> {
  const entries = await db
    .select({
      participantId: participants.id,
      snowId: participants.snowId,
      firstname: participants.firstname,
      lastname: participants.lastname,
      gender: participants.gender,
      dob: participants.dob,
      school: schools.name,
      discipline: disciplines.name,
    })
    .from(teamEntries)
    .innerJoin(participants, eq(participants.id, teamEntries.participantId))
    .innerJoin(schools, eq(schools.id, participants.schoolId))
    .innerJoin(disciplines, eq(disciplines.id, teamEntries.disciplineId))
    .where(eq(teamEntries.eventId, eventId))
    .orderBy(
      asc(schools.name),
      asc(participants.lastname),
      asc(participants.firstname),
      asc(participants.id),
      asc(teamEntries.disciplineId),
    );

  const rows = new Map<string, Row>();
  for (const e of entries) {
    let row = rows.get(e.participantId);
    if (!row) {
      row = {
        participantId: e.participantId,
        cells: [e.snowId ?? '', e.firstname, e.lastname, e.gender, e.dob ?? '', e.school],
        disciplines: [],
      };
      rows.set(e.participantId, row);
    }
    if (!row.disciplines.includes(e.discipline)) row.disciplines.push(e.discipline);
  }
  return timingCsv([
    [...REGISTRY_EXPORT_COLUMNS],
    ...[...rows.values()].map((r) => [...r.cells, r.disciplines.join(DISCIPLINE_SEPARATOR)]),
  ]);
}

/** 'Victorian Interschools 2026' -> 'snowracer-victorian-interschools-2026.csv'. */
export function registryExportFileName(eventName: string): string {
  const slug = eventName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `snowracer${slug ? `-${slug}` : ''}.csv`;
}
