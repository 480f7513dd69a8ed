// Events: lists and single events for every signed-in user; creating and updating them is the
// admin's (the events grid and /rev). Writes go through runWrite (exactly once).
// The list's and the writes' schemas are spelled out: the list answers 401 as well, and the writes
// take bodies of their own.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_BATCH_BODY_BYTES } from '../../../src/domain/constants/limits';
import { API, errorBodySchema, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { unauthenticated } from '../../http-errors';
import { runWrite } from '../../plugins/idempotency';
import { eventsWithFees, reconcileAfterWrite } from '../money';
import { getEvent, getEventDisciplines, listEvents } from './queries';
import { createEvents, updateEvents } from './service';

export const eventRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, accounting, now }) => {
  app.get(
    API.events.list.url,
    {
      // Public only for the login form's choice of event (docs/decisions.md 'Signing in'): signed
      // out, ?active=true answers summaries; anything else needs a session.
      // eslint-disable-next-line no-restricted-syntax -- answers 401 as well, to a signed-out list of more than the active events
      schema: {
        querystring: API.events.list.querystring,
        response: { 200: API.events.list.response, 401: errorBodySchema },
      },
    },
    async (request) => {
      if (request.session) return listEvents(db, request.query);
      if (request.query.active !== true || Object.keys(request.query).length > 1) throw unauthenticated();
      return (await listEvents(db, { active: true })).map(
        ({ id, name, year, level, invoiceType, entriesCloseAt, states }) => ({
          id,
          name,
          year,
          level,
          invoiceType,
          entriesCloseAt,
          states,
        }),
      );
    },
  );

  app.post(
    API.events.create.url,
    {
      // The events grid saves its rows (each with its disciplines) in one call.
      bodyLimit: MAX_BATCH_BODY_BYTES,
      schema: routeSchema(API.events.create),
    },
    async (request, reply) => runWrite(db, request, reply, (tx) => createEvents(tx, request.body.data)),
  );

  app.put(
    API.events.update.url,
    {
      bodyLimit: MAX_BATCH_BODY_BYTES,
      onSend: reconcileAfterWrite({ db, accounting, now }, eventsWithFees),
      schema: routeSchema(API.events.update),
    },
    async (request, reply) => runWrite(db, request, reply, (tx) => updateEvents(tx, request.body.data)),
  );

  app.get(
    API.events.get.url,
    {
      schema: routeSchema(API.events.get),
    },
    async (request) => getEvent(db, request.params.EventId),
  );

  app.get(
    API.events.eventDisciplines.url,
    {
      schema: routeSchema(API.events.eventDisciplines),
    },
    async (request) => getEventDisciplines(db, request.params.EventId),
  );
};
