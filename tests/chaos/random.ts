// A seeded source of randomness for the chaos run, so a run's choices (which row, which field,
// when to flap) can be told apart and repeated from its seed. The timing of the network, the
// server and the engines is real, so two runs with one seed are alike, not identical.

export type Random = {
  /** A number in [0, 1). */
  next(): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A whole number in [min, max]. */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `n` different items (fewer when there are fewer). */
  some<T>(items: readonly T[], n: number): T[];
};

/** mulberry32: small, fast and good enough to choose edits. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    chance: (p) => next() < p,
    between,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    some(items, n) {
      const pool = [...items];
      const out = [];
      while (out.length < n && pool.length) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
      return out;
    },
  };
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
