// Reference data, events and ticketing (spec section 7).
import { ADMINS, SCHOOL_EDITORS } from '../../constants/access';
import { z } from 'zod';
import { MAX_EVENTS_PER_SAVE } from '../../constants/limits';
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

const createEventsBodySchema = z.object({ data: z.array(eventWriteSchema).min(1).max(MAX_EVENTS_PER_SAVE) });
export const updateEventsBodySchema = z.object({ data: z.array(eventUpdateSchema).min(1).max(MAX_EVENTS_PER_SAVE) });
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
