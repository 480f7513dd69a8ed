// One description per call of the spec (section 7): method, url (Fastify's :param syntax), who
// may call it, and the zod schemas of params, query, body and the 200 answer. The server registers routes
// from these (routeSchema) and the client builds typed calls from the same objects.
import type { z } from 'zod';
import type { UserType } from '../constants/choices';

/** Who may call a route: anyone, anyone signed in, or users of these types. The server decides
 *  by it for the route the router matched (server/plugins/authz.ts); nothing else declares it. */
export type RouteAccess = 'public' | 'signed-in' | readonly UserType[];

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContract {
  method: HttpMethod;
  url: string;
  access: RouteAccess;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** A write the device queues in its outbox (src/sync/write-adapter.ts takes only these), and so
   *  one of the few a batch of queued writes may carry (POST /api/sync/batch). */
  queued?: true;
}

export function defineRoute<const R extends RouteContract>(route: R): R {
  return route;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends (input types: e.g. 0 is accepted where the server reads null). */
export type RouteParams<R extends RouteContract> = InputOf<R['params']>;
export type RouteQuery<R extends RouteContract> = InputOf<R['querystring']>;
export type RouteBody<R extends RouteContract> = InputOf<R['body']>;
export type ParsedQuery<R extends RouteContract> = OutputOf<R['querystring']>;
export type ParsedBody<R extends RouteContract> = OutputOf<R['body']>;
/** What the call answers with on success. */
export type RouteResponse<R extends RouteContract> = z.output<R['response']>;

type Part<S, K extends string> = S extends z.ZodType ? { [P in K]: S } : unknown;

/** The Fastify `schema` option of a route: the parts the contract defines, each typed as the
 *  contract types it, so a handler reads `request.body` as the route's body. */
export type RouteSchema<R extends RouteContract> = Part<R['params'], 'params'> &
  Part<R['querystring'], 'querystring'> &
  Part<R['body'], 'body'> & { response: { 200: R['response'] } };

export function routeSchema<R extends RouteContract>(route: R): RouteSchema<R> {
  return {
    ...(route.params ? { params: route.params } : {}),
    ...(route.querystring ? { querystring: route.querystring } : {}),
    ...(route.body ? { body: route.body } : {}),
    response: { 200: route.response },
  } as RouteSchema<R>;
}

/** '/api/metrics/:EventId/:SchoolId' + { EventId, SchoolId } -> '/api/metrics/<id>/<id>'. */
export function fillPath(url: string, params: Readonly<Record<string, string | number>> = {}): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${url}`);
    return encodeURIComponent(String(value));
  });
}
