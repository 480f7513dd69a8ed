// An event's own results rules (PUT /api/results/rules) and a race's qualifiers confirmed (POST
// /api/qualifiers). The rules change the published places and points at once and name a timing
// system's own headings; bad rules are refused in the screen's words and change nothing. Confirmed
// qualifiers are written as the schools' invitations to an event of the next level, reach each
// school (its own only; an administrator every school's) through the main feed, add the race to the event's invites, and a second
// confirmation replaces the first.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events, qualifiers } from '../../server/db/schema';
import { RESULTS_RULES_MESSAGES } from '../../src/domain/rules/results-rules';
import type { SyncChange } from '../../src/domain/schemas';
import { createEvent } from './support/factories';
import type { Agent } from './support/http';
import { raceWithRacers, type RaceWithRacers } from './support/race-with-racers';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let race: RaceWithRacers;

beforeEach(async () => {
  t = await startTestApp();
  race = await raceWithRacers(t);
});
afterEach(async () => {
  await t.close();
});

const importCsv = (text: string, system?: string) =>
  race.admin.request({
    method: 'POST',
    url: `/api/results/import?EventId=${race.eventId}&DisciplineId=1&division=1&gender=Male&confirm=1${system ? `&system=${system}` : ''}`,
    headers: { 'content-type': 'text/csv' },
    payload: text,
  });
// Every racer has two runs: the first school's team (101-103) is faster.
const EVERY_RACER = [
  'Bib,Run 1,Run 2',
  '101,1:00.00,1:00.00',
  '102,1:01.00,1:01.00',
  '103,1:02.00,1:02.00',
  '104,1:03.00,1:03.00',
  '105,1:04.00,1:04.00',
  '106,1:05.00,1:05.00',
].join('\r\n');
const saveRules = (resultsRules: unknown) =>
  race.admin.request({ method: 'PUT', url: '/api/results/rules', payload: { id: race.eventId, resultsRules } });
const teamPlacings = async () => {
  const races = (await race.school.request({ method: 'GET', url: `/api/results/?EventId=${race.eventId}` })).json();
  return races
    .find((r: { teamIndividual: string }) => r.teamIndividual === 'Team')
    .placings.map((p: { place: number; points: number; result: string }) => [p.place, p.points, p.result]);
};

