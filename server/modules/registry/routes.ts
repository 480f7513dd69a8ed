// The athlete registry (Snowracer): the add-participant dialog looks a snow id up (school, admin);
// the count, the import and the export are the admin's (docs/registry.md). Unknown and inactive ids
// both answer 404 with the spec's message 'Snow Id not found or is inactive'; a registry that
// cannot be reached answers 503 (retryable) with 'Error connecting to the athlete registry'.
// Lookups are limited per user (the registry is personal data: a school walking through snow ids
// is slowed, and logged when it hits the limit).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../src/domain/errors';
import { MESSAGES } from '../../../src/domain/messages';
import { API, routeSchema } from '../../../src/domain/schemas';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import { LIMITS, assertWithinLimits, keys, recordAttempt } from '../../auth/rate-limit';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { HttpError, notFound } from '../../http-errors';
import { requireSession, sessionEvent } from '../../plugins/authz';
import { runWrite } from '../../plugins/idempotency';
import { eventsByIds } from '../events';
import { registryUnavailable } from '../participants';
import { registryExportCsv, registryExportFileName } from './export';
import { applyRegistryImport, askRegistry, enteredParticipants } from './import';

const NO_EVENT = 'Choose an event first.';

/** A registry call; any failure of the service is a 503, logged for whoever runs the server. */
async function reach<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    request.log.warn({ err }, 'athlete registry unavailable');
    throw registryUnavailable();
  }
}

/** The event named in the query, else the session's; it must exist. */
async function eventOf(db: Db, request: FastifyRequest, named: string | undefined) {
  const eventId = named ?? sessionEvent(request, NO_EVENT);
  const [event] = await eventsByIds(db, [eventId]);
  if (!event) throw notFound('Event not found');
  return { id: event.id, name: event.name };
}

export const registryRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, registry, now }) => {
  const api = API.registry;

  app.get(
    api.count.url,
    {
      schema: routeSchema(api.count),
    },
    async (request) => ({ count: await reach(request, () => registry.count()) }),
  );

  app.get(
    api.lookup.url,
    {
      schema: routeSchema(api.lookup),
    },
    async (request, reply) => {
      const session = request.session!;
      const key = keys.registryLookup(session.userId);
      try {
        await assertWithinLimits(
          db,
          reply,
          [{ key, limit: LIMITS.registryLookup }],
          now(),
          SERVER_MESSAGES.tooManyLookups,
        );
      } catch (err) {
        request.log.warn(
          { userId: session.userId, user: session.email, schoolId: session.schoolId },
          'snow id lookups over the limit',
        );
        throw err;
      }
      await recordAttempt(db, [key], now());
      const athlete = await reach(request, () => registry.lookup(request.params.snowId));
      if (!athlete || !athlete.active) {
        throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.snowIdNotFoundOrInactive);
      }
      // What the dialog needs, named: the registry's other fields (its waiver) are not a school's.
      const { snowId, firstname, lastname, gender, dob, active } = athlete;
      return { snowId, firstname, lastname, gender, dob, active };
    },
  );

  // The spec names the import a GET; it changes data, so only this app may call it (sameSiteOnly),
  // and it answers POST as well, which the app uses.
  const runImport = async (request: FastifyRequest<{ Querystring: { EventId?: string } }>, reply: FastifyReply) => {
    const session = requireSession(request);
    const event = await eventOf(db, request, request.query.EventId);
    const people = await enteredParticipants(db, event.id);
    const answers = await reach(request, () => askRegistry(registry, people));
    return runWrite(db, request, reply, (tx) => applyRegistryImport(tx, session, event.id, answers));
  };
  for (const route of [api.import, api.importPost]) {
    app.route({
      method: route.method,
      url: route.url,
      config: { sameSiteOnly: true },
      schema: routeSchema(route),
      handler: runImport,
    });
  }

  // No response schema: the answer is a file, not JSON (the contract describes it as text).
  // eslint-disable-next-line no-restricted-syntax -- answers a CSV file, not JSON
  app.get(api.export.url, { schema: { querystring: api.export.querystring } }, async (request, reply) => {
    const event = await eventOf(db, request, request.query.EventId);
    const csv = await registryExportCsv(db, event.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${registryExportFileName(event.name)}"`)
      .send(csv);
  });
};
