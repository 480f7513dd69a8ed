// What a failed query means, from PostgreSQL's SQLSTATE (the same codes on PGlite), found on the
// driver's error or on any error it caused: the one place that knows the codes
// (postgresql.org/docs/current/errcodes-appendix.html).
export type DbRefusal =
  /** 23505: a unique index already holds the value. */
  | { kind: 'unique'; constraint?: string }
  /** 23503: a reference to a row that does not exist. */
  | { kind: 'missing-reference'; constraint?: string }
  /** Class 22, 'data exception': a bad number, date or text encoding (a NUL byte). */
  | { kind: 'bad-data' };

function sqlState(err: unknown): { code: string; constraint?: string } | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const c = (e as { code?: unknown }).code;
    if (typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c)) return e as { code: string; constraint?: string };
  }
  return undefined;
}

/** The refusal a database error stands for, or undefined for any other failure. */
export function dbRefusal(err: unknown): DbRefusal | undefined {
  const state = sqlState(err);
  if (!state) return undefined;
  if (state.code === '23505') return { kind: 'unique', constraint: state.constraint };
  if (state.code === '23503') return { kind: 'missing-reference', constraint: state.constraint };
  if (state.code.startsWith('22')) return { kind: 'bad-data' };
  return undefined;
}

/** A unique index refused the write (this one, when named). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const refusal = dbRefusal(err);
  return refusal?.kind === 'unique' && (constraint === undefined || refusal.constraint === constraint);
}
