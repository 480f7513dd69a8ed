// The athlete registry over HTTP (the protocol is in docs/registry.md): chosen when REGISTRY_URL
// is set, authenticated with REGISTRY_API_KEY as a bearer token. Keeps nothing: every call asks
// the service. An unknown snow id (404) is null; anything else that is not a well-formed answer
// (5xx, a refused key, a timeout, a redirect, an oversized or malformed body) throws, and the
// routes answer 503 'Error connecting to the athlete registry'. Answers are validated: an athlete
// outside our bounds is a failure, never stored half-trusted.
import { z } from 'zod';
import { registryAthleteSchema } from '../../../src/domain/schemas/api/registry';
import type { RegistryConfig } from '../../config';
import type { Athlete, AthleteRegistry, PersonKey } from './index';

/** Ids or people per request: keeps each request and answer small and well under any timeout. */
export const REGISTRY_BATCH = 500;
/** Larger than any honest answer of one batch; beyond it the answer is refused unread. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

const athleteSchema = registryAthleteSchema.extend({ waiverCompleted: z.boolean().optional() });
const athletesAnswer = z.object({ athletes: z.array(athleteSchema).max(REGISTRY_BATCH * 4) });
const countAnswer = z.object({ count: z.number().int().nonnegative() });

/** The registry could not give a usable answer; the message names the call, never the key. */
class RegistryError extends Error {}

export type HttpRegistryOptions = RegistryConfig & { fetch?: typeof fetch };

async function readJson(response: Response, what: string): Promise<unknown> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_ANSWER_BYTES) throw new RegistryError(`${what}: the answer is too large`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > MAX_ANSWER_BYTES) throw new RegistryError(`${what}: the answer is too large`);
      chunks.push(chunk);
    }
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (err) {
    throw new RegistryError(`${what}: the answer is not JSON`, { cause: err });
  }
}

function parse<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new RegistryError(`${what}: malformed answer (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  return parsed.data;
}

/** Every method of the registry, batches and search included. */
export type FullRegistry = AthleteRegistry & Required<Pick<AthleteRegistry, 'lookupMany' | 'findByNames'>>;

/** Where and how every request goes: the service's base url, our key, the time allowed. */
type RegistryClient = { base: string; apiKey: string; timeoutMs: number; send: typeof fetch };

/** One request; answers the response when its status is 2xx or one of `accept`. */
async function request(
  client: RegistryClient,
  path: string,
  what: string,
  body?: unknown,
  accept: readonly number[] = [],
): Promise<Response> {
  let response: Response;
  try {
    response = await client.send(`${client.base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${client.apiKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      // The timeout covers the body too: a registry that stalls mid-answer fails like one
      // that never answers. No redirects: the key must go to the configured service only.
      signal: AbortSignal.timeout(client.timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    throw new RegistryError(
      `${what}: ${err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'unreachable'}`,
      { cause: err },
    );
  }
  if (!response.ok && !accept.includes(response.status)) {
    await response.body?.cancel().catch(() => undefined);
    throw new RegistryError(
      `${what}: HTTP ${response.status}${response.status === 401 || response.status === 403 ? ' (the API key was refused)' : ''}`,
    );
  }
  return response;
}

async function athletes(client: RegistryClient, path: string, what: string, body: unknown): Promise<Athlete[]> {
  const response = await request(client, path, what, body);
  return parse(athletesAnswer, await readJson(response, what), what).athletes;
}

export function createHttpRegistry(opts: HttpRegistryOptions): FullRegistry {
  const client: RegistryClient = {
    base: opts.url.replace(/\/+$/, ''),
    apiKey: opts.apiKey,
    timeoutMs: opts.timeoutMs,
    send: opts.fetch ?? fetch,
  };

  return {
    async lookup(snowId) {
      const what = 'registry lookup';
      const response = await request(client, `/athletes/${encodeURIComponent(snowId)}`, what, undefined, [404]);
      if (response.status === 404) {
        await response.body?.cancel().catch(() => undefined);
        return null;
      }
      const athlete = parse(athleteSchema, await readJson(response, what), what);
      if (athlete.snowId !== snowId) throw new RegistryError(`${what}: answered another snow id`);
      return athlete;
    },

    async lookupMany(snowIds) {
      const found = new Map<string, Athlete>();
      const unique = [...new Set(snowIds)];
      for (let i = 0; i < unique.length; i += REGISTRY_BATCH) {
        const asked = unique.slice(i, i + REGISTRY_BATCH);
        const wanted = new Set(asked);
        for (const athlete of await athletes(client, '/athletes/lookup', 'registry batch lookup', { snowIds: asked })) {
          if (!wanted.has(athlete.snowId))
            throw new RegistryError('registry batch lookup: answered a snow id not asked for');
          found.set(athlete.snowId, athlete);
        }
      }
      return found;
    },

    async findByNames(people: readonly PersonKey[]) {
      const found: Athlete[] = [];
      for (let i = 0; i < people.length; i += REGISTRY_BATCH) {
        const batch = people
          .slice(i, i + REGISTRY_BATCH)
          .map(({ firstname, lastname, dob }) => ({ firstname, lastname, dob }));
        found.push(...(await athletes(client, '/athletes/search', 'registry search', { people: batch })));
      }
      return found;
    },

    async count() {
      const what = 'registry count';
      const response = await request(client, '/athletes/count', what);
      return parse(countAnswer, await readJson(response, what), what).count;
    },
  };
}
