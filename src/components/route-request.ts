// A call of one route of the contract with what it sends, as a value: the hooks that load a list
// or keep a fetched copy take one, so a screen names its route and never writes a path.
import { callRoute, routePath, type RouteAnswer, type RouteInput } from '../api/route-call';
import type { RouteContract } from '../domain/schemas/route';

export type RouteRequest<R extends RouteContract = RouteContract> = { route: R } & (Partial<
  RouteInput<R>
> extends RouteInput<R>
  ? { input?: RouteInput<R> }
  : { input: RouteInput<R> });

/** The request's path and query: what tells one request from another (and names a kept copy). */
export function requestPath(request: RouteRequest): string {
  return routePath(request.route, request.input as { params?: unknown; query?: unknown } | undefined);
}

/** callRoute for a request whose route is only known as a type parameter. */
export function sendRequest<R extends RouteContract>(
  request: RouteRequest<R>,
  headers?: Record<string, string>,
): Promise<RouteAnswer<R> | null> {
  const input = (request.input ?? {}) as RouteInput<R>;
  const send = callRoute as (route: R, input: RouteInput<R>) => Promise<RouteAnswer<R> | null>;
  return send(request.route, headers ? { ...input, headers: { ...input.headers, ...headers } } : input);
}
