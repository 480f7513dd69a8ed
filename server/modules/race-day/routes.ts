// Race day (spec section 7): GET /api/startlist, GET /api/startMarshall, and beyond the spec the
// admin's start order draw (POST /api/startlist/draw) and the start hut marks (PUT /api/raceMarks);
// the admin's bibs (POST /api/bibs/generate, POST /api/bibs/manual-assign); the timing files
// (GET /api/timing-file, and the admin's columns: PUT /api/timing-file/columns, docs/timing-files.md),
// and the day's running order (PUT /api/running-order, running-order.ts).
// Race department and admins read every published race; a school reads its own teams' start
// positions and bibs only; an auditor reads and writes nothing of race day. Marks: race department
// and admins, through runWrite (exactly once from the offline outbox).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_BATCH_BODY_BYTES } from '../../../src/domain/constants/limits';
import { API, routeSchema, syncApi } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { requireSession } from '../../plugins/authz';
import { runWrite } from '../../plugins/idempotency';
import { assignBibs, generateBibs } from './bibs';
import { pullRaceDay } from './feed';
import { bibList, drawRace, raceEvent, saveMarks, startMarshall, startlist } from './service';
import { saveRunningOrder } from './running-order';
import { saveTimingColumns, timingFile } from './timing-files';

type RouteApp = Parameters<FastifyPluginAsyncZod<Deps>>[0];

/** The start lists: the officials' mirror, the lists and the start marshal's, the draw, the marks. */
function registerStartRoutes(app: RouteApp, { db }: Deps): void {
  const api = API.startlists;

  // The race-day mirror of race officials' tablets (every event shown for start lists).
  app.get(
    syncApi.raceDay.url,
    {
      schema: routeSchema(syncApi.raceDay),
    },
    async (request) =>
      pullRaceDay(db, request.query.cursor, request.query.limit, { initial: request.query.initial === '1' }),
  );

  app.get(
    api.startlist.url,
    {
      schema: routeSchema(api.startlist),
    },
    async (request) => {
      const session = requireSession(request);
      const { EventId, DisciplineId, division, gender } = request.query;
      const event = await raceEvent(db, session, EventId);
      return startlist(db, session, { EventId: event.id, DisciplineId, division, gender });
    },
  );

  app.get(
    api.startMarshall.url,
    {
      schema: routeSchema(api.startMarshall),
    },
    async (request) => {
      const { EventId, DisciplineId, division, gender, type, run, limit, offset } = request.query;
      const event = await raceEvent(db, requireSession(request), EventId);
      return startMarshall(
        db,
        event,
        { EventId: event.id, DisciplineId, division, gender },
        { type, run, limit, offset },
      );
    },
  );

  app.post(
    api.draw.url,
    {
      schema: routeSchema(api.draw),
    },
    async (request, reply) => {
      const { EventId, DisciplineId, division, gender } = request.body;
      const event = await raceEvent(db, requireSession(request), EventId);
      return runWrite(db, request, reply, (tx) => drawRace(tx, { EventId: event.id, DisciplineId, division, gender }));
    },
  );

  app.put(
    api.marks.url,
    {
      schema: routeSchema(api.marks),
    },
    async (request, reply) => {
      const session = requireSession(request);
      return runWrite(db, request, reply, (tx) => saveMarks(tx, session, request.body.marks));
    },
  );
}

/** The bibs: the list (with each school's readiness) and the admin's two ways of giving them. */
function registerBibRoutes(app: RouteApp, { db }: Deps): void {
  const bibs = API.bibs;

  app.get(
    bibs.list.url,
    {
      schema: routeSchema(bibs.list),
    },
    async (request) => {
      const session = requireSession(request);
      const { EventId, ...query } = request.query;
      return bibList(db, session, await raceEvent(db, session, EventId), query);
    },
  );

  app.post(
    bibs.generate.url,
    {
      schema: routeSchema(bibs.generate),
    },
    async (request, reply) => {
      const event = await raceEvent(db, requireSession(request), request.body.bibForm.EventId);
      return runWrite(db, request, reply, (tx) => generateBibs(tx, event.id, request.body.bibForm));
    },
  );

  app.post(
    bibs.manualAssign.url,
    {
      // A whole grid of bibs in one call.
      bodyLimit: MAX_BATCH_BODY_BYTES,
      schema: routeSchema(bibs.manualAssign),
    },
    async (request, reply) => runWrite(db, request, reply, (tx) => assignBibs(tx, request.body)),
  );
}

/** What goes to the timing system: its files and their columns, and the day's running order. */
function registerTimingRoutes(app: RouteApp, { db }: Deps): void {
  const timing = API.timingFiles;

  // The file itself, not JSON: no response schema, as for the registry export.
  app.get(
    timing.file.url,
    {
      // eslint-disable-next-line no-restricted-syntax -- answers a CSV or Excel file, not JSON
      schema: { querystring: timing.file.querystring },
    },
    async (request, reply) => {
      const event = await raceEvent(db, requireSession(request), request.query.EventId);
      const file = await timingFile(db, event.id, request.query);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  app.put(
    timing.saveColumns.url,
    {
      schema: routeSchema(timing.saveColumns),
    },
    async (request, reply) => runWrite(db, request, reply, (tx) => saveTimingColumns(tx, request.body)),
  );

  const order = API.runningOrder.save;
  app.put(order.url, { schema: routeSchema(order) }, async (request, reply) =>
    runWrite(db, request, reply, (tx) => saveRunningOrder(tx, request.body)),
  );
}

export const raceDayRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  registerStartRoutes(app, deps);
  registerBibRoutes(app, deps);
  registerTimingRoutes(app, deps);
};
