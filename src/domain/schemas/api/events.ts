// Reference data, events and ticketing (spec section 7).
import { ADMINS, SCHOOL_EDITORS } from '../../constants/access';
import { z } from 'zod';
import { MAX_EVENTS_PER_SAVE } from '../../constants/limits';
import { RACE_DAYS_OUT_OF_ORDER, raceDaysInOrder } from '../../rules/event-calendar';
import { eventParamsSchema, queryBool, queryInt } from '../common';
import {
  disciplineSchema,
  eventDisciplineSchema,
  eventLevelSchema,
  eventSchema,
  eventSummarySchema,
  eventUpdateSchema,
  eventWriteSchema,
  stateSchema,
} from '../entities/event';
import { ticketingSchema, ticketingWriteSchema } from '../entities/ticketing';
import { defineRoute } from '../route';

/** ?active=true, or ?stateId=&level=; showFor* pick the events chosen on /rev. */
const eventsQuerySchema = z.object({
  active: queryBool.optional(),
  stateId: queryInt.optional(),
  level: eventLevelSchema.optional(),
  showForResults: queryBool.optional(),
  showForStartlists: queryBool.optional(),
});

/** A new event: its disciplines may be left out (the new-event defaults apply then); its race
 *  days in order. */
const newEventSchema = eventWriteSchema
  .extend({ disciplines: eventWriteSchema.shape.disciplines.optional() })
  .refine(raceDaysInOrder, { message: RACE_DAYS_OUT_OF_ORDER, path: ['lastRaceDay'] });
export type NewEvent = z.output<typeof newEventSchema>;
const createEventsBodySchema = z.object({ data: z.array(newEventSchema).min(1).max(MAX_EVENTS_PER_SAVE) });

const REV_KEYS: ReadonlySet<string> = new Set(['id', 'version', 'showForResults', 'showForStartlists']);
/** The flags the events chosen for start lists and results (/rev) are saved by. */
export const REV_FLAGS = ['showForResults', 'showForStartlists'] as const;

/** A /rev item: nothing but the id, the two flags and the row version. */
export function isRevItem(item: object): boolean {
  return Object.keys(item).every((k) => REV_KEYS.has(k));
}

/** PUT /api/events has two forms, told apart by shape: the events grid's rows, and /rev's items,
 *  which carry only id, the two flags (both required then) and perhaps the version. No event twice,
 *  race days in order. */
export const updateEventsBodySchema = z
  .object({ data: z.array(eventUpdateSchema).min(1).max(MAX_EVENTS_PER_SAVE) })
  .superRefine((body, ctx) => {
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
export type EventUpdateItem = z.output<typeof updateEventsBodySchema>['data'][number];
const ticketingBodySchema = z.object({ ticketing: ticketingWriteSchema });

export const eventsApi = {
  /** Signed in: whole events. Signed out, only with ?active=true: event summaries (the login form). */
  list: defineRoute({
    method: 'GET',
    url: '/api/events',
    access: 'public',
    querystring: eventsQuerySchema,
    response: z.union([z.array(eventSchema), z.array(eventSummarySchema)]),
  }),
  create: defineRoute({
    method: 'POST',
    url: '/api/events',
    access: ADMINS,
    body: createEventsBodySchema,
    response: z.array(eventSchema),
  }),
  update: defineRoute({
    method: 'PUT',
    url: '/api/events',
    access: ADMINS,
    body: updateEventsBodySchema,
    response: z.array(eventSchema),
  }),
  disciplines: defineRoute({
    method: 'GET',
    url: '/api/disciplines',
    access: 'signed-in',
    response: z.array(disciplineSchema),
  }),
  states: defineRoute({ method: 'GET', url: '/api/states', access: 'public', response: z.array(stateSchema) }),
  get: defineRoute({
    method: 'GET',
    url: '/api/event/:EventId',
    access: 'signed-in',
    params: eventParamsSchema,
    response: eventSchema,
  }),
  eventDisciplines: defineRoute({
    method: 'GET',
    url: '/api/event/:EventId/disciplines',
    access: 'signed-in',
    params: eventParamsSchema,
    response: z.array(eventDisciplineSchema),
  }),
  ticketing: defineRoute({
    method: 'GET',
    url: '/api/ticketing',
    access: SCHOOL_EDITORS,
    response: ticketingSchema,
  }),
  saveTicketing: defineRoute({
    queued: true,
    method: 'POST',
    url: '/api/ticketings',
    access: SCHOOL_EDITORS,
    body: ticketingBodySchema,
    response: ticketingSchema,
  }),
};
