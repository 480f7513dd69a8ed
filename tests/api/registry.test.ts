// The athlete registry routes: the add-participant lookup (school, admin) and the count (admin).
// Unknown and inactive snow ids both answer 404 with the spec's 'Snow Id not found or is inactive'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { registryAthletes } from '../../server/db/schema';
import { createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Agent;
let school: Agent;

beforeAll(async () => {
  t = await startTestApp();
  await t.db.insert(registryAthletes).values([
    { snowId: '9102001', firstname: 'Ava', lastname: 'Alpine', gender: 'Female', dob: '2012-03-04', active: true },
    { snowId: '9102009', firstname: 'Ina', lastname: 'Active', gender: 'Female', dob: null, active: false },
  ]);
  ({ admin, school } = await schoolInEvent(t));
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/snowracer/:snowId', () => {
  it('answers an active athlete', async () => {
    for (const agent of [school, admin]) {
      const res = await agent.request({ method: 'GET', url: '/api/snowracer/9102001' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        snowId: '9102001',
        firstname: 'Ava',
        lastname: 'Alpine',
        gender: 'Female',
        dob: '2012-03-04',
        active: true,
      });
    }
  });

  it.each(['9100000', '9102009'])(
    "answers 404 with the spec's message for %s (unknown or inactive)",
    async (snowId) => {
      const res = await school.request({ method: 'GET', url: `/api/snowracer/${snowId}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.snowIdNotFoundOrInactive });
    },
  );

  it('is refused to auditor and racedept', async () => {
    for (const type of ['auditor', 'racedept'] as const) {
      const agent = await signIn(t.app, (await createUser(t.db, type)).email);
      expect((await agent.request({ method: 'GET', url: '/api/snowracer/9102001' })).statusCode).toBe(403);
    }
  });
});

describe('GET /api/snowracer/count', () => {
  it('counts the registry for admins only', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/snowracer/count' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBeGreaterThanOrEqual(2);
    expect((await school.request({ method: 'GET', url: '/api/snowracer/count' })).statusCode).toBe(403);
  });
});
