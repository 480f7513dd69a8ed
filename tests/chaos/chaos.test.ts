// A short chaos run in every `npm test`: four devices (two of one school) make a few hundred edits
// of participants, team managers and ticketing while their network flaps and loses answers, pages
// reload and the server is killed with kill -9 mid-write and restarted. Every accepted edit is on
// the server exactly once, and every refused one shows on its device.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { figuresTable } from './figures';
import { runChaos } from './harness';
import { startSingle } from './single-target';
import type { ChaosTarget } from './target';

let target: ChaosTarget;
beforeAll(async () => {
  target = await startSingle();
});
afterAll(async () => {
  await target?.stop();
});

it('devices editing through flapping networks, reloads and kill -9 of the server lose nothing and double nothing', async () => {
  const figures = await runChaos(target, { edits: 240, devices: 4, seed: 20261126 });
  console.log(`Chaos run (short)\n${figuresTable(figures)}`);
  expect(figures.problems).toEqual([]);
  expect(figures).toMatchObject({ lost: 0, doubled: 0, invisible: 0 });
  expect(figures.refused).toBeGreaterThan(0);
  expect(figures.crashes).toBeGreaterThanOrEqual(1);
  expect(figures.flaps).toBeGreaterThan(0);
  expect(figures.reloads).toBeGreaterThan(0);
  expect(figures.accepted + figures.refused).toBe(figures.edits);
});
