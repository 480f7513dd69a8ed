// Waivers (spec section 7): GET /api/waivers/matched and PUT /api/waivers. School users and admins
// read and write (an admin on the school picked in the session); auditors read, naming the school
// (and event) in the query as their session has none; race department: no access (it sees each
// school's waiver readiness on the bib list, not the waivers). A school user always gets its own
// school: naming another is refused (403). The write rows carry no school at all: school and event
// come from the session (the event from X-Event-Id for a write queued offline). Writes run through
// runWrite (exactly once).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_BATCH_BODY_BYTES } from '../../../src/domain/constants/limits';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { badRequest } from '../../http-errors';
import { NO_SCOPE, requireSession, schoolScope, sessionSchoolAndEvent } from '../../plugins/authz';
import { runWrite } from '../../plugins/idempotency';
import { matchedWaivers, saveWaivers } from './service';

export const waiverRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  const api = API.waivers;

  app.get(
    api.matched.url,
    {
      schema: routeSchema(api.matched),
    },
    async (request) => {
      const { SchoolId, EventId } = request.query;
      const schoolId = schoolScope(request, SchoolId);
      const eventId = EventId ?? requireSession(request).eventId;
      if (!schoolId || !eventId) throw badRequest(NO_SCOPE);
      return matchedWaivers(db, { schoolId, eventId });
    },
  );

  app.put(
    api.save.url,
    {
      // A whole school's waivers in one call: more than the default body size.
      bodyLimit: MAX_BATCH_BODY_BYTES,
      schema: routeSchema(api.save),
    },
    async (request, reply) => {
      const session = requireSession(request);
      const scope = sessionSchoolAndEvent(request);
      return runWrite(db, request, reply, (tx) => saveWaivers(tx, session, scope, request.body));
    },
  );
};
