// Demo seed, athlete registry file and large benchmark data set: the counts and logins they make,
// that they seed only once, and that every row obeys the unique and team rules of the spec.
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CO_ED_TEAM, TEAM_GENDERS, TEAM_LETTERS, YEAR_LEVELS } from '../../src/domain/constants';
import { genderFitsTeam, isPreferenceComplete, positionsPerTeam, tooManyTickets } from '../../src/domain/rules';
import { volunteerPreferenceSchema } from '../../src/domain/schemas/entities/volunteer';
import { verifyPassword } from '../../server/auth/passwords';
import type { Db } from '../../server/db/client';
import {
  eventDisciplines,
  eventStates,
  events,
  invites,
  participants,
  payments,
  raceResults,
  registryAthletes,
  resultOveralls,
  resultRaces,
  schools,
  teamEntries,
  teamManagers,
  teams,
  ticketing,
  trophies,
  users,
  volunteerPreferences,
  volunteerSlots,
  volunteers,
  waivers,
} from '../../server/db/schema';
import { DEMO_PASSWORDS, seedDemoData, type DemoLogin } from '../../server/db/seed/demo';
import { planDemo } from '../../server/db/seed/demo-plan';
import { generateLargeDataset } from '../../server/db/seed/large';
import { divisionOf, yearLevelFor } from '../../server/db/seed/school-year';
import { loadRegistry, readAthletesCsv } from '../../server/integrations/registry/load';
import { startTestApp, type TestApp } from './support/test-app';

const NOW = new Date('2026-06-15T09:00:00Z');
const SEASON = 2026;

async function countOf(db: Db, table: PgTable) {
  const [row] = await db.select({ n: count() }).from(table);
  return row!.n;
}

/** Every breach of the unique and team rules in the database, as readable lines (none expected). */
async function ruleViolations(db: Db): Promise<string[]> {
  const [allTeams, allEntries, people, eventRows, ranges, managers, slots, prefs, tickets] = await Promise.all([
    db.select().from(teams),
    db.select().from(teamEntries),
    db.select().from(participants),
    db.select().from(events),
    db.select().from(eventDisciplines),
    db.select().from(teamManagers),
    db.select().from(volunteerSlots),
    db.select().from(volunteerPreferences),
    db.select().from(ticketing),
  ]);
  const bad: string[] = [];
  const person = new Map(people.map((p) => [p.id, p]));
  const event = new Map(eventRows.map((e) => [e.id, e]));
  const range = new Map(ranges.map((r) => [`${r.eventId}:${r.disciplineId}`, r]));
  const manager = new Map(managers.map((m) => [m.id, m]));
  const byTeam = new Map<string, typeof allEntries>();
  for (const e of allEntries) byTeam.set(e.teamId, [...(byTeam.get(e.teamId) ?? []), e]);
  const identities = new Set<string>();
  const inDiscipline = new Set<string>();

  for (const t of allTeams) {
    const label = `team ${t.id}`;
    const ev = event.get(t.eventId)!;
    const r = range.get(`${t.eventId}:${t.disciplineId}`);
    if (!(TEAM_LETTERS as readonly string[]).includes(t.teamRank)) bad.push(`${label}: rank ${t.teamRank}`);
    if (!(TEAM_GENDERS as readonly string[]).includes(t.gender)) bad.push(`${label}: gender ${t.gender}`);
    if (!r || !r.active || t.division < r.divisionFrom || t.division > r.divisionTo)
      bad.push(`${label}: division ${t.division} of discipline ${t.disciplineId}`);
    if (r && t.gender === CO_ED_TEAM && !(r.male && r.female)) bad.push(`${label}: co-ed without both genders`);
    const identity = `${t.eventId}:${t.schoolId}:${t.disciplineId}:${t.division}:${t.gender}:${t.teamRank}`;
    if (identities.has(identity)) bad.push(`${label}: duplicate identity`);
    identities.add(identity);
    if (t.teamManagerId) {
      const m = manager.get(t.teamManagerId);
      if (!m || m.schoolId !== t.schoolId || m.eventId !== t.eventId)
        bad.push(`${label}: manager of another school or event`);
    }
    const entries = byTeam.get(t.id) ?? [];
    const positions = new Set<number>();
    for (const e of entries) {
      if (e.eventId !== t.eventId || e.disciplineId !== t.disciplineId || e.schoolId !== t.schoolId)
        bad.push(`${label}: entry out of step`);
      if (e.position < 1 || e.position > positionsPerTeam(t.disciplineId) || positions.has(e.position))
        bad.push(`${label}: position ${e.position}`);
      positions.add(e.position);
      if (!e.participantId) continue;
      const p = person.get(e.participantId)!;
      if (p.schoolId !== t.schoolId) bad.push(`${label}: member of another school`);
      if (!genderFitsTeam(p.gender, t.gender)) bad.push(`${label}: ${p.gender} member in a ${t.gender} team`);
      const level = yearLevelFor(p.dob!, ev.year);
      if (!level || divisionOf(level) !== t.division)
        bad.push(`${label}: Year ${level} member in division ${t.division}`);
      if (ev.active && p.archived) bad.push(`${label}: archived member in an active event`);
      const once = `${t.eventId}:${t.disciplineId}:${e.participantId}`;
      if (inDiscipline.has(once)) bad.push(`participant ${e.participantId}: twice in discipline ${t.disciplineId}`);
      inDiscipline.add(once);
    }
  }
  const snowIds = new Set<string>();
  for (const p of people) {
    if (!(YEAR_LEVELS as readonly string[]).includes(p.yearLevel))
      bad.push(`participant ${p.id}: year level ${p.yearLevel}`);
    const key = `${p.schoolId}:${p.snowId}`;
    if (snowIds.has(key)) bad.push(`participant ${p.id}: snow id twice in a school`);
    snowIds.add(key);
  }
  const prefBySlot = new Map(prefs.map((p) => [p.slotId, p]));
  for (const s of slots) {
    const p = prefBySlot.get(s.id);
    // Read as the feed sends it: a stored preference its schema refuses is itself a bad row.
    const read =
      p &&
      volunteerPreferenceSchema.safeParse({
        DisciplineId: p.disciplineId,
        division: p.division,
        gender: p.gender,
        position: p.position,
        isLocked: p.isLocked,
      });
    if (read && !read.success) bad.push(`slot ${s.id}: a preference its schema refuses`);
    const pref = read?.success ? read.data : undefined;
    if (s.volunteerId && !isPreferenceComplete(pref)) bad.push(`slot ${s.id}: volunteer with an incomplete preference`);
    if (event.get(s.eventId)!.invoiceType === 'VIC' && !s.volunteerId && isPreferenceComplete(pref))
      bad.push(`slot ${s.id}: VIC preference without a volunteer`);
  }
  for (const t of tickets) if (tooManyTickets(t)) bad.push(`ticketing ${t.schoolId}: too many tickets`);
  return bad;
}

