// The usual frame of a browser test file: the real server (demo data, its own database) and one
// device (a Chromium profile), started before the file's tests and stopped after them.
import { afterAll, beforeAll } from 'vitest';
import { launchDevice } from './browser';
import { startServer, type RunningServer } from './server';

export type Device = Awaited<ReturnType<typeof launchDevice>>;

/** Registers the file's beforeAll/afterAll; read `server` and `device` inside tests. */
export function startServerAndDevice(env: Record<string, string> = {}): { readonly server: RunningServer; readonly device: Device } {
  const running = {} as { server: RunningServer; device: Device };
  beforeAll(async () => {
    running.server = await startServer(env);
    running.device = await launchDevice();
  });
  afterAll(async () => {
    await running.device?.close();
    await running.server?.stop();
  });
  return running;
}
