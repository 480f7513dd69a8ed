// Two server instances on one PostgreSQL behind nginx (tests/chaos/cluster-target.ts, as
// docs/deploy.md runs them): a session made through the proxy works on both, a write through one
// is in the feed pulled through the other, a sign-out through one ends the session on both, either
// release's assets are found mid-upgrade, and
// with one instance killed the other serves every request until it is back.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncResponse } from '../../src/domain/schemas';
import { openStream } from '../api/support/event-stream';
import { startCluster, type Cluster } from '../chaos/cluster-target';

const SCHOOL = { username: 'megan.hartley@snowyrange.test', password: 'demo-school-2026' };
const ADMIN = { username: 'admin@interschools.test', password: 'demo-admin-2026' };
/** How long an instance keeps a session it has read, notifications aside (server/app.ts). */
const SESSION_CACHE_TTL_MS = 60_000;

/** Asks `check` again until it answers true; a bound on the wait, never a time asserted. */
async function until(what: string, withinMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Answer = {
  status: number;
  upstream: string;
  replay: boolean;
  body: string;
  json: () => unknown;
  cookie: string | null;
};

async function call(
  base: string,
  path: string,
  opts: { method?: string; cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const raw = opts.body instanceof Uint8Array;
  const res = await fetch(`${base}${path}`, {
    method: opts.method ?? 'GET',
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.body !== undefined ? { 'content-type': raw ? 'application/pdf' : 'application/json' } : {}),
      ...opts.headers,
    },
    body:
      opts.body === undefined ? undefined : raw ? (opts.body as Uint8Array<ArrayBuffer>) : JSON.stringify(opts.body),
  });
  const body = await res.text();
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  return {
    status: res.status,
    // nginx names every instance it tried: the last one answered.
    upstream: (res.headers.get('x-upstream') ?? '').split(',').pop()!.trim(),
    replay: res.headers.get('idempotent-replay') === 'true',
    body,
    json: () => JSON.parse(body) as unknown,
    cookie: sid ? sid.split(';')[0]! : null,
  };
}

async function signIn(base: string, who = SCHOOL): Promise<{ cookie: string; upstream: string }> {
  const res = await call(base, '/api/login', { method: 'POST', body: who });
  expect(res.status, res.body).toBe(200);
  expect(res.cookie).toBeTruthy();
  return { cookie: res.cookie!, upstream: res.upstream };
}

/** Pulls the feed to its end from `cursor`; answers every key seen and the cursor reached. */
async function pullAll(base: string, cookie: string, cursor = 0): Promise<{ keys: Set<string>; cursor: number }> {
  const keys = new Set<string>();
  for (;;) {
    const res = await call(base, `/api/sync/changes?cursor=${cursor}&limit=1000`, { cookie });
    expect(res.status, res.body).toBe(200);
    const page = res.json() as SyncResponse;
    for (const c of page.changes) keys.add(`${c.entity}:${String(c.key)}`);
    cursor = page.cursor;
    if (!page.hasMore) return { keys, cursor };
  }
}

const participant = () => ({
  id: randomUUID(),
  snowId: null,
  firstname: 'Cluster',
  lastname: `Test ${Math.random().toString(36).slice(2, 8)}`,
  yearLevel: '9',
  gender: 'Female',
  dob: '2011-05-06',
  email: '',
});

let cluster: Cluster;
let addresses: string[];
let releases: string;

