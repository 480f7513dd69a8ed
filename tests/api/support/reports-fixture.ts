// The small data set the report tests read (tests/api/reports-*.test.ts): five schools (one of them
// removed, which no report may show), this season's event, last season's, and an older one, with
// participants, teams and entries (some positions empty), managers, volunteers and slots, ticketing,
// waivers, payments and race results. Every row is made here, so the tests count them in plain JS.
import { randomUUID } from 'node:crypto';
import {
  participants,
  payments,
  resultRaces,
  teamEntries,
  teamManagers,
  teams,
  ticketing,
  volunteerPreferences,
  volunteerSlots,
  volunteers,
  waivers,
} from '../../../server/db/schema';
import { createEvent, createSchool, createUser } from './factories';
import { signIn, type Agent } from './http';
import type { TestApp } from './test-app';

type ParticipantRow = typeof participants.$inferInsert & { id: string; schoolId: string };
type EntryRow = typeof teamEntries.$inferInsert;

export async function buildReportData(t: TestApp) {
  const db = t.db;
  const cur = await createEvent(
    db,
    { name: 'Championships 2026', year: 2026, registrationFee: 50, teamEntryFee: 30 },
    [1, 2, 4, 6, 7],
  );
  const prev = await createEvent(
    db,
    { name: 'Championships 2025', year: 2025, active: false, archived: true, locked: true },
    [1, 7],
  );
  const older = await createEvent(
    db,
    { name: 'Championships 2024', year: 2024, active: false, archived: true, locked: true },
    [1],
  );

  const A = await createSchool(db, {
    name: 'Alpine Grammar',
    nickname: 'AG',
    schoolCategory: 'Secondary',
    schoolType: 'Co-ed',
    schoolGovOrPrivate: 'Ind.',
    stateId: 3,
    bpay: '1234567',
    createdAt: new Date('2026-03-01T00:00:00Z'),
    coordinatorFirstname: 'Ann',
    coordinatorLastname: 'Ash',
    coordinatorPhone: '02 6000 0001',
    coordinatorMobile: '0400 000 001',
    town: 'Jindabyne',
    region: 'Southern NSW',
  });
  const B = await createSchool(db, {
    name: 'Bogong Primary',
    nickname: 'BPS',
    schoolCategory: 'Primary',
    schoolType: 'Co-ed',
    schoolGovOrPrivate: 'Gov.',
    stateId: 3,
    bpay: '',
    createdAt: new Date('2020-02-01T00:00:00Z'),
    coordinatorFirstname: 'Bea',
    coordinatorLastname: 'Birch',
  });
  const C = await createSchool(db, {
    name: 'Cobberas College',
    schoolCategory: 'p-12',
    schoolType: 'Female',
    schoolGovOrPrivate: 'Ind.',
    stateId: 7,
    bpay: '  ',
    createdAt: null,
    coordinatorFirstname: 'Cal',
    coordinatorLastname: 'Cedar',
  });
  const D = await createSchool(db, {
    name: 'Dargo Primary (removed)',
    schoolCategory: 'Primary',
    stateId: 3,
    bpay: '',
    createdAt: new Date('2026-01-10T00:00:00Z'),
    removedAt: new Date('2026-06-01T00:00:00Z'),
  });
  const E = await createSchool(db, {
    name: 'Eildon High',
    schoolCategory: 'Secondary',
    stateId: 3,
    bpay: '999',
    createdAt: new Date('2026-05-01T00:00:00Z'),
    coordinatorFirstname: 'Eve',
    coordinatorLastname: 'Elm',
  });
  const coordinators = {
    A: await createUser(db, 'school', { schoolId: A.id, email: 'coordinator-a@example.test' }),
    B: await createUser(db, 'school', { schoolId: B.id, email: 'coordinator-b@example.test' }),
    E: await createUser(db, 'school', { schoolId: E.id, email: 'coordinator-e@example.test' }),
  };

  let nextSnowId = 7_000_000;
  const person = (
    schoolId: string,
    firstname: string,
    lastname: string,
    over: Partial<ParticipantRow> = {},
  ): ParticipantRow => ({
    id: randomUUID(),
    schoolId,
    firstname,
    lastname,
    snowId: String(nextSnowId++),
    yearLevel: '8',
    gender: 'Female',
    ...over,
  });
  const people = {
    a1: person(A.id, 'Alice', 'Adams'),
    a2: person(A.id, 'Aaron', 'Abbott', { snowId: null, gender: 'Male' }),
    a3: person(A.id, 'Amy', 'Archer', { snowId: '' }),
    a4: person(A.id, 'Ari', 'Avery', { gender: 'Male' }),
    a5: person(A.id, 'Ava', 'Ahn', { archived: 1 }),
    a6: person(A.id, 'Abe', 'Ames'),
    b1: person(B.id, 'Ben', 'Bell', { yearLevel: '5' }),
    b2: person(B.id, 'Bella', 'Brown', { yearLevel: '6', snowId: null }),
    b3: person(B.id, 'Bo', 'Baker', { yearLevel: '4' }),
    c1: person(C.id, 'Cara', 'Cole', { yearLevel: '11' }),
    d1: person(D.id, 'Dan', 'Dunn', { snowId: null }),
    d2: person(D.id, 'Dee', 'Dale'),
  };
  await db.insert(participants).values(Object.values(people));

  const entries: EntryRow[] = [];
  const team = async (
    eventId: string,
    schoolId: string,
    disciplineId: number,
    held: (ParticipantRow | null)[],
    over: Partial<typeof teams.$inferInsert> = {},
  ) => {
    const [row] = await db
      .insert(teams)
      .values({ schoolId, eventId, disciplineId, division: 1, teamRank: 'A', gender: 'Female', ...over })
      .returning();
    const rows = held.map((p, i) => ({
      id: randomUUID(),
      teamId: row!.id,
      eventId,
      disciplineId,
      schoolId,
      participantId: p?.id ?? null,
      position: i + 1,
      bib: p && eventId === cur.id ? 100 + entries.length + i : null,
    }));
    entries.push(...rows);
    if (rows.length) await db.insert(teamEntries).values(rows);
    return row!;
  };
  const p = people;
  // This season: A 5 race entries (and 1 empty position), B 2, C 1, D (removed) 2.
  await team(cur.id, A.id, 1, [p.a1, p.a2, p.a3, null], { division: 2 });
  await team(cur.id, A.id, 4, [p.a1, p.a4], { gender: 'Male', division: 1 });
  await team(cur.id, B.id, 7, [p.b1, p.b2], { division: 4, gender: 'Co-Ed' });
  await team(cur.id, B.id, 1, [null], { division: 5 });
  await team(cur.id, C.id, 2, [p.c1]);
  await team(cur.id, D.id, 1, [p.d1, p.d2]);
  // Last season: B 3 entries, A 1, D 1. Two seasons ago: A 2.
  await team(prev.id, B.id, 7, [p.b1, p.b2, p.b3]);
  await team(prev.id, A.id, 1, [p.a6]);
  await team(prev.id, D.id, 1, [p.d1]);
  await team(older.id, A.id, 1, [p.a6, p.a4]);

  await db.insert(teamManagers).values([
    { schoolId: A.id, eventId: cur.id, firstname: 'Mia', lastname: 'Moss', mobile: '0411 111 111', seasonPass: '1' },
    { schoolId: A.id, eventId: cur.id, firstname: 'Max', lastname: 'Mann', mobile: '0411 111 112' },
    { schoolId: B.id, eventId: cur.id, firstname: 'Meg', lastname: 'Moon', mobile: '0411 111 113' },
    { schoolId: D.id, eventId: cur.id, firstname: 'Mo', lastname: 'Mint', mobile: '0411 111 114' },
    { schoolId: A.id, eventId: prev.id, firstname: 'Old', lastname: 'Manager', mobile: '0411 111 115' },
  ]);

  const [v1, v2, v3, v4] = await db
    .insert(volunteers)
    .values([
      {
        schoolId: A.id,
        eventId: cur.id,
        firstname: 'Vic',
        lastname: 'Vale',
        mobile: '0422 222 221',
        email: 'vic@example.test',
      },
      { schoolId: A.id, eventId: cur.id, firstname: 'Val', lastname: 'Vine', mobile: '0422 222 222' },
      { schoolId: C.id, eventId: cur.id, firstname: 'Vera', lastname: 'Voss', mobile: '0422 222 223' },
      { schoolId: D.id, eventId: cur.id, firstname: 'Vin', lastname: 'Void', mobile: '0422 222 224' },
    ])
    .returning();
  const [s1, s2] = await db
    .insert(volunteerSlots)
    .values([
      { schoolId: A.id, eventId: cur.id, volunteerId: v1!.id },
      { schoolId: A.id, eventId: cur.id, volunteerId: v1!.id },
      { schoolId: A.id, eventId: cur.id, volunteerId: null },
      { schoolId: C.id, eventId: cur.id, volunteerId: v3!.id },
      { schoolId: D.id, eventId: cur.id, volunteerId: v4!.id },
    ])
    .returning();
  await db.insert(volunteerPreferences).values([
    { slotId: s1!.id, rank: 2, disciplineId: 2, division: 3, gender: 'Male', position: 'Shovel' },
    { slotId: s1!.id, rank: 1, disciplineId: 1, division: 2, gender: 'Female', position: 'Start Marshall' },
    { slotId: s2!.id, rank: 1, disciplineId: 4, division: 1, gender: 'Male', position: 'Start Referee' },
  ]);

  await db.insert(ticketing).values([
    { schoolId: A.id, eventId: cur.id, managerTicket1: 2, managerTicket3: 1, noAvailableTeamManagerPasses: 4 },
    { schoolId: B.id, eventId: cur.id, managerTicket2: 1, xcManagerTicketXC1: 1, noAvailableTeamManagerPasses: 2 },
    { schoolId: D.id, eventId: cur.id, managerTicket1: 1 },
    { schoolId: A.id, eventId: prev.id, managerTicket1: 9 },
  ]);

  await db.insert(waivers).values([
    // A: Alice completed (by name, typed differently), Aaron incomplete, Amy by snow id? none: missing.
    { schoolId: A.id, eventId: cur.id, type: 'participant', givenName: 'alice', surname: 'ADAMS', completed: 1 },
    { schoolId: A.id, eventId: cur.id, type: 'participant', givenName: 'Aaron', surname: 'Abbott', completed: 0 },
    { schoolId: A.id, eventId: cur.id, type: 'participant', name: 'Ari Avery', completed: 1 },
    { schoolId: A.id, eventId: cur.id, type: 'participant', givenName: 'Nobody', surname: 'Known', completed: 1 },
    { schoolId: A.id, eventId: cur.id, type: 'volunteer', givenName: 'Vic', surname: 'Vale', completed: 1 },
    { schoolId: B.id, eventId: cur.id, type: 'participant', givenName: 'Ben', surname: 'Bell', completed: 1 },
    { schoolId: C.id, eventId: cur.id, type: 'volunteer', givenName: 'Vera', surname: 'Voss', completed: 0 },
    { schoolId: D.id, eventId: cur.id, type: 'participant', givenName: 'Dan', surname: 'Dunn', completed: 1 },
    { schoolId: A.id, eventId: prev.id, type: 'participant', givenName: 'Abe', surname: 'Ames', completed: 1 },
  ]);

  await db.insert(payments).values([
    { schoolId: A.id, eventId: cur.id, amountCents: 10_000, status: 'received', method: 'bpay' },
    { schoolId: A.id, eventId: cur.id, amountCents: 5_055, status: 'received', method: 'cheque' },
    { schoolId: A.id, eventId: cur.id, amountCents: 99_900, status: 'pending', method: 'online' },
    { schoolId: B.id, eventId: cur.id, amountCents: 2_000, status: 'received', method: 'bpay' },
    { schoolId: E.id, eventId: cur.id, amountCents: 1_500, status: 'received', method: 'bpay' },
    { schoolId: D.id, eventId: cur.id, amountCents: 3_000, status: 'received', method: 'bpay' },
    { schoolId: A.id, eventId: prev.id, amountCents: 7_000, status: 'received', method: 'bpay' },
  ]);

  const placed = (...names: string[]) => names.map((name, i) => ({ place: i + 1, name, school: name }));
  await db.insert(resultRaces).values([
    // Ski (alpine 1): A 10, B 9, C 8, removed D's 7 counts for nobody.
    {
      eventId: cur.id,
      disciplineId: 1,
      division: 2,
      gender: 'Female',
      teamIndividual: 'Team',
      placings: placed('Alpine Grammar', 'Bogong Primary', 'Cobberas College', 'Dargo Primary (removed)'),
    },
    // Ski (moguls 2), individual: names are people, schools by nickname and odd spelling.
    {
      eventId: cur.id,
      disciplineId: 2,
      division: 1,
      gender: 'Female',
      teamIndividual: 'Individual',
      placings: [
        { place: 1, name: 'Cara Cole', school: 'cobberas  college' },
        { place: 2, name: 'Alice Adams', school: 'AG' },
        { place: 12, name: 'Late Finisher', school: 'Alpine Grammar' },
        { place: 3, name: 'Stranger', school: 'Unknown School' },
      ],
    },
    // Snowboard (4): C 10, A 9.
    {
      eventId: cur.id,
      disciplineId: 4,
      division: 1,
      gender: 'Male',
      teamIndividual: 'Team',
      placings: placed('Cobberas College', 'Alpine Grammar'),
    },
    // Primary teams (7, ski): B 10.
    { eventId: cur.id, disciplineId: 7, division: 4, gender: 'Co-Ed', teamIndividual: 'Team', placings: placed('BPS') },
    // Cross country (6): counts for neither list.
    {
      eventId: cur.id,
      disciplineId: 6,
      division: 1,
      gender: 'Female',
      teamIndividual: 'Team',
      placings: placed('Alpine Grammar'),
    },
    // Last season's results do not count this season.
    {
      eventId: prev.id,
      disciplineId: 1,
      division: 1,
      gender: 'Female',
      teamIndividual: 'Team',
      placings: placed('Bogong Primary'),
    },
  ]);

  const admin = await signIn(t.app, (await createUser(db, 'admin')).email, undefined, cur.id);
  const auditor = await signIn(t.app, (await createUser(db, 'auditor')).email, undefined, cur.id);
  const racedept = await signIn(t.app, (await createUser(db, 'racedept')).email, undefined, cur.id);
  const school = await signIn(t.app, coordinators.A.email, undefined, cur.id);

  return {
    cur,
    prev,
    older,
    schools: { A, B, C, D, E },
    coordinators,
    people,
    entries,
    volunteers: { v1: v1!, v2: v2!, v3: v3!, v4: v4! },
    agents: { admin, auditor, racedept, school } as Record<'admin' | 'auditor' | 'racedept' | 'school', Agent>,
  };
}

export type ReportData = Awaited<ReturnType<typeof buildReportData>>;

/** A GET as `agent`, answering the parsed body and the status. */
export async function get(agent: Agent, url: string) {
  const res = await agent.request({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as unknown, raw: res.body };
}