describe('demo seed', () => {
  let t: TestApp;
  let logins: DemoLogin[];

  beforeAll(async () => {
    t = await startTestApp();
    logins = await seedDemoData(t.db, { now: NOW });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes the documented logins, one coordinator per school', async () => {
    const staff = logins.filter((l) => l.role !== 'school').map((l) => [l.role, l.username, l.password]);
    expect(staff).toEqual([
      ['admin', 'admin@interschools.test', DEMO_PASSWORDS.admin],
      ['auditor', 'auditor@interschools.test', DEMO_PASSWORDS.auditor],
      ['racedept', 'racedept@interschools.test', DEMO_PASSWORDS.racedept],
    ]);
    const coordinators = logins.filter((l) => l.role === 'school');
    expect(coordinators).toHaveLength(8);
    const userRows = await t.db
      .select({ email: users.email, type: users.type, school: schools.name })
      .from(users)
      .leftJoin(schools, eq(schools.id, users.schoolId));
    expect(userRows).toHaveLength(11);
    for (const login of coordinators) {
      expect(login.password).toBe(DEMO_PASSWORDS.school);
      expect(userRows).toContainEqual({ email: login.username, type: 'school', school: login.school });
    }
  });

  it('makes schools, events and entries in the expected numbers', async () => {
    const db = t.db;
    expect(await countOf(db, schools)).toBe(8);
    expect(await countOf(db, participants)).toBe(300);
    const eventRows = await db.select().from(events);
    expect(eventRows.map((e) => [e.year, e.invoiceType, e.active, e.locked, e.archived]).sort()).toEqual(
      [
        [SEASON - 1, 'NSW', false, true, true],
        [SEASON, 'NSW', true, false, false],
        [SEASON, 'VIC', true, false, false],
      ].sort(),
    );
    const stateRows = await db
      .select({ stateId: eventStates.stateId, invoiceType: events.invoiceType })
      .from(eventStates)
      .innerJoin(events, eq(events.id, eventStates.eventId))
      .where(eq(events.year, SEASON));
    expect(stateRows.map((r) => `${r.invoiceType}:${r.stateId}`).sort()).toEqual(['NSW:3', 'VIC:7']);
    const perEvent = await db
      .select({
        year: events.year,
        teams: sql<number>`count(distinct ${teams.id})::int`,
        unassigned: sql<number>`(count(${teamEntries.id}) filter (where ${teamEntries.participantId} is null))::int`,
      })
      .from(events)
      .innerJoin(teams, eq(teams.eventId, events.id))
      .leftJoin(teamEntries, eq(teamEntries.teamId, teams.id))
      .groupBy(events.id, events.year);
    expect(perEvent).toHaveLength(3);
    for (const row of perEvent) expect(row.teams).toBeGreaterThan(20);
    expect(perEvent.filter((r) => r.year === SEASON).every((r) => r.unassigned > 0)).toBe(true);
    expect(await countOf(db, teamManagers)).toBeGreaterThan(10);
    expect(await countOf(db, volunteers)).toBeGreaterThan(5);
    expect(await countOf(db, ticketing)).toBe(5);
    const waiverKinds = await db.selectDistinct({ type: waivers.type, completed: waivers.completed }).from(waivers);
    expect(waiverKinds.map((r) => `${r.type}:${r.completed}`).sort()).toEqual([
      'participant:0',
      'participant:1',
      'volunteer:0',
      'volunteer:1',
    ]);
    for (const table of [invites, resultRaces, resultOveralls, trophies])
      expect(await countOf(db, table)).toBeGreaterThanOrEqual(2);
    expect(await countOf(db, payments)).toBe(1);
    const archived = await db.select({ n: count() }).from(participants).where(eq(participants.archived, 1));
    expect(archived[0]!.n).toBeGreaterThan(5);
  });

  it("gives this season's NSW event a first race day: its Alpine races in order, with results read from a timing file and published", async () => {
    const db = t.db;
    const [nsw] = await db.select().from(events).where(eq(events.showForStartlists, true));
    const order = nsw!.runningOrder ?? [];
    expect(order.length).toBeGreaterThan(3);
    expect(order.every((e) => e.DisciplineId === 1 && e.day === nsw!.firstRaceDay)).toBe(true);
    expect(order.map((e) => e.position)).toEqual(order.map((_, i) => i + 1));
    const results = await db.select().from(raceResults).where(eq(raceResults.eventId, nsw!.id));
    expect(results.length).toBeGreaterThan(30);
    expect(results.some((r) => r.status === 'DNF')).toBe(true);
    expect(results.every((r) => r.source === 'file')).toBe(true);
    // Published: every race of the day has its Individual and Team results, and the pointscores.
    const published = await db.select().from(resultRaces).where(eq(resultRaces.eventId, nsw!.id));
    expect(published).toHaveLength(order.length * 2);
    const first = published.find((r) => r.teamIndividual === 'Individual')!.placings!;
    expect(first[0]).toMatchObject({ place: 1, points: 0 });
    expect(first[0]!.result).toMatch(/^\d:\d\d\.\d\d$/);
    const overall = await db.select().from(resultOveralls).where(eq(resultOveralls.eventId, nsw!.id));
    expect(
      overall.find((o) => o.pointscore === 'Overall Pointscore' && o.gender === 'Co-Ed')?.placings?.length,
    ).toBeGreaterThan(1);
  });

  it('obeys the unique and team rules', async () => {
    expect(await ruleViolations(t.db)).toEqual([]);
  });

  it('gives year levels that follow from the date of birth', async () => {
    const rows = await t.db
      .select({ p: participants, firstSeason: users.firstSeasonLogin })
      .from(participants)
      .innerJoin(users, eq(users.schoolId, participants.schoolId));
    for (const { p, firstSeason } of rows) {
      const lastSeason = p.archived === 1 || firstSeason;
      const expected = [yearLevelFor(p.dob!, SEASON), ...(lastSeason ? [yearLevelFor(p.dob!, SEASON - 1)] : [])];
      expect(expected, `${p.firstname} ${p.lastname}`).toContain(p.yearLevel);
    }
    expect(rows.some((r) => r.firstSeason)).toBe(true);
  });

  it('uses only snow ids of the registry, a few of them inactive, and leaves others free', async () => {
    expect(await loadRegistry(t.db)).toBe(600);
    expect(await loadRegistry(t.db)).toBe(0);
    const rows = await t.db
      .select({ p: participants, a: registryAthletes })
      .from(participants)
      .leftJoin(registryAthletes, eq(registryAthletes.snowId, participants.snowId));
    for (const { p, a } of rows) {
      expect(a, `snow id ${p.snowId}`).not.toBeNull();
      expect([a!.firstname, a!.lastname, a!.gender, a!.dob, a!.active]).toEqual([
        p.firstname,
        p.lastname,
        p.gender,
        p.dob,
        p.snowIdActive === 1,
      ]);
    }
    expect(rows.filter((r) => r.p.snowIdActive === 0).length).toBeGreaterThanOrEqual(3);
    const used = new Set(rows.map((r) => r.p.snowId));
    const free = (await readAthletesCsv()).filter((a) => !used.has(a.snowId));
    expect(free.filter((a) => a.active && yearLevelFor(a.dob!, SEASON)).length).toBeGreaterThan(50);
    expect(free.some((a) => !a.active)).toBe(true);
  });

  it('lets the demo admin sign in with the documented password', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@interschools.test'));
    expect(await verifyPassword(admin!.passwordHash, DEMO_PASSWORDS.admin)).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, 'wrong')).toBe(false);
    const [coordinator] = await t.db.select().from(users).where(eq(users.type, 'school')).limit(1);
    expect(await verifyPassword(coordinator!.passwordHash, DEMO_PASSWORDS.school)).toBe(true);
  });

  it('seeds nothing the second time', async () => {
    const before = await countOf(t.db, participants);
    expect(await seedDemoData(t.db, { now: NOW })).toEqual([]);
    expect(await countOf(t.db, participants)).toBe(before);
    expect(await countOf(t.db, users)).toBe(11);
  });

  it('has a rule check that notices a breach', async () => {
    const [entry] = await t.db
      .select({ teamId: teams.id })
      .from(teams)
      .innerJoin(teamEntries, eq(teamEntries.teamId, teams.id))
      .where(sql`${teams.gender} = 'Female' and ${teamEntries.participantId} is not null`)
      .limit(1);
    await t.db.update(teams).set({ teamRank: 'Z' }).where(eq(teams.id, entry!.teamId));
    await t.db
      .update(participants)
      .set({ gender: 'Male' })
      .where(sql`${participants.id} in (select participant_id from team_entries where team_id = ${entry!.teamId})`);
    const found = await ruleViolations(t.db);
    expect(found).toContain(`team ${entry!.teamId}: rank Z`);
    expect(found).toContain(`team ${entry!.teamId}: Male member in a Female team`);
  });

  it('plans the same rows on every run', async () => {
    const athletes = await readAthletesCsv();
    const hashes = { admin: 'a', auditor: 'b', racedept: 'c', school: 'd' };
    expect(planDemo(NOW, athletes, hashes)).toEqual(planDemo(NOW, athletes, hashes));
    const [event] = await t.db
      .select()
      .from(events)
      .where(eq(events.name, `Victorian Interschools ${SEASON}`));
    expect(planDemo(NOW, athletes, hashes).events.find((e) => e.invoiceType === 'VIC')!.id).toBe(event!.id);
  });
});

describe('large data set', () => {
  let t: TestApp;
  const size = { schools: 24, participants: 480, teams: 90, teamEntries: 290, pastSeasons: 2, season: SEASON };

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes exactly the sizes asked for, within the rules, and refuses a second run', async () => {
    const { counts, timingsMs } = await generateLargeDataset(t.db, size);
    expect(counts).toMatchObject({ schools: 24, participants: 480, teams: 90, teamEntries: 290, events: 6 });
    expect(Object.keys(timingsMs)).toContain('teams and entries');
    expect(await countOf(t.db, schools)).toBe(24);
    expect(await countOf(t.db, participants)).toBe(480);
    expect(await countOf(t.db, teams)).toBe(90);
    expect(await countOf(t.db, teamEntries)).toBe(290);
    expect(await countOf(t.db, events)).toBe(6);
    expect(await countOf(t.db, waivers)).toBe(counts.waivers);
    expect(await ruleViolations(t.db)).toEqual([]);
    await expect(generateLargeDataset(t.db, size)).rejects.toThrow(/already has schools/);
  });
});
