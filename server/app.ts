// Builds the Fastify app: cross-cutting plugins, then one route module per area, then the built
// client (if present) with index.html for every non-API path. Tests use it through app.inject.
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from './deps';
import { admissionPlugin } from './plugins/admission';
import { authzPlugin, isNeverCached } from './plugins/authz';
import { clientFilesPlugin } from './plugins/client-files';
import { registerErrorHandling } from './plugins/errors';
import { inputLimitOptions, inputLimitsPlugin } from './plugins/input-limits';
import { requestTargetPlugin } from './plugins/request-target';
import { sameSitePlugin } from './plugins/same-site';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin, type SessionRow } from './plugins/session';
import { createSessionCache } from './plugins/session-cache';

/** A backstop only: changes are forgotten at once through notifications. */
const SESSION_CACHE_TTL_MS = 60_000;
import { routeModules } from './modules';

export async function buildApp(
  deps: Deps,
  opts: { loggerInstance?: FastifyBaseLogger } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: false }),
    ...inputLimitOptions, // bodyLimit (128 KiB; batch routes declare more) and the router's refusals
    // Client addresses (the login limiter keys on them) come from X-Forwarded-For only when the
    // deployment says a proxy sits in front (TRUST_PROXY); otherwise anyone could forge them.
    trustProxy: deps.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(requestTargetPlugin);
  await app.register(inputLimitsPlugin);

  await app.register(securityHeadersPlugin, { https: deps.config.https });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(admissionPlugin, {
    maxConcurrent: deps.config.maxConcurrentRequests,
    maxQueueMs: deps.config.maxQueueMs,
    maxEventLoopDelayMs: deps.config.maxEventLoopDelayMs,
  });
  await app.register(cookie);
  const sessionCache = await createSessionCache<SessionRow>({
    listen: deps.listen,
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: 50_000,
    now: () => deps.now().getTime(),
    onLost: (err) =>
      app.log.warn({ err }, 'session change notifications lost: sessions are read from the database until they return'),
  });
  await app.register(sessionPlugin, {
    cache: sessionCache,
    db: deps.db,
    idleMs: deps.config.sessionIdleMs,
    cookieSecure: deps.config.cookieSecure,
    now: deps.now,
  });
  await app.register(authzPlugin);
  await app.register(sameSitePlugin);
  app.addHook('onSend', async (request, reply) => {
    // By the route matched (or, with none, the path asked for), never by the raw URL's spelling.
    if (isNeverCached(request.is404 ? request.url.split('?')[0] : request.routeOptions.url))
      reply.header('cache-control', 'no-store');
  });

  for (const register of routeModules) await app.register(register, deps);

  await app.register(clientFilesPlugin, { staticDir: deps.config.staticDir });
  return app;
}
