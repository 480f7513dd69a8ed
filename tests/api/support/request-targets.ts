// Other spellings of a route's request target, sent over real HTTP: app.inject (light-my-request)
// parses the URL first and so would quietly turn '/api/./users' or 'http://x/api/users' back into
// the plain path. Used by the authorisation matrix and the fuzz test for every registered route.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

export type RawAnswer = { statusCode: number; headers: Record<string, string | string[] | undefined>; body: string };

/** Sends `target` exactly as given as the request line's target. */
export function rawRequest(
  port: number,
  opts: { method: string; target: string; cookie?: string; body?: string; contentType?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${port}` };
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.body !== undefined) {
      headers['content-type'] = opts.contentType ?? 'application/json';
      headers['content-length'] = String(Buffer.byteLength(opts.body));
    }
    const req = httpRequest(
      { host: '127.0.0.1', port, method: opts.method, path: opts.target, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            statusCode: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** Listens on a free loopback port; answers the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

const encode = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
/** Splits '/a/b?x=1' into its path and its query (with the '?'). */
const split = (target: string): [string, string] => {
  const i = target.indexOf('?');
  return i < 0 ? [target, ''] : [target.slice(0, i), target.slice(i)];
};
const onPath = (f: (path: string) => string) => (target: string) => {
  const [path, query] = split(target);
  return f(path) + query;
};

/**
 * Spellings of a target that a router may take for the same route, each of which must be refused
 * (400, or 404 as no route) before any handler runs. (A trailing slash is the same route by design
 * and is checked apart: it must meet the same checks.)
 */
export const ODD_TARGETS: Readonly<Record<string, (target: string) => string>> = {
  'its first letter percent-encoded': onPath((p) => p.replace(/[a-z]/, encode)),
  'a letter percent-encoded in lower-case hex': onPath((p) =>
    p.replace(/[a-z](?=[^/]*$)/, (c) => encode(c).toLowerCase()),
  ),
  'a slash percent-encoded': onPath((p) => p.replace(/\/(?=[^/]*$)/, '%2F')),
  'a doubled slash': onPath((p) => p.replace(/\//g, (s, i: number) => (i === p.lastIndexOf('/') ? '//' : s))),
  'a leading doubled slash': onPath((p) => `/${p}`),
  'a dot segment': onPath((p) => p.replace(/^(\/[^/]+)\//, '$1/./')),
  'a parent segment': onPath((p) => p.replace(/^(\/[^/]+)\//, '$1/x/../')),
  'a ; parameter': onPath((p) => `${p};jsessionid=1`),
  'upper case': onPath((p) => p.toUpperCase()),
  'absolute form': (t) => `http://attacker.test${t}`,
  'absolute form with the host': (t) => `http://127.0.0.1${t}`,
  'a backslash': onPath((p) => p.replace(/\/(?=[^/]*$)/, '\\')),
};

export const withTrailingSlash = onPath((p) => (p.endsWith('/') ? p : `${p}/`));

/** Random odd spellings (one to three of the above, in any order) for the fuzz test. */
export const oddTargetOf = (target: string): fc.Arbitrary<{ how: string[]; target: string }> =>
  fc
    .shuffledSubarray(Object.keys(ODD_TARGETS), { minLength: 1, maxLength: 3 })
    .map((how) => ({ how, target: how.reduce((t, name) => ODD_TARGETS[name]!(t), target) }))
    .filter(({ target: t }) => t !== target);
