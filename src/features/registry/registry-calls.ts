// The two registry calls of these screens, on the app's one HTTP door. Both need the network and
// may run long (the server asks Snowracer in batches), so they wait longer than the usual 20 s;
// a failure comes back as a message, never thrown.
import { OFFLINE_MESSAGE, failure, type Answer } from '../../api/call';
import { http } from '../../api/http';
import { routePath } from '../../api/route-call';
import { REGISTRY_SEGMENT } from '../../domain/constants/choices';
import { registryApi, type RegistryImportResult } from '../../domain/schemas/api/registry';

const LONG_CALL_MS = 120_000;
const TOO_SLOW =
  'Snowracer took too long to answer. Please try again: what was already imported is not imported twice.';
const IMPORT_FAILED = 'The import could not be completed.';
const EXPORT_FAILED = 'The Snowracer file could not be made.';

export type Outcome<T> = { ok: true; data: T } | { ok: false; message: string };

type RegistryRoute = typeof registryApi.importPost | typeof registryApi.export;

/** Through ky itself, not callRoute: these need a longer timeout, and the export is a file. */
async function send(route: RegistryRoute, eventId: string | null): Promise<Outcome<Response>> {
  const path = routePath(route, { query: eventId ? { EventId: eventId } : {} }).replace(/^\//, '');
  try {
    return { ok: true, data: await http(path, { method: route.method, timeout: LONG_CALL_MS }) };
  } catch (err) {
    return { ok: false, message: err instanceof Error && err.name === 'TimeoutError' ? TOO_SLOW : OFFLINE_MESSAGE };
  }
}

async function answerOf(response: Response): Promise<Answer> {
  try {
    const body: unknown = await response.json();
    return {
      status: response.status,
      body: body && typeof body === 'object' ? (body as Record<string, unknown>) : null,
    };
  } catch {
    return { status: response.status, body: null };
  }
}

export async function importFromRegistry(eventId: string | null): Promise<Outcome<RegistryImportResult>> {
  // POST: the import changes data (the server also answers the spec's GET, from this app only).
  const sent = await send(registryApi.importPost, eventId);
  if (!sent.ok) return sent;
  const response = sent.data;
  const answer = await answerOf(response);
  const parsed = response.ok ? registryApi.importPost.response.safeParse(answer.body) : null;
  if (parsed?.success) return { ok: true, data: parsed.data };
  return { ok: false, message: failure(answer, IMPORT_FAILED).message };
}

/** The file and the name the server gives it. */
export async function fetchRegistryFile(eventId: string | null): Promise<Outcome<{ blob: Blob; name: string }>> {
  const sent = await send(registryApi.export, eventId);
  if (!sent.ok) return sent;
  const response = sent.data;
  if (!response.ok) return { ok: false, message: failure(await answerOf(response), EXPORT_FAILED).message };
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${REGISTRY_SEGMENT}.csv`;
  return { ok: true, data: { blob: await response.blob(), name } };
}
