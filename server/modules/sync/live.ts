// The live feed (GET /api/sync/live): a Server-Sent Events stream that tells a device to pull as
// soon as a change its feeds may carry commits, so the timing tent sees a start's marks within a
// second or two instead of at the next 30 s pull. Nothing but the word travels: the device pulls
// its own feed as before, in its own session's scope.
//
// One listener per server instance on the database's 'feed_changed' channel (migration 0012): the
// embedded database notifies in process, PostgreSQL fans each commit out to every instance behind
// the proxy. A stream ends after `liveStreamMs` (the device reconnects at once): proxies drop long
// quiet connections, and a new stream reads the session's scope again. A comment line every
// 25 s keeps it from looking idle.
import type { FastifyReply } from 'fastify';
import { canViewRaceDay } from '../../../src/domain/rules/access';
import type { Database, Unlisten } from '../../db/client';
import type { SessionInfo } from '../../plugins/session';

const CHANNEL = 'feed_changed';
const HEARTBEAT_MS = 25_000;
/** What the browser waits before reconnecting a stream that dropped (EventSource's own retry). */
const RECONNECT_MS = 3_000;
const RELISTEN_MS = 5_000;
/** Streams told of a change together, and the pause before the next ones are told. */
const TELL_AT_ONCE = 20;
const TELL_EVERY_MS = 40;

/** Which changes concern a device: its school's and those of no school, or, for staff who read
 *  race day (every school's racers), every change. */
export type LiveScope = { schoolId: string | null; allSchools: boolean };

export function liveScopeOf(session: Pick<SessionInfo, 'type' | 'schoolId'>): LiveScope {
  if (canViewRaceDay(session.type)) return { schoolId: null, allSchools: true };
  return { schoolId: session.type === 'school' ? session.schoolId : null, allSchools: false };
}

/** A change's message is '<school id>|<event id>', empty where the row has none. */
export function concerns(scope: LiveScope, message: string): boolean {
  const school = message.split('|')[0] ?? '';
  return scope.allSchools || school === '' || school === scope.schoolId;
}

type Subscriber = { scope: LiveScope; tell(): void; end(): void };

export type LiveHub = {
  /** Opens a device's stream on the reply and keeps it until it closes or its time is up. */
  stream(reply: FastifyReply, scope: LiveScope): void;
  /** Open streams on this instance. */
  readonly size: number;
  /** Ends every open stream (the server is stopping: devices reconnect to another instance). */
  endStreams(): void;
  close(): Promise<void>;
};

/** Tells the streams a change concerns. Told all at once, every device pulls at once: hundreds of
 *  pulls queue behind the database and the last wait for a 503's Retry-After. Told a batch at a
 *  time, they are served as they come. */
function tellInWaves(subscribers: ReadonlySet<Subscriber>, message: string): void {
  let told = 0;
  for (const s of subscribers) {
    if (!concerns(s.scope, message)) continue;
    const wave = Math.floor(told++ / TELL_AT_ONCE);
    if (wave === 0) s.tell();
    else setTimeout(() => subscribers.has(s) && s.tell(), wave * TELL_EVERY_MS);
  }
}

/** Opens a device's stream on the reply, a subscriber until it closes or `streamMs` is up. */
function openStream(reply: FastifyReply, scope: LiveScope, subscribers: Set<Subscriber>, streamMs: number): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx passes the stream unbuffered whatever its proxy_buffering (docs/deploy.md).
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  // 'ready' tells the device the stream reaches it (behind a proxy that buffers it never comes,
  // and the device keeps its timed pull).
  res.write(`retry: ${RECONNECT_MS}\nevent: ready\ndata: \n\n`);
  const subscriber: Subscriber = {
    scope,
    tell: () => res.write('event: change\ndata: \n\n'),
    end: () => res.end(),
  };
  subscribers.add(subscriber);
  const heartbeat = setInterval(() => res.write(': still here\n\n'), HEARTBEAT_MS);
  const timeUp = setTimeout(() => res.end(), streamMs);
  res.once('close', () => {
    clearInterval(heartbeat);
    clearTimeout(timeUp);
    subscribers.delete(subscriber);
  });
}

export async function createLiveHub({
  listen,
  streamMs,
  onLost,
}: {
  listen: Database['listen'] | undefined;
  streamMs: number;
  onLost?: (err: Error) => void;
}): Promise<LiveHub> {
  const subscribers = new Set<Subscriber>();
  let closed = false;
  let unlisten: Unlisten | undefined;
  let retry: NodeJS.Timeout | undefined;

  const onMessage = (message: string) => tellInWaves(subscribers, message);
  const start = async (): Promise<void> => {
    if (!listen || closed) return;
    const again = (err: Error) => {
      onLost?.(err);
      // Devices fall back to their timed pull meanwhile; a change missed is pulled then.
      if (!closed) retry = setTimeout(() => void start(), RELISTEN_MS);
    };
    try {
      unlisten = await listen(CHANNEL, onMessage, again);
    } catch (err) {
      again(err as Error);
    }
  };
  await start();

  return {
    stream: (reply, scope) => openStream(reply, scope, subscribers, streamMs),
    get size() {
      return subscribers.size;
    },
    endStreams() {
      for (const s of subscribers) s.end();
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await unlisten?.();
    },
  };
}
