// The writes of a batch of queued writes (POST /api/sync/batch) are sent through the app one by one
// as requests of their own, marked with a header carrying this process's token, which no client
// can know. Marked, a request is held to what a batch may carry: a route the contract marks as
// queued, decided by the route the router matched (plugins/authz.ts), never by the path's text.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { allRoutes } from '../../src/domain/schemas/api/contract';

export const BATCHED_WRITE_HEADER = 'x-interschools-batched-write';
export const batchedWriteToken = randomUUID();

export const isBatchedWrite = (request: FastifyRequest) => request.headers[BATCHED_WRITE_HEADER] === batchedWriteToken;

/** The routes a device queues in its outbox: the only ones a batch may carry. */
const QUEUED_ROUTES = allRoutes().filter((route) => route.queued);

/** Whether the matched route (its declared url) is one the device queues. */
export const isQueuedRoute = (method: string, declaredUrl: string | undefined): boolean =>
  QUEUED_ROUTES.some((route) => route.method === method && route.url === declaredUrl);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const QUEUED_PATHS = QUEUED_ROUTES.map((route) => ({
  method: route.method,
  path: new RegExp(
    `^${route.url
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '[^/?#]+' : escapeRegExp(seg)))
      .join('/')}(?:\\?.*)?$`,
  ),
}));

/** Whether a batch's write names a queued route: checked for every write before any is applied,
 *  so a batch holding anything else is refused whole. */
export const namesQueuedRoute = (method: string, path: string): boolean =>
  QUEUED_PATHS.some((route) => route.method === method && route.path.test(path));
