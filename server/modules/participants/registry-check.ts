// The registry check of a participant write: a new participant, or a changed snow id, must be an
// active athlete of the registry ('Snow Id not found or is inactive', 422), and a registry that
// cannot be reached answers 503 (retryable; the offline client sends the item again later).
//
// Lookups run before the write's transaction (prefetchAthletes): the registry may be a remote
// service, and the built-in one reads the database outside the transaction, which on PGlite (one
// connection) would wait for the transaction forever. A failure is remembered, not thrown, so a
// replayed write still gets its stored answer; the write itself throws when it needs that id.
import { inArray } from 'drizzle-orm';
import { ERROR_CODES } from '../../../src/domain/errors';
import { MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { participants } from '../../db/schema';
import { HttpError } from '../../http-errors';
import type { Athlete, AthleteRegistry } from '../../integrations/registry';

export type Athletes = Map<string, Athlete | null | 'unavailable'>;

export const registryUnavailable = () =>
  new HttpError(503, ERROR_CODES.REGISTRY_UNAVAILABLE, MESSAGES.registryConnectionError);

const snowIdRefused = (path: string) =>
  new HttpError(422, ERROR_CODES.RULE_VIOLATION, MESSAGES.snowIdNotFoundOrInactive, [
    { path, message: MESSAGES.snowIdNotFoundOrInactive },
  ]);

export async function prefetchAthletes(registry: AthleteRegistry, snowIds: Iterable<string>): Promise<Athletes> {
  const unique = [...new Set(snowIds)];
  const found = await Promise.all(
    unique.map(async (snowId): Promise<[string, Athlete | null | 'unavailable']> => {
      try {
        return [snowId, await registry.lookup(snowId)];
      } catch {
        return [snowId, 'unavailable'];
      }
    }),
  );
  return new Map(found);
}

type Incoming = { id?: string; snowId?: string | null };

/**
 * Snow ids the writes will have to check: every one of a POST; for PATCH and PUT those of new rows
 * and those that differ from the stored row. Read outside the transaction; the write decides again
 * inside it and answers 503 (retry) in the rare case that it needs an id not looked up here.
 */
export async function snowIdsToCheck(db: Db, rows: Incoming[], always: boolean): Promise<string[]> {
  const wanted = rows.filter((r): r is Incoming & { snowId: string } => typeof r.snowId === 'string');
  if (always) return wanted.map((r) => r.snowId);
  const ids = wanted.flatMap((r) => (r.id ? [r.id] : []));
  const stored = ids.length
    ? await db
        .select({ id: participants.id, snowId: participants.snowId })
        .from(participants)
        .where(inArray(participants.id, ids))
    : [];
  const byId = new Map(stored.map((s) => [s.id, s.snowId]));
  return wanted.filter((r) => !r.id || !byId.has(r.id) || byId.get(r.id) !== r.snowId).map((r) => r.snowId);
}

/** The registry's answer for a snow id, as the participant's snowIdActive (always 1: an inactive
 *  athlete is refused). */
export function checkSnowId(athletes: Athletes, snowId: string, path: string): 0 | 1 {
  const athlete = athletes.get(snowId);
  if (athlete === undefined || athlete === 'unavailable') throw registryUnavailable();
  if (!athlete || !athlete.active) throw snowIdRefused(path);
  return 1;
}
