// The live feed under load (prints figures, never fails on time): the real server (demo data on
// the embedded database) with DEVICES race-day devices connected to GET /api/sync/live, each
// pulling its race-day feed when told of a change, as the app does (one pull at a time, one more
// for changes said meanwhile; a 503 waits its Retry-After). For each of MARKS start marks: the
// time from the mark's acknowledgement to each device's pull answer that carries it (p50, p95,
// max; the target is a p95 under 2 s), the server's memory per open stream, and what an idle
// device costs in requests per hour, live against the timed pull alone.
// `npx tsx tests/bench/live.ts` (DEVICES=200 MARKS=5 by default).
import { readFile } from 'node:fs/promises';
import { DEMO } from '../e2e/support/app';
import { startServer } from '../e2e/support/server';
import { TIMER_MS } from '../../src/sync/engine-start';

const DEVICES = Number(process.env.DEVICES ?? 200);
const MARKS = Number(process.env.MARKS ?? 5);
const LIVE_STREAM_MS = 600_000;

type Change = { entity: string; key: string; row?: Record<string, unknown> };
type Page = { cursor: number; hasMore: boolean; changes: Change[] };

const fmt = (n: number) => n.toLocaleString('en-AU', { maximumFractionDigits: 1 });
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function main() {
  const server = await startServer();
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.racedept),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))!
      .split(';')[0]!;
    const get = async (path: string): Promise<Response> => {
      for (;;) {
        const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
        if (res.status !== 503) return res;
        busy += 1;
        await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
      }
    };
    let busy = 0;

    // The race-day feed once, for its cursor and the racers a mark can be given to.
    let cursor = 0;
    const entries: string[] = [];
    for (;;) {
      const page = (await (await get(`/api/race-day/changes?cursor=${cursor}&limit=2000`)).json()) as Page;
      for (const c of page.changes) if (c.entity === 'raceEntries' && c.row?.ParticipantId) entries.push(String(c.key));
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    if (entries.length < MARKS) throw new Error('not enough racers in the race-day feed');

    const before = await rssKb(server.pid);
    /** When each device's pull answer first carried each mark's key. */
    const seen: Map<string, number>[] = [];
    let ready = 0;
    const streams = await Promise.all(
      Array.from({ length: DEVICES }, async (_, device) => {
        const at = new Map<string, number>();
        seen.push(at);
        let deviceCursor = cursor;
        let pulling: Promise<void> | null = null;
        let again = false;
        const pull = (): void => {
          if (pulling) {
            again = true;
            return;
          }
          pulling = (async () => {
            const page = (await (await get(`/api/race-day/changes?cursor=${deviceCursor}`)).json()) as Page;
            deviceCursor = page.cursor;
            const now = performance.now();
            for (const c of page.changes) if (c.entity === 'raceMarks' && !at.has(c.key)) at.set(c.key, now);
          })().finally(() => {
            pulling = null;
            if (again) {
              again = false;
              pull();
            }
          });
        };
        const res = await fetch(`${server.url}/api/sync/live`, { headers: { cookie } });
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
        let text = '';
        let said = 0;
        void (async () => {
          for (;;) {
            const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
            if (done) return;
            text += value;
            const events = text.match(/^event: \w+$/gm) ?? [];
            for (const e of events.slice(said)) {
              if (e === 'event: ready') ready += 1;
              else pull();
            }
            said = events.length;
          }
        })();
        return { device, close: () => reader.cancel() };
      }),
    );
    while (ready < DEVICES) await new Promise((r) => setTimeout(r, 50));
    const after = await rssKb(server.pid);

    const latencies: number[] = [];
    for (let m = 0; m < MARKS; m++) {
      const teamEntryId = entries[m]!;
      const key = `${teamEntryId}:First`;
      const res = await fetch(`${server.url}/api/raceMarks`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ marks: [{ teamEntryId, run: 'First', mark: 'started' }] }),
      });
      if (!res.ok) throw new Error(`mark refused: ${res.status} ${await res.text()}`);
      const acknowledged = performance.now();
      while (seen.some((s) => !s.has(key))) await new Promise((r) => setTimeout(r, 20));
      latencies.push(...seen.map((s) => s.get(key)! - acknowledged));
    }
    await Promise.all(streams.map((s) => s.close()));

    const sorted = latencies.sort((a, b) => a - b);
    console.log(`Live feed: ${DEVICES} race-day devices on one instance (embedded database), ${MARKS} marks`);
    console.log(
      `  mark acknowledged -> each device's pull answer carrying it: p50 ${fmt(pct(sorted, 50))} ms, p95 ${fmt(pct(sorted, 95))} ms, max ${fmt(sorted.at(-1)!)} ms (target p95 < 2,000 ms)`,
    );
    console.log(`  pulls told to wait (503, Retry-After): ${busy}`);
    const perStream = (after - before) / DEVICES;
    console.log(
      `  server memory (resident): ${fmt(before / 1024)} MB before the streams, ${fmt(after / 1024)} MB with ${DEVICES} open: ${perStream > 0 ? `${fmt(perStream)} kB per stream` : 'no growth the process shows'}`,
    );
    const timedPulls = 3_600_000 / TIMER_MS;
    const reconnects = 3_600_000 / LIVE_STREAM_MS;
    console.log(
      `  an idle device per hour: ${fmt(timedPulls)} timed pulls without the live feed; live, ${fmt(reconnects)} stream reconnects each followed by one pull (${fmt(2 * reconnects)} requests), ${fmt(timedPulls - 2 * reconnects)} fewer (a race official's pull is two calls: its feed and race day)`,
    );
  } finally {
    await server.stop();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
