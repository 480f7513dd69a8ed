// GET /api/sync/changes?cursor=&limit=: the delta feed of the session's scope (ARCHITECTURE 'Pull').
// Any signed-in user; the scope comes from the session only: a school user gets its own school and
// the session's event; an admin the picked school and event (either may be none); auditor and
// racedept the session's event without any school's rows. Users rows go to admins only.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { syncApi } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { requireSession } from '../../plugins/authz';
import { pullChanges, type FeedScope } from './service';

function feedScope(request: FastifyRequest): FeedScope {
  const session = requireSession(request);
  switch (session.type) {
    case 'school':
      return { schoolId: session.schoolId, eventId: session.eventId, withUsers: false };
    case 'admin':
      return { schoolId: session.schoolId, eventId: session.eventId, withUsers: true };
    default:
      return { schoolId: null, eventId: session.eventId, withUsers: false };
  }
}

export const syncRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  const api = syncApi.changes;
  app.get(api.url, {
    config: { auth: 'any' },
    schema: { querystring: api.querystring, response: { 200: api.response } },
  }, async (request) => pullChanges(db, feedScope(request), request.query.cursor, request.query.limit, { initial: request.query.initial === '1' }));
};
