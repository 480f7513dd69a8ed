// POST /api/session/ (also without the trailing slash): the admin picks the school and event the
// session works on. Only admins have the header pickers (spec section 2), so only they may call it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { requireSession } from '../../plugins/authz';
import { runWrite } from '../../plugins/idempotency';
import { switchSession } from './service';

export const sessionRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  const route = API.session.switchSession;
  app.post(
    route.url,
    {
      schema: routeSchema(route),
    },
    async (request, reply) => {
      const { tokenHash } = requireSession(request);
      const answer = await runWrite(db, request, reply, (tx) => switchSession(tx, tokenHash, request.body));
      app.sessionCache.forgetSession(tokenHash); // the next request must see the new school and event
      return answer;
    },
  );
};
