// GET /api/sync/changes?cursor=&limit=: the delta feed of the session's scope (ARCHITECTURE 'Pull').
// Any signed-in user; the scope comes from the session only: a school user gets its own school and
// the session's event; an admin the picked school and event (either may be none); auditor and
// racedept the session's event without any school's rows. Users rows go to admins only. Everyone
// also gets every event and the results of the events shown for results (/rev).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { syncApi } from '../../../src/domain/schemas';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { requireSession } from '../../plugins/authz';
import { EVERY_EVENT_TABLES, SHOWN_RESULT_TABLES, pullChanges, shownResultEventIds, type FeedScope } from './service';

function sessionScope(request: FastifyRequest): FeedScope {
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

/** The session's scope, with every event and the results of the events shown for results. */
async function feedScope(db: Db, request: FastifyRequest): Promise<FeedScope> {
  return {
    ...sessionScope(request),
    everyEvent: EVERY_EVENT_TABLES,
    alsoOf: { tables: SHOWN_RESULT_TABLES, eventIds: await shownResultEventIds(db) },
  };
}

export const syncRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  const api = syncApi.changes;
  app.get(api.url, {
    config: { auth: 'any' },
    schema: { querystring: api.querystring, response: { 200: api.response } },
  }, async (request) => pullChanges(db, await feedScope(db, request), request.query.cursor, request.query.limit, { initial: request.query.initial === '1' }));
};
