// Team managers (spec section 7): GET /api/v2/team-managers and PUT /api/teamManagers.
// School users and admins read and write (an admin on the school picked in the session);
// auditors read, as they read participants and the team-manager report; race department: no
// access. A school user always gets its own school, whatever the filter says; the write rows
// carry no school at all: school and event come from the session (the event from X-Event-Id for
// a write queued offline). Writes run through runWrite (exactly once).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_BATCH_BODY_BYTES } from '../../../src/domain/constants/limits';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { badRequest } from '../../http-errors';
import { NO_SCOPE, requireSession } from '../../plugins/authz';
import { runWrite } from '../../plugins/idempotency';
import { listTeamManagers, saveTeamManagers, type Scope } from './service';

/** A school user's own school; staff the one named, else the one picked in the session. */
function scopeOf(request: FastifyRequest, named?: { SchoolId?: string; EventId?: string }): Scope {
  const session = requireSession(request);
  const schoolId = session.type === 'school' ? session.schoolId : (named?.SchoolId ?? session.schoolId);
  const eventId = named?.EventId ?? session.eventId;
  if (!schoolId || !eventId) throw badRequest(NO_SCOPE);
  return { schoolId, eventId };
}

export const teamManagerRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  const api = API.teamManagers;

  app.get(
    api.list.url,
    {
      schema: routeSchema(api.list),
    },
    async (request) => {
      const filter = request.query.filter;
      return listTeamManagers(db, scopeOf(request, filter?.where), filter);
    },
  );

  app.put(
    api.save.url,
    {
      // The whole grid in one call: more than the default body size.
      bodyLimit: MAX_BATCH_BODY_BYTES,
      schema: routeSchema(api.save),
    },
    async (request, reply) => {
      const session = requireSession(request);
      const scope = scopeOf(request);
      return runWrite(db, request, reply, (tx) => saveTeamManagers(tx, session, scope, request.body));
    },
  );
};
