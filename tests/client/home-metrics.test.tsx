// The home numbers of GET /api/metrics and of the mirror (the same domain functions) on the demo
// data. Node, not happy-dom: the demo seed reads the athletes file through import.meta.url.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readHomeMetrics } from '../../src/features/home/use-home-metrics';
import { demoServer, pulledDevice, signInDemo, type DemoServer } from './home-demo-support';
import { dropDatabases } from './sync-support';

let server: DemoServer;
beforeAll(async () => {
  server = await demoServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  await dropDatabases();
});

// Snowy Range: teams, volunteers, waivers and unassigned positions; Harbourview: paid, complete.
const SCHOOLS = ['megan.hartley@snowyrange.test', 'james.pemberton@harbourview.test', 'rachel.nguyen@tablelands.test'];

describe('home numbers: the server and the mirror agree on the demo data', () => {
  it.each(SCHOOLS)('%s', async (email) => {
    const signedIn = await signInDemo(server, email);
    const { user, jar } = signedIn;
    const answer = await jar.fetch(`${server.baseUrl}/api/metrics/${user.EventId}/${user.SchoolId}`);
    expect(answer.status).toBe(200);
    const fromServer = await answer.json();
    const { db } = await pulledDevice(signedIn);
    expect(await readHomeMetrics(db, user.SchoolId!, user.EventId!)).toEqual(fromServer);
    expect(fromServer.participantCount).toBeGreaterThan(0);
    if (email.includes('snowyrange')) {
      expect(fromServer.teamsCount).toBeGreaterThan(0);
      expect(fromServer.volunteerCount).toBeGreaterThan(0);
      expect(fromServer.completedParticipantsWaiversCount).toBeGreaterThan(0);
    }
  });
});
