// GET /utils/host: the host this request came to, and whether it is one we serve. The client
// checks it before anything else and goes to /down on a host it does not expect.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';

export const hostRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const route = API.session.host;
  app.get(
    route.url,
    {
      schema: routeSchema(route),
    },
    async (request) => {
      const host = (request.host ?? '').toLowerCase();
      const hostname = host.replace(/:\d+$/, '');
      const allowed =
        deps.config.allowedHosts.includes('*') ||
        deps.config.allowedHosts.includes(host) ||
        deps.config.allowedHosts.includes(hostname);
      return { host: hostname, allowed };
    },
  );
};
