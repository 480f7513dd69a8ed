// GET /api/ticketing and POST /api/ticketings: the tickets of the session's school for the
// session's event. The scope comes from the session only (the write schema drops a SchoolId sent
// in the body), so a school never touches another school's row. Auditor and racedept: no access.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { requireSession, sessionSchoolAndEvent } from '../../plugins/authz';
import { runWrite } from '../../plugins/idempotency';
import { getTicketing, saveTicketing } from './service';

export const ticketingRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  const { ticketing, saveTicketing: save } = API.events;

  app.get(
    ticketing.url,
    {
      schema: routeSchema(ticketing),
    },
    async (request) => getTicketing(db, sessionSchoolAndEvent(request)),
  );

  app.post(
    save.url,
    {
      schema: routeSchema(save),
    },
    async (request, reply) => {
      const scope = sessionSchoolAndEvent(request);
      const session = requireSession(request);
      return runWrite(db, request, reply, (tx) => saveTicketing(tx, session, scope, request.body.ticketing));
    },
  );
};
