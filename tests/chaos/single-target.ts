// The chaos run's simplest target: one real server process (`server/main.ts`) on the embedded
// database with the demo data, in a throwaway DATA_DIR. A crash is kill -9 of that process and a
// start of a new one on the same port and data, as after a power cut of the server alone.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../e2e/support/server';
import type { ChaosTarget } from './target';

export async function startSingle(): Promise<ChaosTarget> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'interschools-chaos-'));
  // The run needs the API only. A STATIC_DIR with no index.html serves no client files, so the
  // run neither needs a built dist/ nor reads one that another build is rewriting.
  const env = { STATIC_DIR: path.join(dataDir, 'no-client'), LOG_LEVEL: 'error' };
  let server: RunningServer = await startServer(env, { dataDir });
  return {
    url: server.url,
    description: 'one server (embedded database)',
    async crash() {
      await server.kill();
      server = await startServer(env, { port: server.port, dataDir: server.dataDir });
    },
    async stop() {
      await server.stop();
    },
  };
}
