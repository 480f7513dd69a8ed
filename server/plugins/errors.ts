// The one error shape: { statusCode, error, message, code, fields? }. Bad input is a 400 naming
// the fields; database constraint violations become 422 with a readable message; anything
// unexpected is logged and answered 500 without internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { DomainError, ERROR_CODES, type ErrorCode } from '../../src/domain/errors';
import { HttpError, type FieldError } from '../http-errors';
import { dbRefusal } from '../db/errors';

export type ErrorBody = {
  statusCode: number;
  error: string;
  message: string;
  code: ErrorCode;
  fields?: FieldError[];
  [detail: string]: unknown;
};

export function errorBody(err: HttpError): ErrorBody {
  return {
    // Details first: they may add members (a 409's `current`) but never replace the common ones.
    ...(err.details ?? {}),
    statusCode: err.statusCode,
    error: STATUS_CODES[err.statusCode] ?? 'Error',
    message: err.message,
    code: err.code,
    ...(err.fields?.length ? { fields: err.fields } : {}),
  };
}

/** Codes of Fastify's own 4xx refusals; any other is a bad request (VALIDATION). */
const FRAMEWORK_CODES: Readonly<Record<number, ErrorCode>> = {
  413: ERROR_CODES.PAYLOAD_TOO_LARGE, // body over the route's bodyLimit (plugins/input-limits)
  429: ERROR_CODES.RATE_LIMITED,
};

const MAX_FIELDS_NAMED = 5;

/** Translates whatever was thrown into an HttpError, or undefined for a genuine server fault. */
function toHttpError(err: unknown): HttpError | undefined {
  if (err instanceof HttpError) return err;
  if (err instanceof DomainError)
    return new HttpError(err.status, err.code, err.message, err.fields ? [...err.fields] : undefined);
  const fe = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fe)) {
    const fields = fe.validation.map((v) => ({
      path: [fe.validationContext, ...v.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.'),
      message: v.message ?? 'Invalid value',
    }));
    // The message names the first few fields (a 2,000-row batch could fail on every row); `fields`
    // keeps them all, for the rows concerned.
    const named = fields
      .slice(0, MAX_FIELDS_NAMED)
      .map((f) => `${f.path} ${f.message}`)
      .join('; ');
    const more = fields.length > MAX_FIELDS_NAMED ? ` and ${fields.length - MAX_FIELDS_NAMED} more` : '';
    return new HttpError(
      400,
      ERROR_CODES.VALIDATION,
      `Invalid ${fe.validationContext ?? 'request'}: ${named}${more}`,
      fields,
    );
  }
  const refusal = dbRefusal(err);
  // Constraint violations are business refusals (422): resending the same data cannot cure them.
  if (refusal?.kind === 'unique')
    return new HttpError(422, ERROR_CODES.DUPLICATE_ENTRY, 'That would duplicate an existing record.');
  if (refusal?.kind === 'missing-reference')
    return new HttpError(422, ERROR_CODES.RULE_VIOLATION, 'That refers to a record that does not exist.');
  if (refusal?.kind === 'bad-data') return new HttpError(400, ERROR_CODES.VALIDATION, 'Invalid value in request');
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new HttpError(fe.statusCode, FRAMEWORK_CODES[fe.statusCode] ?? ERROR_CODES.VALIDATION, fe.message);
  }
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err, request, reply) => {
    const http = toHttpError(err);
    if (!http) {
      request.log.error({ err }, 'unhandled error');
      return reply
        .code(500)
        .send({ statusCode: 500, error: 'Internal Server Error', message: 'Server Error', code: ERROR_CODES.INTERNAL });
    }
    if (http.statusCode === 401) reply.header('cache-control', 'no-store');
    return reply.code(http.statusCode).send(errorBody(http));
  });
}
