// One flusher at a time: the Web Lock 'outbox' (shared by every tab and the service worker of the
// origin), taken with ifAvailable so a second caller returns at once instead of queueing behind
// the first. Where Web Locks are missing (old browsers, Node tests) an in-process mutex per
// database name stands in; it covers every engine of this JavaScript realm.

export const OUTBOX_LOCK = 'outbox';

const held = new Set<string>();

/** Runs `fn` holding the lock, or returns `undefined` at once when someone else holds it. */
export async function withLockIfAvailable<T>(
  locks: LockManager | null,
  name: string,
  fallbackKey: string,
  fn: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (locks) {
    return locks.request(name, { ifAvailable: true }, async (lock) => {
      if (!lock) return { ran: false as const };
      return { ran: true as const, value: await fn() };
    });
  }
  if (held.has(fallbackKey)) return { ran: false };
  held.add(fallbackKey);
  try {
    return { ran: true, value: await fn() };
  } finally {
    held.delete(fallbackKey);
  }
}

export function defaultLocks(): LockManager | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}
