// The live feed on a device (src/sync/live.ts), with a stream the test drives as the server would:
// live once the stream says 'ready' (and a pull then, for what changed meanwhile); each 'change'
// pulls, changes during a pull make exactly one more pull after it; a stream that fails is tried
// again after 1 s, then 2 s, 4 s... (a buffering proxy never says 'ready': never live); closed
// while not wanted (offline, hidden) and opened again when wanted.
import { describe, expect, it } from 'vitest';
import { createLiveFeed, type StreamSource } from '../../src/sync/live';

class TestStream implements StreamSource {
  closed = false;
  private listeners = new Map<string, (() => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  say(type: 'ready' | 'change' | 'error') {
    for (const l of this.listeners.get(type) ?? []) l();
  }
}

function setup() {
  const streams: TestStream[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const lives: boolean[] = [];
  let wanted = true;
  const pulls: { resolve: () => void }[] = [];
  const feed = createLiveFeed({
    baseUrl: 'https://interschools.test',
    pull: () => new Promise<void>((resolve) => pulls.push({ resolve })),
    wanted: () => wanted,
    onLive: (live) => lives.push(live),
    open: (url) => {
      const stream = new TestStream(url);
      streams.push(stream);
      return stream;
    },
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => {},
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    feed,
    streams,
    timers,
    lives,
    pulls,
    settle,
    setWanted: (w: boolean) => {
      wanted = w;
      feed.update();
    },
  };
}

describe('the live feed', () => {
  it('opens the stream, is live once it says ready, and pulls then', () => {
    const s = setup();
    s.feed.update();
    expect(s.streams.map((x) => x.url)).toEqual(['https://interschools.test/api/sync/live']);
    expect(s.feed.live).toBe(false);
    s.streams[0]!.say('ready');
    expect(s.feed.live).toBe(true);
    expect(s.lives).toEqual([true]);
    expect(s.pulls).toHaveLength(1);
  });

  it('pulls on a change, and changes said during a pull make exactly one more pull after it', async () => {
    const s = setup();
    s.feed.update();
    s.streams[0]!.say('ready');
    s.pulls[0]!.resolve();
    await s.settle();
    s.streams[0]!.say('change');
    expect(s.pulls).toHaveLength(2);
    s.streams[0]!.say('change');
    s.streams[0]!.say('change');
    s.streams[0]!.say('change');
    expect(s.pulls).toHaveLength(2);
    s.pulls[1]!.resolve();
    await s.settle();
    expect(s.pulls).toHaveLength(3);
    s.pulls[2]!.resolve();
    await s.settle();
    expect(s.pulls).toHaveLength(3);
  });

  it('backs off when the stream fails: 1 s, 2 s, 4 s..., and from 1 s again once it says ready', () => {
    const s = setup();
    s.feed.update();
    s.streams[0]!.say('error');
    expect(s.streams[0]!.closed).toBe(true);
    expect(s.feed.live).toBe(false);
    expect(s.timers.map((t) => t.ms)).toEqual([1000]);
    s.timers[0]!.fn();
    s.streams[1]!.say('error');
    s.timers[1]!.fn();
    s.streams[2]!.say('error');
    expect(s.timers.map((t) => t.ms)).toEqual([1000, 2000, 4000]);
    s.timers[2]!.fn();
    s.streams[3]!.say('ready');
    s.streams[3]!.say('error');
    expect(s.timers.at(-1)!.ms).toBe(1000);
  });

  it('is never live behind a proxy that holds the stream back (no ready ever comes)', () => {
    const s = setup();
    s.feed.update();
    s.streams[0]!.say('change'); // a change never reaches it either, but one that did still pulls
    expect(s.feed.live).toBe(false);
  });

  it('closes while not wanted (offline, the page hidden) and opens again when wanted', () => {
    const s = setup();
    s.feed.update();
    s.streams[0]!.say('ready');
    s.setWanted(false);
    expect(s.streams[0]!.closed).toBe(true);
    expect(s.lives).toEqual([true, false]);
    s.setWanted(true);
    expect(s.streams).toHaveLength(2);
    s.feed.stop();
    expect(s.streams[1]!.closed).toBe(true);
  });
});
