// The day's running order of an event (docs/decisions.md, 'The running order'), kept with the
// event as race day reads it. Saved whole by an admin (PUT /api/running-order, through the
// outbox), in the write's transaction; answers the event's race-day row, or none when its start
// lists are not shown (race officials' tablets hold only those). The last save wins: a setting.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { runningOrderBodySchema } from '../../../src/domain/schemas/api/running-order';
import type { RaceEventRow } from '../../../src/domain/schemas/api/race-day-feed';
import type { Tx } from '../../db/client';
import { events } from '../../db/schema';
import { notFound } from '../../http-errors';
import { loadRaceEvents } from './race-events';

type Body = z.output<typeof runningOrderBodySchema>;

export async function saveRunningOrder(tx: Tx, body: Body): Promise<RaceEventRow[]> {
  const [event] = await tx
    .select({ showForStartlists: events.showForStartlists })
    .from(events)
    .where(eq(events.id, body.id))
    .for('update');
  if (!event) throw notFound('Event not found');
  await tx
    .update(events)
    .set({ runningOrder: body.runningOrder.length ? body.runningOrder : null })
    .where(eq(events.id, body.id));
  if (!event.showForStartlists) return [];
  return [...(await loadRaceEvents(tx, [body.id])).values()];
}
