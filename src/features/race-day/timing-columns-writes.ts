// An admin's columns of a timing file, saved as a setting of the event (event-setting-writes.ts):
// the files of every tablet use them. The body carries every system's columns as this device holds them (null: the standard ones), so
// the row the device shows while the save waits is the row the server will hold.
import type { InterschoolsDb, RaceEventMirrorRow } from '../../db/database';
import type { FileSystem } from '../../domain/constants/race-day';
import { FILE_SYSTEM_SLUGS, type TimingColumn, type TimingLayouts } from '../../domain/constants/timing-files';
import { tidyTimingColumns } from '../../domain/rules/timing-columns';
import { timingFilesApi } from '../../domain/schemas/api/timing-files';
import { defineWrite } from '../../sync/write-adapter';
import { queueEventSetting } from './event-setting-writes';

/** The body is the event's race-day row: its id and every system's columns. */
const TIMING_COLUMNS_SAVE = defineWrite({
  table: 'raceEvents',
  op: 'update',
  route: timingFilesApi.saveColumns,
  body: { kind: 'row' },
});

/** Every system named: its own columns, or null for the standard ones. */
function allSystems(layouts: TimingLayouts | undefined): Required<TimingLayouts> {
  const systems = Object.keys(FILE_SYSTEM_SLUGS) as FileSystem[];
  return Object.fromEntries(
    systems.map((s) => [s, layouts?.[s]?.length ? layouts[s] : null]),
  ) as Required<TimingLayouts>;
}

/** Saves a system's columns for the event; null puts the system back on its standard columns. */
export async function saveTimingColumns(
  db: InterschoolsDb,
  event: RaceEventMirrorRow,
  system: FileSystem,
  columns: readonly TimingColumn[] | null,
  username: string | null,
): Promise<void> {
  const timingColumns = { ...allSystems(event.timingColumns), [system]: columns ? tidyTimingColumns(columns) : null };
  await queueEventSetting(db, TIMING_COLUMNS_SAVE, event, 'timingColumns', timingColumns, username);
}
