// The seeded draw of a race's start order (docs/decisions.md 'Race day'): the seed is stored with
// the drawn order, so the same draw can be reproduced and checked on any device.

/** mulberry32: a tiny, well-mixed 32-bit PRNG; enough for a fair draw, and the same everywhere. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Code-unit order, not locale order: the draw must not depend on the device's language. */
function byCodeUnits(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

/** The teams in drawn order. The ids are de-duplicated and sorted before the shuffle, so the same
 *  set of teams and the same seed always give the same order, whatever order they came in. */
export function drawStartOrder(teamIds: readonly string[], seed: number): string[] {
  const order = [...new Set(teamIds)].sort(byCodeUnits);
  const random = mulberry32(seed);
  // Fisher–Yates: every permutation equally likely.
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as string, order[i] as string];
  }
  return order;
}

/** A new draw seed, 1 to 2^31 - 1 (fits a database integer), from the caller's random source. */
export function newDrawSeed(random: () => number): number {
  return (Math.floor(random() * 0x7fffffff) % 0x7fffffff) + 1;
}
