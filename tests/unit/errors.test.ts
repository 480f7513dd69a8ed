import { describe, expect, it } from 'vitest';
import { DomainError, ERROR_CODES, ERROR_STATUS, errorBodySchema, isErrorCode } from '../../src/domain';

describe('shared error codes', () => {
  it('answers 410 for the event and volunteer locks', () => {
    expect(ERROR_STATUS.EVENT_LOCKED).toBe(410);
    expect(ERROR_STATUS.VOLUNTEERS_LOCKED).toBe(410);
  });

  it('answers 401 for sign-in problems and 429 when rate limited', () => {
    expect(ERROR_STATUS.UNAUTHENTICATED).toBe(401);
    expect(ERROR_STATUS.SESSION_EXPIRED).toBe(401);
    expect(ERROR_STATUS.RATE_LIMITED).toBe(429);
  });

  it('keeps 409 for stale versions and 422 for business refusals', () => {
    expect(ERROR_STATUS.CONFLICT).toBe(409);
    expect(ERROR_STATUS.DUPLICATE_ENTRY).toBe(422);
    expect(ERROR_STATUS.BIB_TAKEN).toBe(422);
  });

  it('gives every code a status', () => {
    for (const code of Object.values(ERROR_CODES)) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
  });

  it('carries code, status and fields on a DomainError', () => {
    const error = new DomainError('BIB_TAKEN', 'Bib 7 is already assigned to Sam Lee.', [
      { path: 'bib', message: 'taken' },
    ]);
    expect(error).toBeInstanceOf(Error);
    expect([error.code, error.status, error.fields?.length]).toEqual(['BIB_TAKEN', 422, 1]);
  });

  it('recognises error codes', () => {
    expect(isErrorCode('EVENT_LOCKED')).toBe(true);
    expect(isErrorCode('NOPE')).toBe(false);
  });

  it('describes the one error body', () => {
    const body = { statusCode: 410, error: 'Gone', message: 'locked', code: 'EVENT_LOCKED' };
    expect(errorBodySchema.parse(body)).toEqual(body);
    expect(errorBodySchema.safeParse({ ...body, code: 'NOPE' }).success).toBe(false);
    expect(errorBodySchema.parse({ ...body, fields: [{ path: 'mobile', message: 'x' }] }).fields).toHaveLength(1);
  });
});
