// The day's running order of an event (docs/decisions.md, 'The running order'): each race's day,
// place in that day and planned start, kept with the event as race day reads it (its race-day row)
// and saved by an admin through the outbox like any edit.
import { ADMINS } from '../../constants/access';
import { z } from 'zod';
import { runningOrderProblems } from '../../rules/running-order';
import { MAX_RACES_OF_EVENT } from '../../constants/limits';
import { idSchema } from '../common';
import { defineRoute } from '../route';
import { raceEventRowSchema, runningOrderEntrySchema } from './race-day-feed';

/** PUT /api/running-order: the event (its id, as its race-day row is keyed) and its whole order. */
export const runningOrderBodySchema = z.object({
  id: idSchema,
  runningOrder: z
    .array(runningOrderEntrySchema)
    .max(MAX_RACES_OF_EVENT)
    .superRefine((order, ctx) => {
      for (const problem of runningOrderProblems(order))
        ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.index] });
    }),
});

export const runningOrderApi = {
  /** Answers the event's race-day row with its order (none when its start lists are not shown). */
  save: defineRoute({
    queued: true,
    method: 'PUT',
    url: '/api/running-order',
    access: ADMINS,
    body: runningOrderBodySchema,
    response: z.array(raceEventRowSchema),
  }),
};
