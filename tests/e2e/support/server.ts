// Starts the real server (`server/main.ts`, as `npm start` does after its build) on a free port
// with a throwaway DATA_DIR, so each browser test file gets its own embedded database with the
// demo data. Stops it and removes the data when done.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export type RunningServer = {
  url: string;
  port: number;
  /** The server's process (the benchmarks read its memory). */
  pid: number;
  dataDir: string;
  stop(): Promise<void>;
  /** kill -9: the process dies at once, its data stays (start again with the same port and data). */
  kill(): Promise<void>;
};

export async function startServer(
  env: Record<string, string> = {},
  at: { port?: number; dataDir?: string } = {},
): Promise<RunningServer> {
  const port = at.port ?? (await freePort());
  const dataDir = at.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'interschools-e2e-')));
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
    async stop() {
      if (!exited()) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
