// Results and trophies (spec section 7, RES-*, TRO-*).
// - GET /api/results/ and GET /api/resultOveralls: any signed-in user, for the event named by
//   ?EventId or else the session's. Admins read any event; everyone else the session's event or
//   an event shown for results (events.showForResults, RES-08); another event is 404, as if it did
//   not exist. No event at all is 400.
// - PUT /api/results: admin only, on the session's event (a write queued offline names its event
//   in X-Event-Id, see plugins/session.ts); exactly once through runWrite.
// - GET /api/v2/Trophies: any signed-in user; filter {where, order, include}.
// - PUT /api/v2/Trophies (beyond the spec, the trophies page's dialog): admin only, through runWrite.
// - POST /api/results/import (beyond the spec, docs/decisions.md 'Results from the timing system'):
//   admin only; a race's results file read and matched to its racers, written with confirm=1.
// - PUT /api/race-results (beyond the spec): racedept and admin; results typed on a tablet.
// - PUT /api/results/rules (beyond the spec): admin only; an event's own results rules, queued.
// - POST /api/qualifiers (beyond the spec): admin only; a race's qualifiers confirmed, online.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_BATCH_BODY_BYTES, MAX_IMPORT_BYTES } from '../../../src/domain/constants/limits';
import { ERROR_CODES } from '../../../src/domain/errors';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { requireSession, sessionEvent } from '../../plugins/authz';
import { HttpError } from '../../http-errors';
import { runWrite } from '../../plugins/idempotency';
import { FILE_MESSAGES, acceptSpreadsheets, readSpreadsheetTable } from '../spreadsheet-import';
import { readRaceResults, writeRaceResults } from './import';
import { confirmQualifiers } from './qualifiers';
import { saveResultsRules } from './rules';
import { saveTypedResults } from './typed';
import {
  NO_RESULTS_EVENT,
  listOveralls,
  listRaces,
  listTrophies,
  readableResultsEvent,
  saveResults,
  saveTrophies,
} from './service';

type RouteApp = Parameters<FastifyPluginAsyncZod<Deps>>[0];

/** The spec's results and trophies: read by everyone signed in, saved by the admin. */
function registerResultRoutes(app: RouteApp, { db }: Deps): void {
  const api = API.results;

  app.get(
    api.races.url,
    {
      schema: routeSchema(api.races),
    },
    async (request) => listRaces(db, await readableResultsEvent(db, requireSession(request), request.query.EventId)),
  );

  app.get(
    api.overalls.url,
    {
      schema: routeSchema(api.overalls),
    },
    async (request) => listOveralls(db, await readableResultsEvent(db, requireSession(request), request.query.EventId)),
  );

  app.put(
    api.save.url,
    {
      bodyLimit: MAX_BATCH_BODY_BYTES,
      schema: routeSchema(api.save),
    },
    async (request, reply) => {
      const eventId = sessionEvent(request, NO_RESULTS_EVENT);
      return runWrite(db, request, reply, (tx) => saveResults(tx, eventId, request.body));
    },
  );

  app.get(
    api.trophies.url,
    {
      schema: routeSchema(api.trophies),
    },
    async (request) => listTrophies(db, request.query.filter ?? {}),
  );

  app.put(
    api.saveTrophies.url,
    {
      bodyLimit: MAX_BATCH_BODY_BYTES,
      schema: routeSchema(api.saveTrophies),
    },
    async (request, reply) => runWrite(db, request, reply, (tx) => saveTrophies(tx, request.body)),
  );
}

/** Beyond the spec, one race at a time: its results from the timing system's file or typed on a
 *  tablet, the event's own results rules, and its qualifiers confirmed. */
function registerRaceResultRoutes(app: RouteApp, { db }: Deps): void {
  // A race's results file from the timing system (import.ts): read and answered; with confirm=1
  // written too, exactly once through runWrite.
  acceptSpreadsheets(app);
  const results = API.raceResults;
  app.post(
    results.import.url,
    {
      bodyLimit: MAX_IMPORT_BYTES,
      schema: routeSchema(results.import),
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw new HttpError(415, ERROR_CODES.VALIDATION, FILE_MESSAGES.notSpreadsheet);
      const read = await readRaceResults(db, request.query, await readSpreadsheetTable(request.body));
      if (request.query.confirm !== '1') return read.answer;
      const session = requireSession(request);
      return runWrite(db, request, reply, (tx) => writeRaceResults(tx, request.query, read, session.email));
    },
  );

  // Results typed or corrected on a tablet (typed.ts), from the outbox; race day runs after entries
  // close, so an event's lock does not stop it.
  app.put(
    results.save.url,
    {
      bodyLimit: MAX_BATCH_BODY_BYTES,
      schema: routeSchema(results.save),
    },
    async (request, reply) =>
      runWrite(db, request, reply, (tx) => saveTypedResults(tx, requireSession(request), request.body.results)),
  );

  app.put(
    results.rules.url,
    {
      bodyLimit: MAX_BATCH_BODY_BYTES,
      schema: routeSchema(results.rules),
    },
    async (request, reply) => runWrite(db, request, reply, (tx) => saveResultsRules(tx, request.body)),
  );

  app.post(
    results.confirmQualifiers.url,
    {
      schema: routeSchema(results.confirmQualifiers),
    },
    async (request, reply) =>
      runWrite(db, request, reply, (tx) => confirmQualifiers(tx, request.body, requireSession(request).email)),
  );
}

export const resultRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  registerResultRoutes(app, deps);
  registerRaceResultRoutes(app, deps);
};
