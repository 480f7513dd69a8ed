// Loopback load benchmark (`npm run bench`): GET /api/events, an up-to-date GET /api/sync/changes
// and PATCH of a participant, at 100 and 200 connections for 10 s each, against the real app and
// against a bare Fastify route running the same queries on the same database (tests/bench/
// load-server.ts, a child process). Prints requests/s, p50/p99, errors and timeouts, and the ratio
// app / bare. Bounded: every run stops after its duration; only 127.0.0.1 is ever addressed.
// Runs on in-memory PGlite, or on the PostgreSQL named by DATABASE_URL.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = (process.env.LOAD_CONNECTIONS ?? '100,200').split(',').map(Number);

type Target = { kind: string; app: string; bare: string; cookie: string; participantIds: string[]; cursor: number };
type Figures = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  r503: number;
};

function startServer(): Promise<{ target: Target; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/load-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`load server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) =>
      resolve({
        target: JSON.parse(line) as Target,
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      }),
    );
  });
}

type Call = { method?: 'GET' | 'PATCH'; cookie?: string; body?: string; paths?: string[] };

async function hammer(url: string, connections: number, opts: Call): Promise<Figures> {
  let next = 0;
  const result = await autocannon({
    url,
    // Writes go round the school's participants: many writers, not one row everyone queues for.
    ...(opts.paths
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({ ...req, path: opts.paths![next++ % opts.paths!.length]! }),
            },
          ],
        }
      : {}),
    connections,
    duration: DURATION_S,
    timeout: 10,
    method: opts.method ?? 'GET',
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
      'accept-encoding': 'br, gzip',
    },
    ...(opts.body ? { body: opts.body } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    r503: result.statusCodeStats?.['503']?.count ?? 0,
  };
}

const f0 = (n: number) => Math.round(n).toLocaleString('en-AU');
const line = (label: string, f: Figures) =>
  `${label.padEnd(44)} ${f0(f.rps).padStart(7)} req/s   p50 ${f0(f.p50).padStart(5)} ms   p99 ${f0(f.p99).padStart(5)} ms   ` +
  `errors ${f.errors}  timeouts ${f.timeouts}  non-2xx ${f.non2xx}${f.r503 ? ` (503: ${f.r503})` : ''}`;

async function main() {
  const { target, stop } = await startServer();
  const calls = [
    { name: 'GET /api/events', path: '/api/events', method: 'GET' as const },
    {
      name: 'GET /api/sync/changes (up to date)',
      path: `/api/sync/changes?cursor=${target.cursor}`,
      barePath: '/api/sync/changes',
      method: 'GET' as const,
    },
    {
      name: 'PATCH /api/v2/participants/:id',
      path: '/api/v2/participants',
      method: 'PATCH' as const,
      paths: target.participantIds.map((id) => `/api/v2/participants/${id}`),
      body: JSON.stringify({ firstname: 'Loadtest' }),
    },
  ];
  console.log(`\nLoad on ${target.kind}: ${DURATION_S} s per run, connections ${CONNECTIONS.join(' and ')} (loopback)`);
  try {
    // Warm both servers (JIT, query plans, connection pool) before measuring.
    await hammer(`${target.app}/api/events`, 20, { cookie: target.cookie }).catch(() => undefined);
    for (const call of calls) {
      for (const connections of CONNECTIONS) {
        const app = await hammer(`${target.app}${call.path}`, connections, {
          method: call.method,
          cookie: target.cookie,
          body: call.body,
          paths: call.paths,
        });
        const bare = await hammer(`${target.bare}${call.barePath ?? call.path}`, connections, {
          method: call.method,
          body: call.body,
          paths: call.paths,
        });
        console.log(line(`${call.name} @${connections} app`, app));
        console.log(line(`${call.name} @${connections} same SQL, bare`, bare));
        console.log(`${''.padEnd(44)} ratio app / bare ${(app.rps / bare.rps).toFixed(2)}`);
      }
    }
  } finally {
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
