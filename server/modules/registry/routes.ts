// The athlete registry (Snowracer): the add-participant dialog looks a snow id up (school, admin);
// the count is the admin's. Unknown and inactive ids both answer 404 with the spec's message
// 'Snow Id not found or is inactive'; a registry that cannot be reached answers 503 (retryable)
// with 'Error connecting to the athlete registry'. Lookups are limited per user (the registry is
// personal data: a school walking through snow ids is slowed, and logged when it hits the limit).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../src/domain/errors';
import { MESSAGES } from '../../../src/domain/messages';
import { API } from '../../../src/domain/schemas';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import { LIMITS, assertWithinLimits, keys, recordAttempt } from '../../auth/rate-limit';
import type { Deps } from '../../deps';
import { HttpError } from '../../http-errors';
import type { Athlete } from '../../integrations/registry';
import { registryUnavailable } from '../participants/registry-check';

async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw registryUnavailable();
  }
}

export const registryRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, registry, now }) => {
  const api = API.registry;

  app.get(api.count.url, {
    config: { auth: ['admin'] },
    schema: { response: { 200: api.count.response } },
  }, async () => ({ count: await reach(() => registry.count()) }));

  app.get(api.lookup.url, {
    config: { auth: ['admin', 'school'] },
    schema: { params: api.lookup.params, response: { 200: api.lookup.response } },
  }, async (request, reply) => {
    const session = request.session!;
    const key = keys.registryLookup(session.userId);
    try {
      await assertWithinLimits(db, reply, [{ key, limit: LIMITS.registryLookup }], now(), SERVER_MESSAGES.tooManyLookups);
    } catch (err) {
      request.log.warn({ userId: session.userId, user: session.email, schoolId: session.schoolId }, 'snow id lookups over the limit');
      throw err;
    }
    await recordAttempt(db, [key], now());
    const athlete: Athlete | null = await reach(() => registry.lookup(request.params.snowId));
    if (!athlete || !athlete.active) {
      throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.snowIdNotFoundOrInactive);
    }
    return athlete;
  });
};

