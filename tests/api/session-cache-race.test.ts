// The session cache and a change that arrives while a lookup is under way (server/plugins/
// session-cache.ts). Two instances behind a proxy: instance B reads a session row, instance A's
// logout commits and its NOTIFY reaches B, then B's read comes back. Kept, B would serve the
// ended session for the cache's whole lifetime (60 s); it must not keep it.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { createSessionCache } from '../../server/plugins/session-cache';

function fakeListener() {
  const box: { deliver?: (payload: string) => void } = {};
  const listen: Database['listen'] = async (_channel, onMessage) => {
    box.deliver = onMessage;
    return async () => undefined;
  };
  return { listen, deliver: (payload: string) => box.deliver!(payload) };
}

describe('a lookup overtaken by news of a change', () => {
  it('is not kept when its session was signed out meanwhile (on any instance)', async () => {
    const { listen, deliver } = fakeListener();
    const cache = await createSessionCache<string>({ listen, ttlMs: 60_000, maxEntries: 10 });
    const since = cache.mark(); // the lookup starts reading
    deliver('s:hash-1'); // another instance's logout, committed before our read came back
    cache.set('hash-1', 'user-1', 'row read before the logout', since);
    expect(cache.get('hash-1')).toBeUndefined();
  });

  it('is not kept when its user changed meanwhile, nor when this instance forgot something', async () => {
    const { listen, deliver } = fakeListener();
    const cache = await createSessionCache<string>({ listen, ttlMs: 60_000, maxEntries: 10 });
    let since = cache.mark();
    deliver('u:user-1');
    cache.set('hash-1', 'user-1', 'stale', since);
    expect(cache.get('hash-1')).toBeUndefined();
    since = cache.mark();
    cache.forgetUser('user-1'); // a new password saved on this instance
    cache.set('hash-1', 'user-1', 'stale', since);
    expect(cache.get('hash-1')).toBeUndefined();
  });

  it('is kept when nothing changed while it read', async () => {
    const { listen } = fakeListener();
    const cache = await createSessionCache<string>({ listen, ttlMs: 60_000, maxEntries: 10 });
    const since = cache.mark();
    cache.set('hash-1', 'user-1', 'fresh', since);
    expect(cache.get('hash-1')).toBe('fresh');
    await cache.close();
  });
});
