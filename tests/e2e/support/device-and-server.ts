// The usual frame of a browser test file: the real server (demo data, its own database) and one
// device (a Chromium profile), started before the file's tests and stopped after them.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchDevice } from './browser';
import { setDeviceOffline } from './network';
import { startServer, type RunningServer } from './server';

export type Device = Awaited<ReturnType<typeof launchDevice>>;

/** Registers the file's beforeAll/afterAll; read `server` and `device` inside tests. */
export function startServerAndDevice(env: Record<string, string> = {}): {
  readonly server: RunningServer;
  readonly device: Device;
} {
  const running = {} as { server: RunningServer; device: Device };
  beforeAll(async () => {
    running.server = await startServer(env);
    running.device = await launchDevice();
  });
  // A test that failed while its device was offline leaves the next test a device on the network.
  afterEach(async () => {
    if (running.device) await setDeviceOffline(running.device.context, false).catch(() => undefined);
  });
  afterAll(async () => {
    await running.device?.close();
    await running.server?.stop();
  });
  return running;
}
