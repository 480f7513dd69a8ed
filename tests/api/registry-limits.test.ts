// Snow id lookups are limited per user: the registry holds personal data, so walking through snow
// ids is slowed (429 with Retry-After) while a coordinator entering a class at a time never notices.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let school: Agent;
let schoolId: string;
const lookup = (agent: Agent, n: number) => agent.request({ method: 'GET', url: `/api/snowracer/${900000 + n}` });

beforeAll(async () => {
  t = await startTestApp();
  ({ school, schoolId } = await schoolInEvent(t));
});
afterAll(async () => {
  await t?.close();
});

it('answers 100 lookups in 15 minutes, then 429 with Retry-After until the window moves on', async () => {
  for (let n = 0; n < 100; n++) expect((await lookup(school, n)).statusCode).toBe(404);
  const limited = await lookup(school, 100);
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: SERVER_MESSAGES.tooManyLookups });
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

  // Another user is counted on its own.
  const colleague = await signIn(t.app, (await createUser(t.db, 'school', { schoolId })).email);
  expect((await lookup(colleague, 1)).statusCode).toBe(404);

  t.clock.advance(15 * 60_000);
  expect((await lookup(school, 101)).statusCode).toBe(404);
});
