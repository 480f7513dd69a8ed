// The network between a device and the server, for browsers whose driver cannot take them off
// the network (WebKit through WebDriver has no such command): a TCP relay on a port of its own
// that the device loads the app from. Cut, it drops every open connection and every new one at
// once, as a site's Wi-Fi that has lost its way down the mountain does; restored, it relays again.
// The app's origin is the relay's, so its service worker and IndexedDB outlive a cut.
import { createServer, connect, type Socket } from 'node:net';

export type Link = {
  /** The address a device opens the app at. */
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
};

export async function startLink(serverPort: number): Promise<Link> {
  let up = true;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  const relay = createServer((device) => {
    if (!up) return void device.destroy();
    const server = connect(serverPort, '127.0.0.1');
    track(device);
    track(server);
    device.pipe(server).pipe(device);
    const drop = () => {
      device.destroy();
      server.destroy();
    };
    device.once('error', drop).once('close', drop);
    server.once('error', drop).once('close', drop);
  });
  await new Promise<void>((resolve, reject) => {
    relay.once('error', reject);
    relay.listen(0, '127.0.0.1', resolve);
  });
  const { port } = relay.address() as { port: number };
  return {
    url: `http://localhost:${port}`,
    cut() {
      up = false;
      for (const socket of open) socket.destroy();
    },
    restore() {
      up = true;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
