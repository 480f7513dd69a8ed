// Teams and their race entries (spec section 7): GET /api/teams, GET /api/teams/grouped/:SchoolId/
// :EventId and PUT /api/teams. School users and admins read and write (an admin on the school and
// event picked in the session); auditors read; race department: no access (it reads start lists,
// not the team grid: docs/decisions.md 'Access'). A school user only ever gets its own school: a
// path naming another is refused (403, as GET /api/school/:SchoolId), a body naming one is
// ignored (school and event come from the session; a write queued offline names its event in
// X-Event-Id). The save runs through runWrite (exactly once) in one transaction.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_BATCH_BODY_BYTES } from '../../../src/domain/constants/limits';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { requireSession, schoolScope, sessionSchoolAndEvent } from '../../plugins/authz';
import { runWrite } from '../../plugins/idempotency';
import { reconcileAfterWrite } from '../money';
import { loadTeams } from './load';
import { groupedTeams, saveTeams } from './service';

export const teamRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, accounting, now }) => {
  const api = API.teams;

  app.get(
    api.list.url,
    {
      schema: routeSchema(api.list),
    },
    async (request) => loadTeams(db, sessionSchoolAndEvent(request)),
  );

  app.get(
    api.grouped.url,
    {
      schema: routeSchema(api.grouped),
    },
    async (request) => {
      const schoolId = schoolScope(request, request.params.SchoolId)!;
      return groupedTeams(db, { schoolId, eventId: request.params.EventId });
    },
  );

  app.put(
    api.save.url,
    {
      // A whole grid in one call: more than the default body size.
      bodyLimit: MAX_BATCH_BODY_BYTES,
      onSend: reconcileAfterWrite({ db, accounting, now }),
      schema: routeSchema(api.save),
    },
    async (request, reply) => {
      const session = requireSession(request);
      const scope = sessionSchoolAndEvent(request);
      return runWrite(db, request, reply, (tx) => saveTeams(tx, session, scope, request.body));
    },
  );
};
