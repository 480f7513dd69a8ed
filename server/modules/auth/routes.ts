// Sign in and out, password reset and new password (spec sections 7 and 8). All public: they are
// how a session begins. Login and reset are rate-limited (server/auth/rate-limit.ts).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, errorBodySchema, routeSchema, sessionUserSchema } from '../../../src/domain/schemas';
import { dummyHash } from '../../auth/passwords';
import type { Deps } from '../../deps';
import { HttpError, badRequest } from '../../http-errors';
import { errorBody } from '../../plugins/errors';
import { endSession } from '../../plugins/session';
import { login, requestReset, setNewPassword } from './service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
};

/**
 * The base of the reset link: PUBLIC_URL, else the origin of this request, but only when its host
 * is one we serve. A forged Host header must never put a reset token in a link to another site.
 */
function linkOrigin(deps: Deps, request: FastifyRequest): string {
  if (deps.config.publicUrl) return deps.config.publicUrl.replace(/\/+$/, '');
  const host = request.host.toLowerCase();
  const allowed = deps.config.allowedHosts;
  if (!allowed.includes('*') && !allowed.includes(host) && !allowed.includes(host.replace(/:\d+$/, ''))) {
    throw badRequest('Password reset is not available at this address.');
  }
  return `${request.protocol}://${request.host}`;
}

export const authRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { login: loginRoute, logout, reset, newPassword } = API.session;
  // Compute the dummy hash now, so the first unknown-user login is not slower than the others.
  await dummyHash();

  // A success is the user alone: the contract's answer also reads the refusal, which goes out
  // as the common error body (401 and the others below).
  app.post(
    loginRoute.url,
    {
      // eslint-disable-next-line no-restricted-syntax -- answers each refusal in a shape of its own (errors)
      schema: { body: loginRoute.body, response: { 200: sessionUserSchema, ...errors } },
    },
    async (request, reply) => {
      try {
        return await login(deps, reply, { ...request.body, ip: request.ip });
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        // The spec's client shows the response's `error` when a login answer has no username, so
        // the refusal carries its message there too (instead of the bare status text).
        return reply.code(err.statusCode as 401).send({ ...errorBody(err), error: err.message });
      }
    },
  );

  app.get(
    logout.url,
    {
      config: { sameSiteOnly: true },
      schema: routeSchema(logout),
    },
    async (request, reply) => {
      await endSession(deps.db, request, reply);
      return { ok: true as const };
    },
  );

  app.post(
    reset.url,
    {
      // eslint-disable-next-line no-restricted-syntax -- answers each refusal in a shape of its own (errors)
      schema: { body: reset.body, response: { 200: reset.response, ...errors } },
    },
    async (request, reply) => {
      const origin = linkOrigin(deps, request);
      return requestReset(deps, reply, { email: request.body.email, ip: request.ip, origin });
    },
  );

  app.post(
    newPassword.url,
    {
      // eslint-disable-next-line no-restricted-syntax -- answers each refusal in a shape of its own (errors)
      schema: { body: newPassword.body, response: { 200: newPassword.response, ...errors } },
    },
    async (request) => {
      const { message, userId } = await setNewPassword(deps, { ...request.body, currentSession: request.session });
      app.sessionCache.forgetUser(userId); // its other sessions ended; this process must not remember them
      return { message };
    },
  );
};
