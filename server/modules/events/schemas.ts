// Request schemas of the events calls that the domain contract does not cover as the server needs:
// - POST may leave out the discipline list (the new-event defaults apply then);
// - PUT has two forms, told apart by shape: /rev items carry only id, showForResults and
//   showForStartlists (and perhaps version), and then both flags are required.
import { z } from 'zod';
import { MAX_EVENTS_PER_SAVE } from '../../../src/domain/constants/limits';
import { RACE_DAYS_OUT_OF_ORDER, raceDaysInOrder } from '../../../src/domain/rules/event-calendar';
import { eventWriteSchema, updateEventsBodySchema } from '../../../src/domain/schemas';

const newEventSchema = eventWriteSchema
  .extend({ disciplines: eventWriteSchema.shape.disciplines.optional() })
  .refine(raceDaysInOrder, { message: RACE_DAYS_OUT_OF_ORDER, path: ['lastRaceDay'] });
export type NewEvent = z.output<typeof newEventSchema>;
export const createEventsBody = z.object({ data: z.array(newEventSchema).min(1).max(MAX_EVENTS_PER_SAVE) });

const REV_KEYS: ReadonlySet<string> = new Set(['id', 'version', 'showForResults', 'showForStartlists']);
export const REV_FLAGS = ['showForResults', 'showForStartlists'] as const;

/** A /rev item: nothing but the id, the two flags and the row version. */
export function isRevItem(item: object): boolean {
  return Object.keys(item).every((k) => REV_KEYS.has(k));
}

export const updateEventsBody = updateEventsBodySchema.superRefine((body, ctx) => {
  const seen = new Set<string>();
  body.data.forEach((item, i) => {
    if (seen.has(item.id))
      ctx.addIssue({ code: 'custom', path: ['data', i, 'id'], message: 'The same event appears twice' });
    seen.add(item.id);
    if (!raceDaysInOrder(item))
      ctx.addIssue({ code: 'custom', path: ['data', i, 'lastRaceDay'], message: RACE_DAYS_OUT_OF_ORDER });
    if (!isRevItem(item)) return;
    for (const flag of REV_FLAGS) {
      if (item[flag] === undefined) ctx.addIssue({ code: 'custom', path: ['data', i, flag], message: 'Required' });
    }
  });
});
export type EventUpdateItem = z.output<typeof updateEventsBody>['data'][number];
