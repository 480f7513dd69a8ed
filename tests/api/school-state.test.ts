// A school's state is the association's to set (docs/decisions.md "A school's state is the
// association's to set"): the event-to-state check trusts it, so a school user's profile save that
// names another state (or none) is refused with the reason on the field, changing nothing, and the
// other state's event stays closed to it; a save keeping the state goes through as before; an admin
// moves the school, after which the school signs in to its new state's event and no longer to the old.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventStates, schools, users } from '../../server/db/schema';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { PASSWORD, createEvent, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

const NSW = 3;
const VIC = 7;

let t: TestApp;
let schoolId: string;
let nswEvent: string;
let vicEvent: string;
let admin: Agent;
let school: Agent;
let loginEmail: string;

beforeEach(async () => {
  t = await startTestApp();
  // schoolInEvent's school is an NSW school (state 3) signed in to an NSW event.
  ({ schoolId, eventId: nswEvent, admin, school } = await schoolInEvent(t));
  const vic = await createEvent(t.db, { name: 'Victorian Interschools', invoiceType: 'VIC' });
  await t.db.delete(eventStates).where(eq(eventStates.eventId, vic.id));
  await t.db.insert(eventStates).values({ eventId: vic.id, stateId: VIC });
  vicEvent = vic.id;
  loginEmail = (await t.db.select().from(users).where(eq(users.schoolId, schoolId)))[0]!.email;
});
afterEach(async () => {
  await t.close();
});

const current = async (agent: Agent) => (await agent.request({ method: 'GET', url: '/api/school' })).json();
const save = (agent: Agent, body: unknown) =>
  agent.request({ method: 'PUT', url: '/api/school', payload: { school: body } });
const stored = async (id: string) => (await t.db.select().from(schools).where(eq(schools.id, id)))[0]!;
const signInTo = (EventId: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username: loginEmail, password: PASSWORD, EventId } });

describe("a school user's own profile", () => {
  it('refuses moving the school into another state, with the reason on the field, and keeps the other event closed', async () => {
    const mine = await current(school);
    expect(mine.StateId).toBe(NSW);
    const before = await stored(schoolId);

    const moved = await save(school, { ...mine, StateId: VIC, town: 'Falls Creek' });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().message).toBe(SERVER_MESSAGES.schoolStateSetByAssociation);
    expect(moved.json().fields).toEqual([
      { path: 'school.StateId', message: SERVER_MESSAGES.schoolStateSetByAssociation },
    ]);
    // Nothing of the save was written, not even the other fields.
    expect(await stored(schoolId)).toMatchObject({ stateId: NSW, town: before.town, version: before.version });

    // The attack's next step: signing in to the VIC event stays refused.
    const vicLogin = await signInTo(vicEvent);
    expect(vicLogin.statusCode, vicLogin.body).toBe(422);
    expect(vicLogin.json().message).toBe(SERVER_MESSAGES.loginEventNotForState);
    expect((await signInTo(nswEvent)).statusCode).toBe(200);
  });

  it('refuses clearing the state too (a school with none is not the school to decide it)', async () => {
    const mine = await current(school);
    const cleared = await save(school, { ...mine, StateId: null });
    expect(cleared.statusCode, cleared.body).toBe(422);
    expect(cleared.json().fields).toEqual([
      { path: 'school.StateId', message: SERVER_MESSAGES.schoolStateSetByAssociation },
    ]);
    expect((await stored(schoolId)).stateId).toBe(NSW);
  });

  it('saves as before when the state is kept', async () => {
    const mine = await current(school);
    const res = await save(school, { ...mine, town: 'Thredbo', region: 'Southern NSW' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: SERVER_MESSAGES.schoolSaved, school: { StateId: NSW } });
    expect(await stored(schoolId)).toMatchObject({ stateId: NSW, town: 'Thredbo', region: 'Southern NSW' });
  });

  it('lets a school the association has not placed keep saving without a state', async () => {
    const unplaced = await createSchool(t.db, { name: 'Not Yet Placed', stateId: null });
    const login = await createUser(t.db, 'school', { schoolId: unplaced.id });
    const agent = await signIn(t.app, login.email);
    const mine = await current(agent);
    expect(mine.StateId).toBeNull();
    expect((await save(agent, { ...mine, town: 'Perisher' })).statusCode).toBe(200);
    const placed = await save(agent, { ...(await current(agent)), StateId: VIC });
    expect(placed.statusCode, placed.body).toBe(422);
    expect((await stored(unplaced.id)).stateId).toBeNull();
  });
});

describe('an admin saving the school', () => {
  it("moves it to another state, after which the school enters that state's event and not the old one's", async () => {
    expect((await signInTo(vicEvent)).statusCode).toBe(422);
    const theirs = await current(admin);
    const moved = await save(admin, { ...theirs, StateId: VIC });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ school: { StateId: VIC, region: '' } });
    expect((await stored(schoolId)).stateId).toBe(VIC);

    const vicLogin = await signInTo(vicEvent);
    expect(vicLogin.statusCode, vicLogin.body).toBe(200);
    expect(vicLogin.json()).toMatchObject({ SchoolId: schoolId, EventId: vicEvent });
    expect((await signInTo(nswEvent)).statusCode).toBe(422);
    // The school's own saves now keep the new state.
    const mine = await current(school);
    expect(mine.StateId).toBe(VIC);
    expect((await save(school, { ...mine, town: 'Mount Buller' })).statusCode).toBe(200);
  });
});
