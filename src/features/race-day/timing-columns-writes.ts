// An admin's columns of a timing file: into the event's race-day row on this device and one outbox
// item holding PUT /api/timing-file/columns, in one Dexie transaction, so the files use them at
// once, with or without a network, and every other tablet gets them once this one is online.
// The body carries every system's columns as this device holds them (null: the standard ones), so
// the row the device shows while the save waits is the row the server will hold.
import type { InterschoolsDb, RaceEventMirrorRow } from '../../db/database';
import type { FileSystem } from '../../domain/constants/race-day';
import { FILE_SYSTEM_SLUGS, type TimingColumn, type TimingLayouts } from '../../domain/constants/timing-files';
import { tidyTimingColumns } from '../../domain/rules/timing-columns';
import { timingFilesApi } from '../../domain/schemas/api/timing-files';
import { defineWrite, queueThrough } from '../../sync/write-adapter';

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
  await queueThrough(db, TIMING_COLUMNS_SAVE, {
    body: { id: event.id, timingColumns },
    rowId: event.id,
    eventId: event.id,
    userId: username,
    base: event,
    // Whole columns go each time: a refused earlier save is replaced, not left to hold this back.
    replacesRefused: true,
    applyLocally: async (tx) => {
      const current = (await tx.raceEvents.get(event.id)) ?? event;
      await tx.raceEvents.put({ ...current, timingColumns, _pending: true });
    },
  });
}
