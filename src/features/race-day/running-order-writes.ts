// An admin's running order of an event, saved as a setting of the event (event-setting-writes.ts):
// every race-day screen of every device follows it.
import type { InterschoolsDb, RaceEventMirrorRow } from '../../db/database';
import type { RunningOrderEntry } from '../../domain/rules/running-order';
import { runningOrderApi } from '../../domain/schemas/api/running-order';
import { defineWrite } from '../../sync/write-adapter';
import { queueEventSetting } from './event-setting-writes';

const RUNNING_ORDER_SAVE = defineWrite({
  table: 'raceEvents',
  op: 'update',
  route: runningOrderApi.save,
  body: { kind: 'row' },
});

export async function saveRunningOrder(
  db: InterschoolsDb,
  event: RaceEventMirrorRow,
  runningOrder: readonly RunningOrderEntry[],
  username: string | null,
): Promise<void> {
  await queueEventSetting(db, RUNNING_ORDER_SAVE, event, 'runningOrder', [...runningOrder], username);
}
