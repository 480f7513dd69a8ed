// Error codes shared by server and client. The server puts one in every error body (`code`);
// the client decides what to do by code, never by parsing message text.

export const ERROR_CODES = {
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  VALIDATION: 'VALIDATION',
  /** The request body is larger than the route accepts (constants/limits). */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** A stale row version: the client pulls, merges and resends (src/sync/README.md 'Flush'). */
  CONFLICT: 'CONFLICT',
  /** A business rule refused the write; resending the same data cannot succeed. */
  RULE_VIOLATION: 'RULE_VIOLATION',
  DUPLICATE_ENTRY: 'DUPLICATE_ENTRY',
  BIB_TAKEN: 'BIB_TAKEN',
  EVENT_LOCKED: 'EVENT_LOCKED',
  VOLUNTEERS_LOCKED: 'VOLUNTEERS_LOCKED',
  RATE_LIMITED: 'RATE_LIMITED',
  /** The request line or headers are longer than the server reads (Node's 16 KiB). */
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  /** The request did not arrive whole in time. */
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  OVERLOADED: 'OVERLOADED',
  RESET_TOKEN_INVALID: 'RESET_TOKEN_INVALID',
  REGISTRY_UNAVAILABLE: 'REGISTRY_UNAVAILABLE',
  ACCOUNTING_UNAVAILABLE: 'ACCOUNTING_UNAVAILABLE',
  PAYMENT_UNAVAILABLE: 'PAYMENT_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
export const ERROR_CODE_LIST = Object.values(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** HTTP status per code. Business refusals are 422, not 409: the client's 409 handling merges and
 *  resends, which would loop on a refusal that no resend can cure. Locks are 410 (spec section 8). */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VALIDATION: 400,
  PAYLOAD_TOO_LARGE: 413,
  CONFLICT: 409,
  RULE_VIOLATION: 422,
  DUPLICATE_ENTRY: 422,
  BIB_TAKEN: 422,
  EVENT_LOCKED: 410,
  VOLUNTEERS_LOCKED: 410,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  OVERLOADED: 503,
  RESET_TOKEN_INVALID: 400,
  REGISTRY_UNAVAILABLE: 502,
  ACCOUNTING_UNAVAILABLE: 502,
  PAYMENT_UNAVAILABLE: 502,
  INTERNAL: 500,
};

export interface FieldError {
  path: string;
  message: string;
}

/** A refusal raised by shared rules; the server's error handler turns it into the error body. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: readonly FieldError[] | undefined;

  constructor(code: ErrorCode, message: string, fields?: readonly FieldError[]) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fields = fields;
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODE_LIST as readonly string[]).includes(value);
}
