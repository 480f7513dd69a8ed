// The server's race day as a race official's device reads it, for the browser tests to compare
// screens with: the race-day feed from its start, the demo's busiest race, its start list and
// start marshall sheets.
import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';

export type Change = { entity: string; row?: Record<string, unknown> };
export type SheetRow = { teamEntryId: string; firstname: string; lastname: string; mark?: string | null };
export type Startlist = {
  teams: {
    TeamId: string;
    schoolName: string;
    teamRank: string;
    members: { ParticipantId: string | null; lastname: string }[];
  }[];
};
/** A race as the screens' addresses name it. */
export type Race = { event: string; discipline: string; division: string; gender: string };

async function getJson<T>(api: APIRequestContext, url: string): Promise<T> {
  const res = await api.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

/** Every change of the race-day feed, as a device's first pull reads them. */
export async function raceDayChanges(api: APIRequestContext): Promise<Change[]> {
  const changes: Change[] = [];
  let cursor = 0;
  for (;;) {
    const page = await getJson<{ cursor: number; hasMore: boolean; changes: Change[] }>(
      api,
      `/api/race-day/changes?cursor=${cursor}`,
    );
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  return changes;
}

/** The race of the demo data with the most teams (at least two, so run order means something). */
export async function busiestRace(api: APIRequestContext): Promise<Race> {
  const changes = await raceDayChanges(api);
  const count = new Map<string, number>();
  for (const c of changes) {
    if (c.entity !== 'raceTeams' || !c.row) continue;
    const key = [c.row.EventId, c.row.DisciplineId, c.row.division, c.row.gender].join('|');
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  const [key, teams] = [...count].sort((a, b) => b[1] - a[1])[0]!;
  expect(teams, 'a race with several teams in the demo data').toBeGreaterThanOrEqual(2);
  const [event, discipline, division, gender] = key.split('|') as [string, string, string, string];
  return { event, discipline, division, gender };
}

export const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
/** The race as the API's reads name it. */
const apiRace = (race: Race) => ({
  EventId: race.event,
  DisciplineId: race.discipline,
  division: race.division,
  gender: race.gender,
});

export const startlistOf = (api: APIRequestContext, race: Race) =>
  getJson<Startlist>(api, `/api/startlist?${query(apiRace(race))}`);

/** The start marshall sheet of one run, every row. */
export const marshallSheet = (api: APIRequestContext, race: Race, run: 'First' | 'Second') =>
  getJson<{ rows: SheetRow[] }>(
    api,
    `/api/startMarshall?${query({ ...apiRace(race), type: 'Start Marshall', run, limit: '200' })}`,
  );

/** A start list's team headings as the screen shows them. */
export const teamHeadings = (startlist: Startlist) =>
  startlist.teams.map((t, i) => `${i + 1}. ${t.schoolName} — Team ${t.teamRank}`);
export const racerNames = (rows: SheetRow[]) => rows.map((r) => `${r.lastname}, ${r.firstname}`);
