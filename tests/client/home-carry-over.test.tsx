// The first-season carry-over on the demo data, through the real server and the real pull: the
// first-season coordinator (Kurrajong Ridge) sees last season's participants moved up a year and
// the Year 12 leavers (as GET /api/participants/year12 names them) as leaving, removes one,
// confirms: one outbox item, the flag cleared at once, and after the flush the server has it all.
// A second device that carries over again meets 409, which counts as success.
import 'fake-indexeddb/auto';
import type * as Rtl from '@testing-library/react';
import { and, eq } from 'drizzle-orm';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { participants, users } from '../../server/db/schema';
import { SessionContext } from '../../src/components/session-context';
import type { InterschoolsDb } from '../../src/db/database';
import { getSessionUser, setSessionUser } from '../../src/db/meta';
import { nextYearLevel } from '../../src/domain/rules/new-season';
import type { Participant, SessionUser } from '../../src/domain/schemas/entities';
import { participantsApi } from '../../src/domain/schemas/api/participants';
import { confirmCarryOver } from '../../src/features/home/carry-over-writes';
import { HomePage } from '../../src/features/home/home-page';
import { demoServer, pulledDevice, signInDemo, type DemoServer } from './home-demo-support';
import { installDom } from './support/node-dom';
import { dropDatabases, waitFor } from './sync-support';

const FIRST_SEASON = 'tom.galloway@kurrajongridge.test';

let server: DemoServer;
let rtl: typeof Rtl;
beforeAll(async () => {
  server = await demoServer();
  await installDom();
  rtl = await import('@testing-library/react');
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  rtl.cleanup();
  await dropDatabases();
});

/** The shell's session provider in small: the stored user, replaced by setUser. */
function Home({ db, initial }: { db: InterschoolsDb; initial: SessionUser }) {
  const [user, setUserState] = useState(initial);
  const setUser = async (next: SessionUser | null) => {
    await setSessionUser(db, next);
    if (next) setUserState(next);
  };
  return (
    <SessionContext.Provider value={{ user, setUser }}>
      <HomePage db={db} />
    </SessionContext.Provider>
  );
}

const rowOf = (lastname: string) => rtl.screen.getByText(lastname, { selector: 'td' }).closest('tr')!;
const cellsOf = (row: Element) => [...row.querySelectorAll('td')].map((td) => td.textContent);

it('shows moved-up year levels and leavers, removes one, confirms, and the server carries them over', async () => {
  const signedIn = await signInDemo(server, FIRST_SEASON);
  expect(signedIn.user.firstSeasonLogin).toBe(true);
  const { db, engine } = await pulledDevice(signedIn);
  const second = await pulledDevice(signedIn);
  await setSessionUser(db, signedIn.user);
  const year12 = (await (
    await signedIn.jar.fetch(`${server.baseUrl}/api/participants/year12`)
  ).json()) as Participant[];
  expect(year12.length).toBeGreaterThan(0);
  const schoolId = signedIn.user.SchoolId!;
  const before = await server.t.db
    .select()
    .from(participants)
    .where(and(eq(participants.schoolId, schoolId), eq(participants.archived, 0)));
  const returning = before.filter((p) => p.yearLevel !== '12').sort((a, b) => a.lastname.localeCompare(b.lastname));
  const [kept, removed] = [returning[0]!, returning[1]!];

  const { fireEvent, screen, within } = rtl;
  rtl.render(<Home db={db} initial={signedIn.user} />);
  await screen.findByRole('heading', { name: 'Start the new season' });
  await waitFor(async () => {
    rowOf(kept.lastname);
  });
  expect(cellsOf(rowOf(kept.lastname))).toContain(nextYearLevel(kept.yearLevel));
  const leaving = screen.getByRole('region', { name: /^Leaving school/ });
  for (const leaver of year12) expect(within(leaving).getByText(`${leaver.firstname} ${leaver.lastname}`)).toBeTruthy();
  expect(screen.queryByText(year12[0]!.lastname, { selector: 'td' })).toBeNull();

  fireEvent.click(within(rowOf(removed.lastname)).getByRole('button', { name: 'Remove' }));
  const notReturning = await screen.findByRole('region', { name: 'Not coming back' });
  expect(within(notReturning).getByText(new RegExp(removed.lastname))).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: /^Confirm: carry over/ }));

  // At once, on the device: one outbox item, the flag cleared, the carry-over gone from home.
  await waitFor(async () => expect(screen.queryByRole('heading', { name: 'Start the new season' })).toBeNull());
  const [item] = await db.outbox.toArray();
  expect(item).toMatchObject({ method: 'POST', path: participantsApi.newSeasonUpdates.url, status: 'pending' });
  const body = item!.body as { participantsArchive: string[]; participants: { id: string; yearLevel: string }[] };
  expect(new Set(body.participantsArchive)).toEqual(new Set([removed.id, ...year12.map((p) => p.id)]));
  expect(body.participants).toContainEqual({ id: kept.id, yearLevel: nextYearLevel(kept.yearLevel) });
  expect((await getSessionUser(db))!.firstSeasonLogin).toBe(false);
  expect((await db.participants.get(removed.id))!.archived).toBe(1);

  // Synced: the server has the carry-over and the flag is cleared there too.
  await engine.flush();
  expect(await db.outbox.count()).toBe(0);
  const after = new Map(
    (await server.t.db.select().from(participants).where(eq(participants.schoolId, schoolId))).map((p) => [p.id, p]),
  );
  expect(after.get(kept.id)!.yearLevel).toBe(nextYearLevel(kept.yearLevel));
  expect(after.get(removed.id)!.archived).toBe(1);
  for (const leaver of year12) expect(after.get(leaver.id)!.archived).toBe(1);
  const [coordinator] = await server.t.db.select().from(users).where(eq(users.email, FIRST_SEASON));
  expect(coordinator!.firstSeasonLogin).toBe(false);

  // A second device still showing the carry-over does it again: 409, counted as success (the
  // item is gone, nothing asks for the user's attention).
  rtl.cleanup();
  await setSessionUser(second.db, signedIn.user);
  await confirmCarryOver(second.db, signedIn.user, new Set());
  await second.engine.flush();
  expect(await second.db.outbox.count()).toBe(0);
  const [still] = await server.t.db.select().from(participants).where(eq(participants.id, kept.id));
  expect(still!.yearLevel).toBe(nextYearLevel(kept.yearLevel)); // moved up once, not twice
});
