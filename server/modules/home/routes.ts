// Home (spec section 7, 'Session and home'): GET /api/metrics/{EventId}/{SchoolId}. School users
// read their own school only (another SchoolId is refused, 403, as schoolScope does everywhere);
// admins and auditors read any school; the race department has no home numbers to read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { schoolScope } from '../../plugins/authz';
import { requireSchool } from '../participants';
import { loadMetrics } from './service';

export const homeRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  const { metrics } = API.session;

  app.get(
    metrics.url,
    {
      schema: routeSchema(metrics),
    },
    async (request) => {
      const schoolId = requireSchool(schoolScope(request, request.params.SchoolId));
      return loadMetrics(db, schoolId, request.params.EventId);
    },
  );
};
