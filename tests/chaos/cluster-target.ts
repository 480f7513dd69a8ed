// Two server instances on one PostgreSQL behind nginx, as docs/deploy.md runs them: a throwaway
// PostgreSQL 15 cluster of its own (scripts/pg-throwaway.sh on its own port and directory, never
// the API suite's), two `server/main.ts` processes started at once on the empty database (they
// migrate and seed in turn under the start-up lock) sharing one DATA_DIR, and Debian's nginx as a
// foreground process of ours (config, pid, logs and temp files in a temporary directory)
// balancing them round robin. nginx passes a request to the other instance only when the first
// could not be reached or timed out, and never a POST it has already sent (its default): the
// devices resend those themselves, with their exactly-once keys.
//
// The chaos run (tests/chaos/harness.ts) talks only to `url`; `crash()` kills one instance with
// kill -9, alternating, and starts it again on the same port.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SUPPLIER_ENV } from '../api/support/supplier-env';
import type { ChaosTarget } from './target';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PG_SCRIPT = path.join(ROOT, 'scripts/pg-throwaway.sh');
/** The API suite's throwaway cluster listens here (scripts/pg-throwaway.sh): never ours. */
const API_SUITE_PG_PORT = 55432;
const READY = 'Interschools is ready';
const START_TIMEOUT_MS = 120_000;

async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = createServer();
      srv.listen(0, '127.0.0.1', () => {
        const { port: p } = srv.address() as { port: number };
        srv.close(() => resolve(p));
      });
      srv.on('error', reject);
    });
    if (port !== API_SUITE_PG_PORT) return port;
  }
}

/** Debian puts nginx in /usr/sbin, which a non-root user's PATH often leaves out. */
export function nginxBinary(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/sbin', '/sbin'];
  for (const dir of dirs) {
    try {
      accessSync(path.join(dir, 'nginx'), constants.X_OK);
      return path.join(dir, 'nginx');
    } catch {
      // not here
    }
  }
  return null;
}

export type ThrowawayPostgres = { url: string; port: number; stop(): Promise<void> };

/** A PostgreSQL 15 cluster of its own (scripts/pg-throwaway.sh), on a free port and directory. */
export async function startPostgres(): Promise<ThrowawayPostgres> {
  const port = await freePort();
  // Directly under the temporary directory: when run as root the script hands the directory to
  // the postgres user, who must be able to reach it.
  const env = {
    ...process.env,
    PG_PORT: String(port),
    PG_TMP_DIR: path.join(tmpdir(), `interschools-cluster-pg-${port}`),
  };
  const { stdout } = await run('bash', [PG_SCRIPT, 'start'], { env, timeout: 180_000 });
  return {
    url: stdout.trim(),
    port,
    async stop() {
      await run('bash', [PG_SCRIPT, 'stop'], { env, timeout: 60_000 }).catch(() => undefined);
    },
  };
}

export type ClusterInstance = {
  name: string;
  port: number;
  /** The instance itself, not through nginx. */
  url: string;
  readonly running: boolean;
  /** kill -9: gone at once, mid-request if there is one. */
  kill(): Promise<void>;
  /** Starts it again on the same port; resolves once it serves. */
  start(): Promise<void>;
  /** What the process printed lately (for a failing test's message). */
  output(): string;
};

export type Cluster = ChaosTarget & {
  instances: ClusterInstance[];
  databaseUrl: string;
  /** nginx's error log so far. */
  proxyLog(): Promise<string>;
};

export type ClusterOptions = {
  /** More environment for both instances. */
  env?: Record<string, string>;
  /** More environment for each instance: [first, second] (e.g. two releases' STATIC_DIRs). */
  instanceEnv?: Record<string, string>[];
  /** nginx adds `X-Upstream: <address of the instance that answered>` to every answer (tests). */
  upstreamHeader?: boolean;
  /** How long nginx leaves an instance alone after it failed (default 2 s; nginx's own is 10 s). */
  failTimeoutSeconds?: number;
};

type Child = { process: ChildProcess; output: string[] };

function spawnInstance(port: number, env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server on :${port} did not start:\n${output.join('')}`));
    }, START_TIMEOUT_MS);
    const onData = () => {
      if (output.join('').includes(READY)) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve({ process: child, output });
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server on :${port} exited (${code ?? signal}) before it served:\n${output.join('')}`));
    });
  });
}

const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;

