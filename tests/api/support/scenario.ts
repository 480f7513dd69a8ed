// The common starting point of the API tests: one school in one event, its coordinator signed in
// on that event, and an admin signed in who has picked the same school and event.
import { expect } from 'vitest';
import { createEvent, createSchool, createUser } from './factories';
import { signIn, type Agent } from './http';
import type { TestApp } from './test-app';

export type SchoolScenario = { schoolId: string; eventId: string; admin: Agent; school: Agent };

export async function schoolInEvent(t: TestApp): Promise<SchoolScenario> {
  const schoolId = (await createSchool(t.db)).id;
  const eventId = (await createEvent(t.db)).id;
  const admin = await signIn(t.app, (await createUser(t.db, 'admin')).email);
  const school = await signIn(t.app, (await createUser(t.db, 'school', { schoolId })).email, undefined, eventId);
  const picked = await admin.request({
    method: 'POST',
    url: '/api/session/',
    payload: { SchoolId: schoolId, EventId: eventId },
  });
  expect(picked.statusCode, picked.body).toBe(200);
  return { schoolId, eventId, admin, school };
}

/** A ticket order: `managerTicket1` tickets of the first kind, none of the others. */
export const managerTickets = (managerTicket1 = 0) => ({
  managerTicket1,
  managerTicket2: 0,
  managerTicket3: 0,
  managerTicket4: 0,
  managerTicket5: 0,
  xcManagerTicketAlpine1: 0,
  xcManagerTicketXC1: 0,
});

/** Saves the session's school's ticket order (POST /api/ticketings), with the passes available
 *  (an admin's to set; a school's own save keeps the stored number). */
export const saveTicketOrder = (agent: Agent, n: number, headers: Record<string, string> = {}) =>
  agent.request({
    method: 'POST',
    url: '/api/ticketings',
    payload: { ticketing: { ...managerTickets(n), noAvailableTeamManagerPasses: 5 } },
    headers,
  });
