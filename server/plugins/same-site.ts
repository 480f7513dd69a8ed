// The two calls the spec names as GET although they change something (GET /api/logout, GET
// /api/snowracer-import) keep their method, but only this app may make them: a link on another
// site would otherwise sign a user out, or run the import with the admin's session (the session
// cookie is SameSite=Lax, which a top-level cross-site navigation still carries). A route opts in
// with `config.sameSiteOnly`. Browsers say where a request comes from in Sec-Fetch-Site; older
// ones in Origin or Referer. A request with none of them (curl, a script) is no cross-site forgery.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { forbidden } from '../http-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Refuse requests another site made (a link, a form, a script). */
    sameSiteOnly?: boolean;
  }
}

/** Sec-Fetch-Site values of requests this app's own pages (or the user, typing) made. */
const OWN = new Set(['same-origin', 'none']);

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
};

/** True when the browser says another site made the request. */
function madeByAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return !OWN.has(site);
  const from = request.headers.origin ?? request.headers.referer;
  if (from === undefined) return false;
  return from === 'null' || hostOf(from) !== request.host;
}

export const sameSitePlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (request.routeOptions.config.sameSiteOnly && madeByAnotherSite(request))
        throw forbidden(SERVER_MESSAGES.crossSiteRefused);
    });
  },
  { name: 'same-site' },
);