async function ended(c: ChildProcess, signal: NodeJS.Signals, graceMs = 15_000): Promise<void> {
  if (exited(c)) return;
  const gone = new Promise((r) => c.once('exit', r));
  c.kill(signal);
  const timer = setTimeout(() => c.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}

type ProxyOptions = Required<Pick<ClusterOptions, 'upstreamHeader' | 'failTimeoutSeconds'>> & {
  workerUser: string | null;
};

function nginxConfig(dir: string, listen: number, upstreams: number[], opts: ProxyOptions): string {
  return `# Written by tests/chaos/cluster-target.ts (docs/deploy.md has the production one).
${opts.workerUser ? `user ${opts.workerUser};\n` : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream interschools {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=${opts.failTimeoutSeconds}s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${listen};
    # The largest upload is a 10 MB result PDF (the server refuses past its own limits).
    client_max_body_size 12m;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_connect_timeout 2s;
    proxy_read_timeout 60s;
    proxy_next_upstream error timeout;
    proxy_next_upstream_tries 2;
${opts.upstreamHeader ? '    add_header X-Upstream $upstream_addr always;\n' : ''}    location / {
      proxy_pass http://interschools;
    }
    location = /api/sync/live {
      proxy_pass http://interschools;
      proxy_buffering off;
      proxy_read_timeout 15m;
    }
    location /assets/ {
      proxy_pass http://interschools;
      proxy_next_upstream error timeout http_404;
    }
  }
}
`;
}

async function waitForProxy(url: string, nginx: ChildProcess, errorLog: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (exited(nginx)) throw new Error(`nginx exited (${nginx.exitCode ?? nginx.signalCode}):\n${await errorLog()}`);
    const ok = await fetch(`${url}/utils/host`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer at ${url}:\n${await errorLog()}`);
}

/** Starts PostgreSQL, two instances and nginx; `stop()` ends them all and removes their data. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const nginx = nginxBinary();
  if (!nginx) throw new Error('nginx is not installed: bash scripts/install-system-deps.sh installs it');
  const dir = await mkdtemp(path.join(tmpdir(), 'interschools-cluster-'));
  const children = new Set<ChildProcess>();
  // Whatever happens to this process, none of ours outlives it.
  const killAll = () => {
    for (const c of children) if (!exited(c)) c.kill('SIGKILL');
  };
  process.once('exit', killAll);
  let pg: ThrowawayPostgres | undefined;
  const cleanUp = async () => {
    process.off('exit', killAll);
    await Promise.all([...children].map((c) => ended(c, 'SIGTERM')));
    await pg?.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    pg = await startPostgres();
    const dataDir = path.join(dir, 'data');
    await mkdir(dataDir);
    const env: Record<string, string> = {
      ...SUPPLIER_ENV,
      DATABASE_URL: pg.url,
      DEMO_SEED: '1',
      // Shared, as on one machine in docs/deploy.md: uploads and written mail are files.
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The API only, as the single target runs it: a STATIC_DIR with no index.html serves no
      // client files, so no built dist/ is needed (nor one read while another build rewrites it).
      STATIC_DIR: path.join(dir, 'no-client'),
      // nginx is the one proxy in front: the client's address is the last X-Forwarded-For entry.
      TRUST_PROXY: '1',
      ...options.env,
    };
    const ports = [await freePort(), await freePort()];
    const instances = ports.map((port, i) => {
      let child: Child | undefined;
      const instance: ClusterInstance = {
        name: `instance ${i + 1}`,
        port,
        url: `http://127.0.0.1:${port}`,
        get running() {
          return child !== undefined && !exited(child.process);
        },
        async kill() {
          if (child) await ended(child.process, 'SIGKILL');
        },
        async start() {
          if (instance.running) return;
          child = await spawnInstance(port, { ...env, ...options.instanceEnv?.[i] });
          children.add(child.process);
          const c = child.process;
          c.once('exit', () => children.delete(c));
        },
        output: () => child?.output.join('') ?? '',
      };
      return instance;
    });
    // Both at once on the empty database: the start-up lock makes them take turns.
    await Promise.all(instances.map((i) => i.start()));

    const proxyPort = await freePort();
    // Started as root, nginx's workers run as nobody: they must reach the temp directories.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) await chmod(dir, 0o755);
    const workerUser = asRoot ? `nobody ${(await run('id', ['-gn', 'nobody'])).stdout.trim()}` : null;
    await writeFile(
      path.join(dir, 'nginx.conf'),
      nginxConfig(dir, proxyPort, ports, {
        upstreamHeader: options.upstreamHeader ?? true,
        failTimeoutSeconds: options.failTimeoutSeconds ?? 2,
        workerUser,
      }),
    );
    const proxy = spawn(
      nginx,
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    children.add(proxy);
    const proxyLog = () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
    const url = `http://localhost:${proxyPort}`;
    await waitForProxy(url, proxy, proxyLog);

    let crashes = 0;
    return {
      url,
      description: 'two servers behind nginx (PostgreSQL)',
      instances,
      databaseUrl: pg.url,
      proxyLog,
      async crash() {
        const instance = instances[crashes++ % instances.length]!;
        await instance.kill();
        await instance.start();
      },
      async stop() {
        await ended(proxy, 'SIGQUIT');
        await cleanUp();
      },
    };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}
