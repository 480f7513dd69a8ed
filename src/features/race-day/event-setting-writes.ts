// An admin's setting of an event that race day reads with the event (its timing files' columns,
// its running order, its results rules): into the event's race-day row on this device and one
// outbox item holding the setting's save, in one Dexie transaction, so every race-day screen on
// this device follows it at once, with or without a network, and every other device once this one
// is online. The whole setting goes each time: the last save wins, as with any setting, and a
// refused earlier save is replaced rather than left to hold this one back.
import type { InterschoolsDb, RaceEventMirrorRow } from '../../db/database';
import type { AdapterWriteInput, WriteAdapter, WriteRoute } from '../../sync/write-adapter';
import { queueThrough } from '../../sync/write-adapter';

type Setting = 'timingColumns' | 'runningOrder' | 'resultsRules';

export async function queueEventSetting<R extends WriteRoute, K extends Setting>(
  db: InterschoolsDb,
  save: WriteAdapter<R>,
  event: RaceEventMirrorRow,
  setting: K,
  value: NonNullable<RaceEventMirrorRow[K]>,
  username: string | null,
): Promise<void> {
  const input = {
    body: { id: event.id, [setting]: value },
    rowId: event.id,
    eventId: event.id,
    userId: username,
    base: event,
    refused: 'replace',
    applyLocally: async (tx: InterschoolsDb) => {
      const current = (await tx.raceEvents.get(event.id)) ?? event;
      await tx.raceEvents.put({ ...current, [setting]: value, _pending: true });
    },
  };
  // The body is the setting's route's: the event's id and the setting (checked by each caller's route).
  await queueThrough(db, save, input as unknown as AdapterWriteInput<R>);
}
