// The request target must be the plain path a browser or our client sends. The router decodes
// percent-encoding, ignores a trailing slash and accepts absolute-form targets, so the same route
// can be reached by many spellings; every check downstream is decided by the matched route (authz,
// admission, caching), and this door refuses the odd spellings outright so none of them ever
// reaches a handler: absolute-form ('http://x/api/users') and asterisk-form targets, empty or dot
// segments ('//', '/./', '/../'), ';' parameters, backslashes, and percent-encoded characters that
// never need encoding (letters, digits, '-', '.', '_', '~') or that change the path's shape ('/').
// Upper-case spellings need no rule: routes match case-sensitively, so '/API/users' is no route.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../http-errors';

/** Unreserved characters (RFC 3986 §2.3) and '/' (%2F) percent-encoded, and '\' (%5C). */
const NEEDLESSLY_ENCODED = /%(?:[46][1-9A-F]|[57][0-9A]|3[0-9]|2[DEF]|5[CF]|7E)/i;
const DOT_SEGMENT = /(?:^|\/)\.{1,2}(?:\/|$)/;

/** Why a request target is refused, or null when it is the plain path form. */
function oddTarget(target: string): string | null {
  if (!target.startsWith('/')) return 'Invalid URL: only a path is accepted as the request target';
  const path = target.split('?', 1)[0]!;
  if (path.includes('//')) return 'Invalid URL: empty path segment';
  if (DOT_SEGMENT.test(path)) return 'Invalid URL: dot segment in the path';
  if (path.includes(';')) return 'Invalid URL: ";" in the path';
  if (path.includes('\\')) return 'Invalid URL: backslash in the path';
  if (NEEDLESSLY_ENCODED.test(path)) return 'Invalid URL: a character in the path is percent-encoded needlessly';
  return null;
}

export const requestTargetPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const why = oddTarget(request.raw.url ?? '');
      if (why) throw badRequest(why);
    });
  },
  { name: 'request-target' },
);
