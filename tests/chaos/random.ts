// A seeded source of randomness for the chaos run, so a run's choices (which row, which field,
// when to flap) can be told apart and repeated from its seed. The timing of the network, the
// server and the engines is real, so two runs with one seed are alike, not identical.
import { mulberry32 } from '../../server/db/seed/prng';

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

/** The seed data's mulberry32 (server/db/seed/prng.ts), with the picks the run makes. */
export function seededRandom(seed: number): Random {
  const rng = mulberry32(seed);
  return {
    next: rng.next,
    chance: rng.chance,
    between: rng.int,
    pick: rng.pick,
    some(items, n) {
      const pool = [...items];
      const out = [];
      while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rng.next() * pool.length), 1)[0]!);
      return out;
    },
  };
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
