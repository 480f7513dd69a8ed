// Typed HTTP errors with the shared error codes. Routes and services throw these; the error
// plugin turns them into the one error body every client sees.
import { ERROR_CODES, type ErrorCode } from '../src/domain/errors';
import { SERVER_MESSAGES } from '../src/domain/server-messages';

export type FieldError = { path: string; message: string };

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    /** Extra members of the error body, e.g. `current` (the row as stored) on a 409. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: FieldError[]) =>
  new HttpError(400, ERROR_CODES.VALIDATION, message, fields);
export const unauthenticated = (message: string = SERVER_MESSAGES.unauthenticated) =>
  new HttpError(401, ERROR_CODES.UNAUTHENTICATED, message);
export const forbidden = (message: string = SERVER_MESSAGES.forbidden) =>
  new HttpError(403, ERROR_CODES.FORBIDDEN, message);
export const notFound = (message: string = SERVER_MESSAGES.notFound) =>
  new HttpError(404, ERROR_CODES.NOT_FOUND, message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new HttpError(409, ERROR_CODES.CONFLICT, message, undefined, details);
/** A business rule refused the write (422): resending the same data cannot succeed. */
export const unprocessable = (message: string, fields?: FieldError[]) =>
  new HttpError(422, ERROR_CODES.RULE_VIOLATION, message, fields);
