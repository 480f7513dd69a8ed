// Authorisation: who may call a route is declared once, on its route of the domain contract
// (`access` in src/domain/schemas/api: 'public', 'signed-in' or a list of user types), and read
// here as the route is registered, into its `config.auth`. A contract route that declares it
// again inline stops the app. The few routes outside the contract (an outside service's calls,
// the payer's return, the client's files in plugins/client-files.ts) declare `config.auth`
// themselves. The decision is made from the route the router matched, never from the text of the
// URL (which can spell one route many ways: '/%61pi/users', 'http://x/api/users'); the app refuses
// to start while a route has no declaration, so a route added later cannot slip through. School
// users are scoped to the SchoolId of their session, never to one from the request.
import fp from 'fastify-plugin';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { UserType } from '../../src/domain/constants';
import { everyContractRoute } from '../../src/domain/schemas';
import type { RouteAccess } from '../../src/domain/schemas/route';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { badRequest, forbidden, unauthenticated } from '../http-errors';
import { isBatchedWrite, isQueuedRoute } from './batched-write';
import type { SessionInfo } from './session';

type RouteAuth = 'public' | 'any' | readonly UserType[];

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

/** Declared paths of the API, which do the database's work: admitted through the line (admission.ts). */
export const isApiRoute = (declaredUrl: string | undefined): boolean =>
  !!declaredUrl && declaredUrl.startsWith('/api/');

/** Answers never to be kept by a browser or proxy: the API's and the host check's. */
export const isNeverCached = (declaredUrl: string | undefined): boolean =>
  isApiRoute(declaredUrl) || !!declaredUrl?.startsWith('/utils/');

const accessOf = new Map(everyContractRoute().map((r) => [`${r.method} ${r.url}`, r.access]));

const authOf = (access: RouteAccess): RouteAuth => (access === 'signed-in' ? 'any' : access);

/** The routes that declare no `config.auth`, as 'METHOD /path'. */
function undeclaredRoutes(routes: readonly Pick<RouteOptions, 'method' | 'url' | 'config'>[]): string[] {
  return routes
    .filter((r) => (r.config as { auth?: RouteAuth } | undefined)?.auth === undefined)
    .map((r) => `${[r.method].flat().join(',')} ${r.url}`);
}

export const authzPlugin = fp(
  async (app) => {
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      // Fastify answers HEAD on a GET route with a route of its own: the GET's access holds.
      const methods = [route.method].flat().map((m) => (m === 'HEAD' ? 'GET' : m));
      const access = methods.map((m) => accessOf.get(`${m} ${route.url}`)).find((a) => a !== undefined);
      if (access !== undefined) {
        if (route.config?.auth !== undefined && route.method !== 'HEAD')
          throw new Error(
            `${methods.join(',')} ${route.url} declares who may call it on its contract route: drop its config.auth`,
          );
        route.config = { ...route.config, auth: authOf(access) };
      }
      routes.push(route);
    });
    app.addHook('onReady', async () => {
      const missing = undeclaredRoutes(routes);
      if (missing.length) throw new Error(`routes without config.auth (who may call them): ${missing.join('; ')}`);
    });
    app.addHook('preValidation', async (request) => {
      // No route matched: the not-found handler answers, and it reveals nothing.
      if (request.is404) return;
      const auth = request.routeOptions.config.auth;
      // Unreachable once the app is ready (onReady above), but never an open door if it were.
      if (auth === undefined) throw forbidden();
      // A write sent inside a batch of queued writes: only the routes a device queues, never a
      // sign-in, a reset or anything else a batch would let run unadmitted and in bulk.
      if (isBatchedWrite(request) && !isQueuedRoute(request.method, request.routeOptions.url))
        throw forbidden(SERVER_MESSAGES.notQueuedWrite);
      if (auth === 'public') return;
      if (!request.session) throw unauthenticated();
      if (auth !== 'any' && !auth.includes(request.session.type)) throw forbidden();
    });
  },
  { name: 'authz', dependencies: ['session'] },
);

export function requireSession(request: FastifyRequest): SessionInfo {
  if (!request.session) throw unauthenticated();
  return request.session;
}

/**
 * The school a request acts on. A school user always gets the school of the session; naming a
 * different one is refused. Staff act on the school they name, or the one picked in the session.
 */
export function schoolScope(request: FastifyRequest, requested?: string | null): string | null {
  const session = requireSession(request);
  if (session.type === 'school') {
    if (requested && requested !== session.schoolId) throw forbidden();
    return session.schoolId;
  }
  return requested ?? session.schoolId;
}

export const NO_SCOPE = 'Choose a school and an event first.';

/** The event a call on one event works on: the session's (or a queued write's X-Event-Id, which
 *  the session plugin reads); a clear 400 when none is chosen. */
export function sessionEvent(request: FastifyRequest, noEventMessage: string = NO_SCOPE): string {
  const eventId = requireSession(request).eventId;
  if (!eventId) throw badRequest(noEventMessage);
  return eventId;
}

/** The school (a school user's own, staff the picked one) and the event of the session, for the
 *  calls that work on one school in one event. */
export function sessionSchoolAndEvent(request: FastifyRequest): { schoolId: string; eventId: string } {
  const schoolId = schoolScope(request);
  const eventId = requireSession(request).eventId;
  if (!schoolId || !eventId) throw badRequest(NO_SCOPE);
  return { schoolId, eventId };
}

export const isStaff = (session: SessionInfo) => session.type !== 'school';