/** A built client of one release: index.html and one hashed asset of its own. */
async function release(name: string): Promise<string> {
  const dir = path.join(releases, name);
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><script type="module" src="/assets/app-${name}.js"></script>`,
  );
  await writeFile(path.join(dir, 'assets', `app-${name}.js`), `console.log('${name}');`);
  return dir;
}

beforeAll(async () => {
  releases = await mkdtemp(path.join(tmpdir(), 'interschools-releases-'));
  // Mid-upgrade: the first instance serves the old release's client, the second the new one's.
  const staticDirs = [await release('old'), await release('new')];
  cluster = await startCluster({
    upstreamHeader: true,
    failTimeoutSeconds: 1,
    instanceEnv: staticDirs.map((d) => ({ STATIC_DIR: d })),
  });
  addresses = cluster.instances.map((i) => `127.0.0.1:${i.port}`);
});

afterAll(async () => {
  await cluster?.stop();
  if (releases) await rm(releases, { recursive: true, force: true });
});

describe('two instances behind nginx on one PostgreSQL', () => {
  it('started together on an empty database: both serve, the demo data seeded once', async () => {
    for (const instance of cluster.instances) {
      const res = await call(instance.url, '/utils/host');
      expect(res.status).toBe(200);
    }
    // Each instance printed the demo logins only if it seeded: exactly one did.
    const seeded = cluster.instances.filter((i) => i.output().includes('Demo data seeded'));
    expect(seeded).toHaveLength(1);
  });

  it('a session made through the proxy works on both instances, and nginx used both', async () => {
    const { cookie } = await signIn(cluster.url);
    const served = new Map<string, number>();
    for (let i = 0; i < 10; i++) {
      const res = await call(cluster.url, '/api/school', { cookie });
      expect(res.status, res.body).toBe(200);
      served.set(res.upstream, (served.get(res.upstream) ?? 0) + 1);
    }
    expect([...served.keys()].sort()).toEqual([...addresses].sort());
    for (const instance of cluster.instances) {
      const res = await call(instance.url, '/api/school', { cookie });
      expect(res.status, `${instance.name}: ${res.body}`).toBe(200);
    }
  });

  it('a write through one instance is in the feed pulled through the other', async () => {
    const [a, b] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    const { cookie } = await signIn(cluster.url);
    const { cursor } = await pullAll(b.url, cookie);
    const row = participant();
    const saved = await call(a.url, '/api/v2/participants', {
      method: 'POST',
      cookie,
      body: row,
      headers: { 'x-client-id': randomUUID(), 'x-client-seq': '1' },
    });
    expect(saved.status, saved.body).toBe(200);
    const { keys } = await pullAll(b.url, cookie, cursor);
    expect(keys.has(`participants:${row.id}`)).toBe(true);
    // And the other way round.
    const back = participant();
    const again = await call(b.url, '/api/v2/participants', {
      method: 'POST',
      cookie,
      body: back,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(again.status, again.body).toBe(200);
    expect((await pullAll(a.url, cookie, cursor)).keys.has(`participants:${back.id}`)).toBe(true);
  });

  it('a change written through one instance is pushed to a device listening on the other, and through nginx', async () => {
    const [a, b] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    const { cookie } = await signIn(cluster.url);
    const onOther = await openStream(b.url, cookie);
    const throughProxy = await openStream(cluster.url, cookie);
    expect(throughProxy.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const saved = await call(a.url, '/api/v2/participants', {
      method: 'POST',
      cookie,
      body: participant(),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(saved.status, saved.body).toBe(200);
    // PostgreSQL's LISTEN/NOTIFY carries the commit to the other instance; nginx passes it unbuffered.
    await onOther.changes(1);
    await throughProxy.changes(1);
    await Promise.all([onOther.close(), throughProxy.close()]);
  });

  it('one exactly-once write sent to both instances at once applies once; the other answer is its replay', async () => {
    const [a, b] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    const { cookie } = await signIn(cluster.url);
    const row = participant();
    const headers = { 'x-client-id': randomUUID(), 'x-client-seq': '1' };
    const answers = await Promise.all(
      [a, b].map((i) => call(i.url, '/api/v2/participants', { method: 'POST', cookie, body: row, headers })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.map((r) => r.replay).sort()).toEqual([false, true]);
    expect(answers[0]!.json()).toEqual(answers[1]!.json());
  });

  it('a file uploaded through one instance is read through the other (one shared DATA_DIR)', async () => {
    const [a, b] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    const { cookie } = await signIn(cluster.url, ADMIN);
    const pdf = new TextEncoder().encode(`%PDF-1.4\n% results ${randomUUID()}\n%%EOF\n`);
    const up = await call(a.url, '/api/files/results', { method: 'POST', cookie, body: pdf });
    expect(up.status, up.body).toBe(200);
    const { url } = up.json() as { url: string };
    const read = await call(b.url, url, { cookie });
    expect(read.status, read.body).toBe(200);
    expect(read.body).toBe(new TextDecoder().decode(pdf));
  });

  it("mid-upgrade, either release's hashed assets are found whichever instance nginx asks first", async () => {
    for (const name of ['old', 'new', 'old', 'new', 'old', 'new']) {
      const res = await call(cluster.url, `/assets/app-${name}.js`);
      expect(res.status, `${name}: ${res.body}`).toBe(200);
      expect(res.body).toContain(name);
    }
    // An asset neither has is still a 404 (asked of both).
    expect((await call(cluster.url, '/assets/app-none.js')).status).toBe(404);
  });

  it('signing out through one instance ends the session on the other at once', async () => {
    const [a, b] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    const { cookie } = await signIn(cluster.url);
    // Both instances have it in their session cache now.
    expect((await call(a.url, '/api/school', { cookie })).status).toBe(200);
    expect((await call(b.url, '/api/school', { cookie })).status).toBe(200);
    expect((await call(a.url, '/api/logout', { cookie })).status).toBeLessThan(400);
    // The other instance hears of it by NOTIFY and forgets the session. Without the notification
    // it would keep answering from its cache until the entry expires (SESSION_CACHE_TTL_MS, a
    // minute: server/app.ts), so the wait for its 401 is bounded well inside that.
    await until('the other instance refuses the ended session', SESSION_CACHE_TTL_MS / 2, async () => {
      const status = (await call(b.url, '/api/school', { cookie })).status;
      expect([200, 401], 'the session is served or refused, nothing else').toContain(status);
      return status === 401;
    });
  });

  it('with one instance killed (kill -9) the other serves every request; it comes back', async () => {
    const [a, b] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    const { cookie } = await signIn(cluster.url);
    await a.kill();
    const survivors = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const read = await call(cluster.url, '/api/school', { cookie });
      expect(read.status, read.body).toBe(200);
      survivors.add(read.upstream);
      // A write too: nginx passes it on only when the dead instance never got it (refused connection).
      const write = await call(cluster.url, '/api/v2/participants', {
        method: 'POST',
        cookie,
        body: participant(),
        headers: { 'x-client-id': randomUUID(), 'x-client-seq': '1' },
      });
      expect(write.status, write.body).toBe(200);
      survivors.add(write.upstream);
    }
    expect([...survivors]).toEqual([`127.0.0.1:${b.port}`]);

    await a.start();
    // nginx tries it again after fail_timeout (1 s here): until then the other serves everything.
    await until('nginx sends requests to the restarted instance again', 60_000, async () => {
      const res = await call(cluster.url, '/api/school', { cookie });
      expect(res.status, res.body).toBe(200);
      return res.upstream === `127.0.0.1:${a.port}`;
    });
    const served = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const res = await call(cluster.url, '/api/school', { cookie });
      expect(res.status, res.body).toBe(200);
      served.add(res.upstream);
    }
    expect([...served].sort()).toEqual([...addresses].sort());
  });

  it("crash() (the chaos run's kill -9) alternates between the instances, each serving again after", async () => {
    const { cookie } = await signIn(cluster.url);
    for (let n = 0; n < 2; n++) {
      await cluster.crash();
      for (const instance of cluster.instances) {
        expect(instance.running).toBe(true);
        expect((await call(instance.url, '/api/school', { cookie })).status).toBe(200);
      }
    }
  });
});
