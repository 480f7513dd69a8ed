// Timing files on the server (docs/timing-files.md): a system's file for the races asked, with the
// event's own columns for that system or the system's standard ones, in the system's start order,
// as CSV or a workbook: the same table a tablet builds offline (src/domain/rules/timing-file.ts).
// And an admin's columns of a system for an event, kept on the event (its timing_columns).
import { eq } from 'drizzle-orm';
import { FILE_SYSTEM_SLUGS, type TimingLayouts } from '../../../src/domain/constants/timing-files';
import type { FileSystem } from '../../../src/domain/constants/race-day';
import { fileSystemFromSlug } from '../../../src/domain/rules/file-system';
import { tidyTimingColumns, timingColumnsFor } from '../../../src/domain/rules/timing-columns';
import { timingCsv, timingFileName, timingRows } from '../../../src/domain/rules/timing-file';
import type { RaceEventRow } from '../../../src/domain/schemas/api/race-day-feed';
import type { ParsedBody, ParsedQuery } from '../../../src/domain/schemas/route';
import type { timingFilesApi } from '../../../src/domain/schemas/api/timing-files';
import type { Db, Tx } from '../../db/client';
import { disciplines, events } from '../../db/schema';
import { notFound } from '../../http-errors';
import { saveEventSetting } from './race-events';
import { loadRaceDayRows } from './rows';
import { timingWorkbook } from './timing-workbook';

type FileQuery = ParsedQuery<typeof timingFilesApi.file>;
type ColumnsBody = ParsedBody<typeof timingFilesApi.saveColumns>;

export interface TimingFileAnswer {
  body: string | Buffer;
  contentType: string;
  fileName: string;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The sheet's name in the workbook, as the screen names the system. */
const systemName = (system: FileSystem) => (system === 'Live heats' ? system : `${system} system`);

/** The file of `query.system` for an event the caller may read (raceEvent checked that). */
export async function timingFile(db: Db, eventId: string, query: FileQuery): Promise<TimingFileAnswer> {
  const system = fileSystemFromSlug(query.system);
  const [[event], [discipline]] = await Promise.all([
    db.select({ timingColumns: events.timingColumns }).from(events).where(eq(events.id, eventId)),
    db.select({ name: disciplines.name }).from(disciplines).where(eq(disciplines.id, query.DisciplineId)),
  ]);
  if (!event) throw notFound('Event not found');
  const disciplineName = discipline?.name ?? '';
  const rows = await loadRaceDayRows(db, eventId, {
    DisciplineId: query.DisciplineId,
    divisions: query.divisions,
    gender: query.gender,
  });
  const table = timingRows(
    rows,
    { EventId: eventId, DisciplineId: query.DisciplineId, divisions: query.divisions, gender: query.gender },
    {
      system,
      columns: timingColumnsFor(system, event.timingColumns),
      disciplineName: () => disciplineName,
    },
  );
  const fileName = timingFileName(system, disciplineName, query.divisions, query.gender, query.format);
  return query.format === 'xlsx'
    ? { body: await timingWorkbook(table, systemName(system)), contentType: XLSX_TYPE, fileName }
    : { body: timingCsv(table), contentType: 'text/csv; charset=utf-8', fileName };
}

/** Sets the systems' columns the body names (null: back to the standard ones), keeps the others,
 *  in the write's transaction. Answers the event's race-day row, or none when its start lists are
 *  not shown (race officials' tablets hold only those). The last save wins: these are settings. */
export function saveTimingColumns(tx: Tx, body: ColumnsBody): Promise<RaceEventRow[]> {
  return saveEventSetting(tx, body.id, (event) => {
    const next: TimingLayouts = { ...(event.timingColumns ?? {}) };
    for (const system of Object.keys(FILE_SYSTEM_SLUGS) as FileSystem[]) {
      const columns = body.timingColumns[system];
      if (columns === undefined) continue;
      if (columns === null) delete next[system];
      else next[system] = tidyTimingColumns(columns);
    }
    return { timingColumns: Object.keys(next).length ? next : null };
  });
}
