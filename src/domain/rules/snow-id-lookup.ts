import { MESSAGES } from '../messages';
import { SERVER_MESSAGES } from '../server-messages';

export type SnowIdLookupFailure =
  | { kind: 'empty' } // the registry answered but returned no athlete
  | { kind: 'http'; status: number }
  | { kind: 'network' };

/** The spec's message for a failed snow id lookup: none found, 404, anything else; and ours when
 *  the per-user lookup limit answers 429 (it is not a connection error, waiting cures it). */
export function snowIdLookupMessage(failure: SnowIdLookupFailure): string {
  if (failure.kind === 'empty') return MESSAGES.snowIdNotFound;
  if (failure.kind === 'http' && failure.status === 404) return MESSAGES.snowIdNotFoundOrInactive;
  if (failure.kind === 'http' && failure.status === 429) return SERVER_MESSAGES.tooManyLookups;
  return MESSAGES.registryConnectionError;
}
