// An admin's running order of an event: into the event's race-day row on this device and one
// outbox item holding PUT /api/running-order, in one Dexie transaction, so every race-day screen on
// this device follows it at once, with or without a network, and every other device once this one
// is online. The whole order goes each time: the last save wins, as with any setting.
import type { InterschoolsDb, RaceEventMirrorRow } from '../../db/database';
import type { RunningOrderEntry } from '../../domain/rules/running-order';
import { runningOrderApi } from '../../domain/schemas/api/running-order';
import { defineWrite, queueThrough } from '../../sync/write-adapter';

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
  const order = [...runningOrder];
  await queueThrough(db, RUNNING_ORDER_SAVE, {
    body: { id: event.id, runningOrder: order },
    rowId: event.id,
    eventId: event.id,
    userId: username,
    base: event,
    replacesRefused: true,
    applyLocally: async (tx) => {
      const current = (await tx.raceEvents.get(event.id)) ?? event;
      await tx.raceEvents.put({ ...current, runningOrder: order, _pending: true });
    },
  });
}
