// Builds the Fastify app: cross-cutting plugins, then one route module per area, then the built
// client (if present) with index.html for every non-API path. Tests use it through app.inject.
import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../src/domain/errors';
import type { Deps } from './deps';
import { authzPlugin } from './plugins/authz';
import { registerErrorHandling } from './plugins/errors';
import { sessionPlugin } from './plugins/session';
import { routeModules } from './modules';

export async function buildApp(deps: Deps, opts: { loggerInstance?: FastifyBaseLogger } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: false }),
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(cookie);
  await app.register(sessionPlugin, {
    db: deps.db,
    idleMs: deps.config.sessionIdleMs,
    cookieSecure: deps.config.cookieSecure,
    now: deps.now,
  });
  await app.register(authzPlugin);
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/utils/')) reply.header('cache-control', 'no-store');
  });

  for (const register of routeModules) await app.register(register, deps);

  const staticDir = deps.config.staticDir;
  const hasClient = existsSync(path.join(staticDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, { root: staticDir, wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/utils/');
    if (!isApi && hasClient && request.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `No route for ${request.method} ${request.url.split('?')[0]}`, code: ERROR_CODES.NOT_FOUND });
  });
  return app;
}
