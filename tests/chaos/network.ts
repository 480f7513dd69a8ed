// What a device's network does to it during the chaos run. Each device gets its own fetch: it
// carries that device's cookies (one signed-in browser each), fails at once while the device is
// offline (a flapping connection), sometimes loses an answer after the server applied the write
// (the request went through, the device sees a network error: the exactly-once case), and, once
// its page is gone (a reload), never delivers an answer again.
import type { Random } from './random';

/** The cookies of one browser, kept the way a browser keeps them. */
export function cookieFetch(): typeof fetch {
  const cookies = new Map<string, string>();
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1).trim();
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(pair.slice(0, at).trim());
      else cookies.set(pair.slice(0, at).trim(), value);
    }
    return res;
  };
}

export type Weather = {
  offline: boolean;
  /** Probability that the answer to a write is lost after the server applied it. */
  lostAnswers: number;
};

export type NetworkCounts = { lostAnswers: number; refusedOffline: number };

/** One write as it went over the network, kept to explain a discrepancy afterwards. */
export type TraceLine = { at: number; device: string; page: number; writes: string; outcome: string };

/** The writes a request carries: method, path, sequence number and key, one or a batch. */
function writesOf(url: string, init: RequestInit | undefined): string {
  const headers = new Headers(init?.headers);
  const body = (value: unknown) => (value === undefined ? '' : ` ${JSON.stringify(value).slice(0, 300)}`);
  if (!url.endsWith('/api/sync/batch')) {
    return `${init?.method} ${new URL(url).pathname} #${headers.get('x-client-seq')}${body(init?.body ? JSON.parse(String(init.body)) : undefined)}`;
  }
  const { writes } = JSON.parse(String(init?.body)) as {
    writes: { method: string; path: string; seq: number; body?: unknown }[];
  };
  return writes.map((w) => `${w.method} ${w.path} #${w.seq}${body(w.body)}`).join(' | ');
}

async function outcomeOf(res: Response): Promise<string> {
  const text = await res
    .clone()
    .text()
    .catch(() => '');
  if (res.status !== 200 || !text.startsWith('{"answers"')) return `${res.status} ${text.slice(0, 160)}`;
  const { answers } = JSON.parse(text) as { answers: { status: number }[] };
  return `200 [${answers.map((a) => a.status).join(',')}]`;
}

/** The fetch one page of a device uses; `kill()` is the page going away (reload). */
export function chaosFetch(
  cookies: typeof fetch,
  weather: Weather,
  random: Random,
  counts: NetworkCounts,
  trace?: { device: string; page: number; lines: TraceLine[] },
) {
  let dead = false;
  const note = (input: RequestInfo | URL, init: RequestInit | undefined, outcome: string) => {
    if (trace && (init?.method ?? 'GET') !== 'GET') {
      trace.lines.push({
        at: Date.now(),
        device: trace.device,
        page: trace.page,
        writes: writesOf(String(input), init),
        outcome,
      });
    }
  };
  const fetchFn: typeof fetch = async (input, init) => {
    if (dead || weather.offline) {
      counts.refusedOffline += 1;
      throw new TypeError('Failed to fetch (offline)');
    }
    let res: Response;
    try {
      res = await cookies(input, init);
    } catch (err) {
      note(input, init, `network error: ${(err as Error).message}`);
      throw err;
    }
    const write = (init?.method ?? 'GET') !== 'GET';
    if (dead || (write && random.chance(weather.lostAnswers))) {
      // The server has answered, so it applied the write (or refused it); the device never hears.
      note(input, init, `answer lost: ${await outcomeOf(res)}`);
      await res.arrayBuffer().catch(() => undefined);
      if (!dead) counts.lostAnswers += 1;
      throw new TypeError('Failed to fetch (answer lost)');
    }
    note(input, init, await outcomeOf(res));
    return res;
  };
  return {
    fetch: fetchFn,
    kill: () => {
      dead = true;
    },
  };
}
