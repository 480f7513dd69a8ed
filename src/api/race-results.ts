// A race's results file to the server (docs/decisions.md, 'Results from the timing system'): read
// first, answering each row with its racer or why it is not imported, then the same file again
// with confirm=1 to write them. Both need the network; sent with upload progress (upload.ts). And
// a race's qualifiers confirmed, online too.
import type { RouteQuery } from '../domain/schemas/route';
import type { Qualifier } from '../domain/schemas';
import {
  raceResultsApi,
  type ConfirmQualifiersBody,
  type ResultsImportAnswer,
} from '../domain/schemas/api/race-results';
import { failure, type CallResult } from './call';
import { callRoute, routePath } from './route-call';
import { uploadWithProgress } from './upload';

export type ResultsRace = Omit<RouteQuery<typeof raceResultsApi.import>, 'confirm'>;

export function sendRaceResults(
  file: Blob,
  race: ResultsRace,
  confirm: boolean,
  onProgress: (sent: number) => void,
): Promise<CallResult<ResultsImportAnswer>> {
  return uploadWithProgress({
    path: routePath(raceResultsApi.import, { query: { ...race, ...(confirm ? { confirm: '1' } : {}) } }),
    file,
    // The server decides by the file's bytes; the declared type only has to be one it takes.
    contentType: 'application/octet-stream',
    schema: raceResultsApi.import.response,
    failed: confirm ? 'The results could not be saved. Try again.' : 'The file could not be read. Try again.',
    onProgress,
  });
}

/** Confirms a race's proposed qualifiers as invitations to `ToEventId` (online): the server ranks
 *  the race again and answers the qualifiers it wrote. */
export async function confirmRaceQualifiers(body: ConfirmQualifiersBody): Promise<CallResult<Qualifier[]>> {
  const answer = await callRoute(raceResultsApi.confirmQualifiers, { body });
  if (answer?.data) return { ok: true, data: answer.data };
  return failure(answer, 'The qualifiers could not be confirmed. Try again.');
}
