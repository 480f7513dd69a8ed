// GET /api/invites/ and PUT /api/invites: the invites of the event chosen in the session (a write
// queued offline names its event in X-Event-Id, see plugins/session.ts). Admin only, reads too:
// the spec gives invites to administrators, and docs/decisions.md 'Access' gives auditors and the
// race department other views, not this one. Writes run through runWrite (exactly once).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { MAX_BATCH_BODY_BYTES } from '../../../src/domain/constants/limits';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { sessionEvent as sessionEventOf } from '../../plugins/authz';
import { runWrite } from '../../plugins/idempotency';
import { NO_EVENT_CHOSEN, listInvites, saveInvites } from './service';

const sessionEvent = (request: FastifyRequest) => sessionEventOf(request, NO_EVENT_CHOSEN);

export const inviteRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  const api = API.invites;

  app.get(
    api.list.url,
    {
      schema: routeSchema(api.list),
    },
    async (request) => listInvites(db, sessionEvent(request)),
  );

  app.put(
    api.save.url,
    {
      bodyLimit: MAX_BATCH_BODY_BYTES,
      schema: routeSchema(api.save),
    },
    async (request, reply) => {
      const eventId = sessionEvent(request);
      return runWrite(db, request, reply, (tx) => saveInvites(tx, eventId, request.body));
    },
  );
};
