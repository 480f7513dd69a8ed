// Bounds on a request before any handler runs.
//
// Size: Fastify's bodyLimit (MAX_BODY_BYTES for every route, set in app.ts; batch saves declare
// MAX_BATCH_BODY_BYTES as their route option). A larger body is refused with 413 while it is
// still arriving, and the error plugin answers it with the common error body.
//
// Nesting: this plugin replaces the JSON body parser with one that first measures how deeply the
// text nests arrays and objects, without parsing it (one pass over the characters, skipping
// strings), and refuses anything deeper than MAX_JSON_DEPTH with 400. Only then does Fastify's own
// parser (secure-json-parse, with the app's prototype-poisoning settings: `__proto__` and
// `constructor.prototype` keys refused) build the value. JSON.parse and the schema validators
// recurse, so a 20,000-deep body must never reach them.
//
// URL: the router refuses a path that is not valid percent-encoding ('%zz') or whose parameter is
// longer than its maxParamLength (100); Fastify answers those itself, outside the error handler,
// with its own body. `frameworkErrors` answers them with the common error body instead (400).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../../src/domain/constants/limits';
import { ERROR_CODES } from '../../src/domain/errors';
import { HttpError } from '../http-errors';
import { errorBody } from './errors';

const FRAMEWORK_REFUSALS: Readonly<Record<string, string>> = {
  FST_ERR_BAD_URL: 'Invalid URL: a path segment is not valid percent-encoding',
  FST_ERR_MAX_PARAM_LENGTH: 'Invalid URL: a path parameter is too long',
};

/** The router's own refusals, answered with the common error body; anything else is a fault. */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message = FRAMEWORK_REFUSALS[error.code];
  if (message) {
    void reply.code(400).send(errorBody(new HttpError(400, ERROR_CODES.VALIDATION, message)));
    return;
  }
  request.log.error({ err: error }, 'router error');
  void reply
    .code(500)
    .send({ statusCode: 500, error: 'Internal Server Error', message: 'Server Error', code: ERROR_CODES.INTERNAL });
}

/** A request Node could not parse (a malformed request line, a head over 16 KiB, too slow): answered
 *  on the socket with the common error body, as no route, hook or handler can run for it. */
function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, ERROR_CODES.REQUEST_TIMEOUT, 'The request did not arrive in time']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, ERROR_CODES.HEADERS_TOO_LARGE, "The request's address or headers are too long"]
        : [400, ERROR_CODES.VALIDATION, 'Invalid request: it could not be read as HTTP'];
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(new HttpError(status, code, message)));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** The Fastify() options of these bounds: the default body size and the router's and Node's refusals. */
export const inputLimitOptions = {
  bodyLimit: MAX_BODY_BYTES,
  frameworkErrors,
  clientErrorHandler,
} satisfies Pick<FastifyServerOptions, 'bodyLimit' | 'frameworkErrors' | 'clientErrorHandler'>;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * True when the JSON text nests arrays and objects more than `maxDepth` deep (`[]` is depth 1).
 * Counts brackets outside strings; stops at the first level too deep. Malformed text is left to
 * the parser, which refuses it anyway.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

const tooDeep = (maxDepth: number) =>
  new HttpError(400, ERROR_CODES.VALIDATION, `Invalid body: JSON nested more than ${maxDepth} levels deep`);

export const inputLimitsPlugin = fp<{ maxDepth?: number }>(
  async (app: FastifyInstance, opts) => {
    const maxDepth = opts.maxDepth ?? MAX_JSON_DEPTH;
    const parseJson = app.getDefaultJsonParser(
      app.initialConfig.onProtoPoisoning ?? 'error',
      app.initialConfig.onConstructorPoisoning ?? 'error',
    );
    // No bodyLimit here: the route's own (or the app's) applies.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (jsonNestsDeeperThan(body as string, maxDepth)) {
        done(tooDeep(maxDepth), undefined);
        return;
      }
      parseJson(request, body as string, done);
    });
  },
  { name: 'input-limits' },
);
