// Calls to the athlete registry through our server (GET /api/snowracer/{snowId}). Needs the
// network: screens disable the lookup offline. Failures map to the spec's three messages.
import { SNOW_ID_PATTERN } from '../domain/constants/limits';
import { registryApi, type RegistryAthlete } from '../domain/schemas/api/registry';
import { snowIdLookupMessage } from '../domain/rules/snow-id-lookup';
import { callRoute } from './route-call';

export type SnowIdLookupResult =
  { ok: true; athlete: RegistryAthlete } | { ok: false; message: string; status?: number };

/** Looks a snow id up. Found and active -> the athlete; 404 (or an inactive athlete) -> 'Snow Id
 *  not found or is inactive'; an empty or unreadable answer, or an id that is not digits -> 'Snow
 *  Id not found' (without asking); too many lookups -> a request to wait; any other
 *  failure -> 'Error connecting to the athlete registry'. Never throws. */
export async function lookupSnowId(snowId: string): Promise<SnowIdLookupResult> {
  const id = snowId.trim();
  if (id === '') return { ok: false, message: snowIdLookupMessage({ kind: 'empty' }) };
  // Snow ids are digits: anything else cannot be in the registry, and the server would refuse it.
  if (!SNOW_ID_PATTERN.test(id)) return { ok: false, message: snowIdLookupMessage({ kind: 'empty' }) };
  const answer = await callRoute(registryApi.lookup, { params: { snowId: id } });
  if (!answer) return { ok: false, message: snowIdLookupMessage({ kind: 'network' }) };
  if (answer.status < 200 || answer.status >= 300) {
    return { ok: false, status: answer.status, message: snowIdLookupMessage({ kind: 'http', status: answer.status }) };
  }
  if (!answer.data) return { ok: false, message: snowIdLookupMessage({ kind: 'empty' }) };
  if (!answer.data.active) {
    return { ok: false, status: 404, message: snowIdLookupMessage({ kind: 'http', status: 404 }) };
  }
  return { ok: true, athlete: answer.data };
}
