// The two calls the spec names as GET although they change something keep their method, but a
// link, form or script on another site cannot make them: GET /api/logout once signed out anyone
// who followed a link, and GET /api/snowracer-import ran the import with the admin's session. The
// import also answers POST, which the app sends.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { participants, registryAthletes, teamEntries, teams } from '../../server/db/schema';
import { createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Agent;
let schoolId: string;
let eventId: string;
let participantId: string;

const ANOTHER_SITE = [
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' }, // a sibling sub-domain is another site's page too
  { origin: 'https://attacker.test' },
  { referer: 'https://attacker.test/page.html' },
  { origin: 'null' },
];
const THIS_APP = [
  { 'sec-fetch-site': 'same-origin' },
  { 'sec-fetch-site': 'none' },
  { origin: 'http://localhost:8080' },
  {},
];

beforeAll(async () => {
  t = await startTestApp();
  ({ admin, schoolId, eventId } = await schoolInEvent(t));
  // One entered participant without a snow id whom the built-in registry knows by name and birth.
  await t.db.insert(registryAthletes).values({
    snowId: '8801001',
    firstname: 'Ada',
    lastname: 'Link',
    gender: 'Female',
    dob: '2011-03-04',
    active: true,
  });
  const [p] = await t.db
    .insert(participants)
    .values({ schoolId, firstname: 'Ada', lastname: 'Link', gender: 'Female', dob: '2011-03-04', yearLevel: '9' })
    .returning();
  participantId = p!.id;
  const [team] = await t.db
    .insert(teams)
    .values({ schoolId, eventId, disciplineId: 1, division: 1, teamRank: 'A', gender: 'Female' })
    .returning();
  await t.db
    .insert(teamEntries)
    .values({ teamId: team!.id, eventId, disciplineId: 1, schoolId, participantId, position: 1 });
});
afterAll(async () => {
  await t?.close();
});

const snowIdOf = async () =>
  (await t.db.select().from(participants).where(eq(participants.id, participantId)))[0]!.snowId;

describe('GET /api/logout', () => {
  it.each(ANOTHER_SITE)('from another site (%o) is refused and the session stays', async (headers) => {
    const user = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
    const res = await user.request({
      method: 'GET',
      url: '/api/logout',
      headers: { ...headers, host: 'localhost:8080' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SERVER_MESSAGES.crossSiteRefused);
    expect((await user.request({ method: 'GET', url: '/api/school/bpay' })).statusCode).toBe(200);
  });

  it.each(THIS_APP)('from the app itself (%o) signs out', async (headers) => {
    const user = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
    const res = await user.request({
      method: 'GET',
      url: '/api/logout',
      headers: { ...headers, host: 'localhost:8080' },
    });
    expect(res.statusCode).toBe(200);
    expect((await user.request({ method: 'GET', url: '/api/school/bpay' })).statusCode).toBe(401);
  });
});

describe('the registry import', () => {
  it.each(ANOTHER_SITE)('GET from another site (%o) is refused and imports nothing', async (headers) => {
    const res = await admin.request({
      method: 'GET',
      url: `/api/snowracer-import?EventId=${eventId}`,
      headers: { ...headers, host: 'localhost:8080' },
    });
    expect(res.statusCode).toBe(403);
    expect(await snowIdOf()).toBeNull();
  });

  it('is a POST from the app, and the spec GET still answers the same from the app', async () => {
    const posted = await admin.request({
      method: 'POST',
      url: `/api/snowracer-import?EventId=${eventId}`,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await snowIdOf()).toBe('8801001');
    const again = await admin.request({
      method: 'GET',
      url: `/api/snowracer-import?EventId=${eventId}`,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ totalSnowracerUpdated: 0 });
  });
});
