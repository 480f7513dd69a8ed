// Volunteers (spec section 7, 'Participants, teams, volunteers'): GET /api/volunteers,
// /api/volunteerSlots, /api/volunteerSpots/available, /api/requiredVolunteers (and its VIC and
// other-region forms), PUT /api/volunteers; GET and PUT /api/volunteerSpots for the admin.
// School users and admins read and write their school's (an admin the school picked in the
// session); auditors read; race department: no access. A locked event answers 410 to a school's
// volunteer writes, and so does the event's volunteer lock (VOLUNTEERS_LOCKED); admins are exempt.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_BATCH_BODY_BYTES } from '../../../src/domain/constants/limits';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { requireSession, sessionEvent, sessionSchoolAndEvent } from '../../plugins/authz';
import { runWrite } from '../../plugins/idempotency';
import {
  listSlots,
  listSpots,
  listVolunteers,
  requiredTotal,
  requiredVic,
  saveSpots,
  saveVolunteers,
  spotsForAdmin,
} from './service';

export const volunteerRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  const api = API.volunteers;

  app.get(api.list.url, { schema: routeSchema(api.list) }, async (request) =>
    listVolunteers(db, sessionSchoolAndEvent(request)),
  );
  app.get(api.slots.url, { schema: routeSchema(api.slots) }, async (request) =>
    listSlots(db, sessionSchoolAndEvent(request)),
  );
  app.get(api.availableSpots.url, { schema: routeSchema(api.availableSpots) }, async (request) =>
    listSpots(db, sessionEvent(request)),
  );
  app.get(api.required.url, { schema: routeSchema(api.required) }, async (request) =>
    requiredTotal(db, sessionSchoolAndEvent(request)),
  );
  app.get(api.requiredVic.url, { schema: routeSchema(api.requiredVic) }, async (request) =>
    requiredVic(db, sessionSchoolAndEvent(request)),
  );
  // Other regions count as NSW does: one per the event's ratio of race entries.
  app.get(api.requiredAus.url, { schema: routeSchema(api.requiredAus) }, async (request) =>
    requiredTotal(db, sessionSchoolAndEvent(request)),
  );

  app.put(
    api.save.url,
    {
      bodyLimit: MAX_BATCH_BODY_BYTES,
      schema: routeSchema(api.save),
    },
    async (request, reply) => {
      const session = requireSession(request);
      const scope = sessionSchoolAndEvent(request);
      return runWrite(db, request, reply, (tx) => saveVolunteers(tx, session, scope, request.body));
    },
  );

  app.get(api.spots.url, { schema: routeSchema(api.spots) }, async (request) =>
    spotsForAdmin(db, sessionEvent(request)),
  );

  app.put(
    api.saveSpots.url,
    {
      bodyLimit: MAX_BATCH_BODY_BYTES,
      schema: routeSchema(api.saveSpots),
    },
    async (request, reply) => {
      const eventId = sessionEvent(request);
      return runWrite(db, request, reply, (tx) => saveSpots(tx, eventId, request.body.spots));
    },
  );
};