describe("an event's results rules", () => {
  it('publish the races again by its own points and team score at once', async () => {
    expect((await importCsv(EVERY_RACER)).statusCode).toBe(200);
    expect(await teamPlacings()).toEqual([
      [1, 10, '6:06.00'],
      [2, 9, '6:24.00'],
    ]);
    const twoCounted = { kind: 'time', runs: 2, individual: 'sum', team: 'eachRun', counted: 2 };
    const saved = await saveRules({ pointsByPlace: [25, 20, 15], measures: { '1': twoCounted } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()[0].resultsRules.pointsByPlace).toEqual([25, 20, 15]);
    expect(await teamPlacings()).toEqual([
      [1, 25, '4:02.00'],
      [2, 20, '4:14.00'],
    ]);
  });

  it("read a timing system's own headings when the import names the system", async () => {
    await saveRules({ columns: { VIC: { bib: 'Dossard', run1: 'Manche A', run2: 'Manche B' } } });
    const file = ['Dossard,Manche A,Manche B', '101,1:00.00,1:00.00'].join('\r\n');
    const usual = await importCsv(file);
    expect(usual.json().problems[0]).toContain('The file has no Bib column.');
    const mapped = await importCsv(file, 'VIC');
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json().written).toBe(1);
  });

  it('are refused in the screen’s words when they cannot be used, and nothing changes', async () => {
    const rising = await saveRules({ pointsByPlace: [5, 10] });
    expect(rising.statusCode).toBe(400);
    expect(rising.body).toContain(RESULTS_RULES_MESSAGES.pointsRise);
    const small = await saveRules({
      qualifiers: { teams: 6, individuals: 10, individualsSmallRace: 15, smallRaceStarters: 30 },
    });
    expect(small.body).toContain(RESULTS_RULES_MESSAGES.smallRaceMore);
    const [event] = await t.db.select().from(events).where(eq(events.id, race.eventId));
    expect(event!.resultsRules).toBeNull();
    expect(
      (
        await race.school.request({
          method: 'PUT',
          url: '/api/results/rules',
          payload: { id: race.eventId, resultsRules: {} },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("a race's qualifiers confirmed", () => {
  const confirm = (agent: Agent, ToEventId: string) =>
    agent.request({
      method: 'POST',
      url: '/api/qualifiers',
      payload: { EventId: race.eventId, DisciplineId: 1, division: 1, gender: 'Male', ToEventId },
    });
  const schoolQualifiers = async () => {
    const feed = (await race.school.request({ method: 'GET', url: '/api/sync/changes?cursor=0' })).json();
    return feed.changes
      .filter((c: SyncChange) => c.entity === 'qualifiers')
      .map((c: SyncChange) => c.row as { SchoolId: string; kind: string; place: number; racers: string[] });
  };

  it("become the schools' invitations to the next level's event, each school reading its own", async () => {
    const state = await createEvent(t.db, { level: 'State', name: 'State Championships' });
    await importCsv(EVERY_RACER);
    const res = await confirm(race.admin, state.id);
    expect(res.statusCode, res.body).toBe(200);
    // 6 started (under 30): the top 10 individuals, so all six; both teams.
    expect(res.json().map((q: { kind: string; place: number }) => `${q.kind} ${q.place}`)).toEqual([
      'team 1',
      'team 2',
      'racer 1',
      'racer 2',
      'racer 3',
      'racer 4',
      'racer 5',
      'racer 6',
    ]);
    const own = await schoolQualifiers();
    expect(own.every((q: { SchoolId: string }) => q.SchoolId === race.schoolId)).toBe(true);
    expect(own.map((q: { kind: string; place: number; racers: string[] }) => [q.kind, q.place, q.racers])).toEqual(
      expect.arrayContaining([
        ['team', 1, ['Racer Bib101', 'Racer Bib102', 'Racer Bib103']],
        ['racer', 1, ['Racer Bib101']],
      ]),
    );
    expect(own).toHaveLength(4);
    // An administrator's device holds every school's, whichever school is picked.
    const adminFeed = (await race.admin.request({ method: 'GET', url: '/api/sync/changes?cursor=0' })).json();
    expect(adminFeed.changes.filter((c: SyncChange) => c.entity === 'qualifiers' && c.row)).toHaveLength(8);
    const invites = (await race.admin.request({ method: 'GET', url: '/api/invites/' })).json();
    expect(invites).toEqual([
      expect.objectContaining({ DisciplineId: 1, division: 1, gender: 'Male', stateNational: 'State' }),
    ]);

    // Confirmed again after a corrected file puts bib 104 first: replaced, never doubled.
    await importCsv(EVERY_RACER.replace('104,1:03.00,1:03.00', '104,50.00,50.00'));
    expect((await confirm(race.admin, state.id)).statusCode).toBe(200);
    expect(await t.db.select().from(qualifiers)).toHaveLength(8);
    const racerPlaces = (await schoolQualifiers())
      .filter((q: { kind: string }) => q.kind === 'racer')
      .map((q: { place: number }) => q.place)
      .sort();
    expect(racerPlaces).toEqual([2, 3, 4]);
    expect((await race.admin.request({ method: 'GET', url: '/api/invites/' })).json()).toHaveLength(1);
  });

  it('are refused for an event of the wrong level, a race without results, or a school', async () => {
    const regional = await createEvent(t.db, { level: 'Regional' });
    const state = await createEvent(t.db, { level: 'State' });
    const wrong = await confirm(race.admin, regional.id);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(
      "Choose a State event to invite them to: this event's qualifiers go on to State.",
    );
    const none = await confirm(race.admin, state.id);
    expect(none.json().message).toBe('This race has no results yet. Import or type them first.');
    await importCsv(EVERY_RACER);
    expect((await confirm(race.school, state.id)).statusCode).toBe(403);
    expect(await t.db.select().from(qualifiers)).toHaveLength(0);
  });
});
