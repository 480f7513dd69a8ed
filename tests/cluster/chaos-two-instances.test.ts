// The short chaos run (tests/chaos/harness.ts) against two server instances on one PostgreSQL
// behind nginx (tests/chaos/cluster-target.ts): devices edit through the proxy while their network
// flaps and loses answers, their pages reload, and one instance or the other is killed with
// kill -9 mid-write and started again. Every accepted edit is on the server exactly once, and
// every refused one shows on its device.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { figuresTable } from '../chaos/figures';
import { runChaos } from '../chaos/harness';
import { startCluster, type Cluster } from '../chaos/cluster-target';

let cluster: Cluster | undefined;

beforeAll(async () => {
  cluster = await startCluster({ upstreamHeader: false });
});

afterAll(async () => {
  await cluster?.stop();
});

it('devices editing through nginx lose nothing and double nothing while either instance is killed mid-write', async () => {
  // Twice the single target's short run: the harness kills at a third and two thirds of the edits,
  // and the devices go on through the other instance so fast that a shorter run can end before
  // the second kill. Two kills: each instance once (cluster-target.ts alternates).
  const figures = await runChaos(cluster!, {
    edits: 480,
    devices: 4,
    seed: 20261126,
    log: (line) => {
      if (line.startsWith('crash')) console.log(line);
    },
  });
  console.log(`Chaos run (short), ${cluster!.description}\n${figuresTable(figures)}`);
  expect(figures.problems ?? []).toEqual([]);
  expect(figures).toMatchObject({ lost: 0, doubled: 0, invisible: 0 });
  expect(figures.refused).toBeGreaterThan(0);
  expect(figures.crashes).toBeGreaterThanOrEqual(2);
  expect(figures.accepted + figures.refused).toBe(figures.edits);
});
