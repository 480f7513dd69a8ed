// Every call the client makes goes through a route of the domain contract (src/domain/schemas/api):
// the path is filled from the route's url and params, the query and body are typed by the route's
// schemas, and a 2xx answer is parsed by the route's response schema. A screen never writes a path.
// Answers come back as values, never thrown (null when the network failed), as `call` does.
import type { z } from 'zod';
import {
  fillPath,
  type RouteBody,
  type RouteContract,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '../domain/schemas/route';
import { call, type Answer } from './call';

type Part<S, K extends string, V> = S extends z.ZodType ? Record<K, V> : Partial<Record<K, never>>;

/** What a call of route R sends: its params and body when the route has them, its query when it
 *  takes one, and extra headers (an idempotency key). */
export type RouteInput<R extends RouteContract> = Part<R['params'], 'params', RouteParams<R>> &
  (R['querystring'] extends z.ZodType ? { query?: RouteQuery<R> } : { query?: never }) &
  Part<R['body'], 'body', RouteBody<R>> & { headers?: Record<string, string> };

/** The input may be left out when the route needs nothing (no params, no body). */
export type OptionalWhenEmpty<I> = Partial<I> extends I ? [I?] : [I];

/** The answer; `data` is the parsed body of a 2xx answer whose body the route's schema accepts. */
export type RouteAnswer<R extends RouteContract> = Answer & { data?: RouteResponse<R>; unreadable?: boolean };

/** The route's path with its params filled in and its query appended (objects as JSON text). */
export function routePath<R extends RouteContract>(
  route: R,
  input: { params?: unknown; query?: unknown } = {},
): string {
  const path = fillPath(route.url, (input.params ?? {}) as Record<string, string | number>);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    query.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Calls route R; on a 2xx answer `data` holds the body as the route's response schema reads it,
 *  and `unreadable` says the body did not match (an app older or newer than the server). */
export async function callRoute<R extends RouteContract>(
  route: R,
  ...[input]: OptionalWhenEmpty<RouteInput<R>>
): Promise<RouteAnswer<R> | null> {
  const { body, headers } = (input ?? {}) as { body?: unknown; headers?: Record<string, string> };
  const answer = await call(methodOf(route), routePath(route, input).replace(/^\//, ''), body, headers);
  if (!answer || answer.status < 200 || answer.status >= 300) return answer;
  const parsed = route.response.safeParse(answer.json);
  return parsed.success ? { ...answer, data: parsed.data as RouteResponse<R> } : { ...answer, unreadable: true };
}

function methodOf(route: RouteContract): 'get' | 'post' | 'put' | 'delete' | 'patch' {
  return route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
}
