import { MESSAGES } from '../messages';

export type SnowIdLookupFailure =
  | { kind: 'empty' } // the registry answered but returned no athlete
  | { kind: 'http'; status: number }
  | { kind: 'network' };

/** The spec's message for a failed snow id lookup: none found, 404, anything else. */
export function snowIdLookupMessage(failure: SnowIdLookupFailure): string {
  if (failure.kind === 'empty') return MESSAGES.snowIdNotFound;
  if (failure.kind === 'http' && failure.status === 404) return MESSAGES.snowIdNotFoundOrInactive;
  return MESSAGES.registryConnectionError;
}
