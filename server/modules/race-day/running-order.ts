// The day's running order of an event (docs/decisions.md, 'The running order'), kept with the
// event as race day reads it. Saved whole by an admin (PUT /api/running-order, through the
// outbox), in the write's transaction; answers the event's race-day row, or none when its start
// lists are not shown (race officials' tablets hold only those). The last save wins: a setting.
import type { z } from 'zod';
import type { runningOrderBodySchema } from '../../../src/domain/schemas/api/running-order';
import type { RaceEventRow } from '../../../src/domain/schemas/api/race-day-feed';
import type { Tx } from '../../db/client';
import { saveEventSetting } from './race-events';

type Body = z.output<typeof runningOrderBodySchema>;

export function saveRunningOrder(tx: Tx, body: Body): Promise<RaceEventRow[]> {
  return saveEventSetting(tx, body.id, () => ({ runningOrder: body.runningOrder.length ? body.runningOrder : null }));
}
