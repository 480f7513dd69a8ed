// Race day (spec section 7): GET /api/startlist, GET /api/startMarshall, and beyond the spec the
// admin's start order draw (POST /api/startlist/draw) and the start hut marks (PUT /api/raceMarks).
// Race department and admins read every published race; a school reads its own teams' start
// positions and bibs only; an auditor reads and writes nothing of race day. Marks: race department
// and admins, through runWrite (exactly once from the offline outbox).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { requireSession } from '../../plugins/authz';
import { runWrite } from '../../plugins/idempotency';
import { drawRace, raceEvent, saveMarks, startMarshall, startlist } from './service';

export const raceDayRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  const api = API.startlists;

  app.get(api.startlist.url, {
    config: { auth: ['racedept', 'admin', 'school'] },
    schema: { querystring: api.startlist.querystring, response: { 200: api.startlist.response } },
  }, async (request) => {
    const session = requireSession(request);
    const { EventId, DisciplineId, division, gender } = request.query;
    const event = await raceEvent(db, session, EventId);
    return startlist(db, session, { EventId: event.id, DisciplineId, division, gender });
  });

  app.get(api.startMarshall.url, {
    config: { auth: ['racedept', 'admin'] },
    schema: { querystring: api.startMarshall.querystring, response: { 200: api.startMarshall.response } },
  }, async (request) => {
    const { EventId, DisciplineId, division, gender, type, run, limit, offset } = request.query;
    const event = await raceEvent(db, requireSession(request), EventId);
    return startMarshall(db, event, { EventId: event.id, DisciplineId, division, gender }, { type, run, limit, offset });
  });

  app.post(api.draw.url, {
    config: { auth: ['admin'] },
    schema: { body: api.draw.body, response: { 200: api.draw.response } },
  }, async (request, reply) => {
    const { EventId, DisciplineId, division, gender } = request.body;
    const event = await raceEvent(db, requireSession(request), EventId);
    return runWrite(db, request, reply, (tx) => drawRace(tx, { EventId: event.id, DisciplineId, division, gender }));
  });

  app.put(api.marks.url, {
    config: { auth: ['racedept', 'admin'] },
    schema: { body: api.marks.body, response: { 200: api.marks.response } },
  }, async (request, reply) => {
    const session = requireSession(request);
    return runWrite(db, request, reply, (tx) => saveMarks(tx, session, request.body.marks));
  });
};
