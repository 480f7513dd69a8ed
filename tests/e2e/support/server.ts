// Starts the real server (`server/main.ts`, as `npm start` does after its build) on a free port
// with a throwaway DATA_DIR, so each browser test file gets its own embedded database with the
// demo data. Stops it and removes the data when done.
//
// Seeding the demo data is most of a first start (about 5 s of 6). The browser tests' global
// setup seeds once, into a data directory it names in SEEDED_DATA_DIR; each server then starts on
// its own copy of it, as `npm start` does on its second start.
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The environment variable naming a data directory already seeded with the demo data. */
export const SEEDED_DATA_DIR = 'INTERSCHOOLS_SEEDED_DATA_DIR';

/** A new data directory: a copy of the seeded one where there is one and the server would seed
 *  the same demo data, else empty (the server seeds it on its start). */
async function freshDataDir(env: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'interschools-e2e-'));
  const seeded = process.env[SEEDED_DATA_DIR];
  const seedsTheDemo = env.DEMO_SEED === undefined && !env.DATABASE_URL;
  if (seeded && seedsTheDemo) await cp(seeded, dir, { recursive: true });
  return dir;
}

export type RunningServer = {
  url: string;
  port: number;
  /** The server's process (the benchmarks read its memory). */
  pid: number;
  dataDir: string;
  stop(): Promise<void>;
  /** Shuts down as on SIGTERM, keeping its data (start again with the same port and data). */
  halt(): Promise<void>;
  /** kill -9: the process dies at once, its data stays (start again with the same port and data). */
  kill(): Promise<void>;
};

export async function startServer(
  env: Record<string, string> = {},
  at: { port?: number; dataDir?: string } = {},
): Promise<RunningServer> {
  const port = at.port ?? (await freePort());
  const dataDir = at.dataDir ?? (await freshDataDir(env));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Interschools is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const halt = async () => {
    if (exited()) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
  };
  return {
    url: `http://localhost:${port}`,
    port,
    pid: child.pid!,
    dataDir,
    async kill() {
      if (exited()) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
    },
    halt,
    async stop() {
      await halt();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
