// The athlete registry (Snowracer): the add-participant dialog looks a snow id up (school, admin);
// the count is the admin's. Unknown and inactive ids both answer 404 with the spec's message
// 'Snow Id not found or is inactive'; a registry that cannot be reached answers 503 (retryable)
// with 'Error connecting to the athlete registry'.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../src/domain/errors';
import { MESSAGES } from '../../../src/domain/messages';
import { API } from '../../../src/domain/schemas';
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

export const registryRoutes: FastifyPluginAsyncZod<Deps> = async (app, { registry }) => {
  const api = API.registry;

  app.get(api.count.url, {
    config: { auth: ['admin'] },
    schema: { response: { 200: api.count.response } },
  }, async () => ({ count: await reach(() => registry.count()) }));

  app.get(api.lookup.url, {
    config: { auth: ['admin', 'school'] },
    schema: { params: api.lookup.params, response: { 200: api.lookup.response } },
  }, async (request) => {
    const athlete: Athlete | null = await reach(() => registry.lookup(request.params.snowId));
    if (!athlete || !athlete.active) {
      throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.snowIdNotFoundOrInactive);
    }
    return athlete;
  });
};

