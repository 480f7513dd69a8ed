// Where each race of a day stands, from the start hut's marks (the day at a glance): its racers,
// how many have started, how many did not start, and how many are still to go, for the run under
// way (the Second run once any racer has a mark in it, else the First). A race is 'to start' with
// no mark in that run, 'under way' while racers are still to go, 'done' when every racer is marked.
import { sameRace, type RaceDayRows, type RaceKey } from './race-day-rows';

export type RaceState = 'to start' | 'under way' | 'done';

export interface RaceProgress {
  run: 'First' | 'Second';
  racers: number;
  started: number;
  dns: number;
  toGo: number;
  state: RaceState;
}

export function raceProgress(race: RaceKey, rows: Pick<RaceDayRows, 'teams' | 'entries' | 'marks'>): RaceProgress {
  const teamIds = new Set(rows.teams.filter((t) => sameRace(t, race)).map((t) => t.id));
  const racers = new Set(rows.entries.filter((e) => teamIds.has(e.TeamId) && e.ParticipantId).map((e) => e.id));
  const marks = rows.marks.filter((m) => racers.has(m.teamEntryId));
  const run = marks.some((m) => m.run === 'Second') ? 'Second' : 'First';
  const ofRun = marks.filter((m) => m.run === run);
  const started = ofRun.filter((m) => m.mark === 'started').length;
  const dns = ofRun.filter((m) => m.mark === 'DNS').length;
  const toGo = racers.size - started - dns;
  const state: RaceState = ofRun.length === 0 ? 'to start' : toGo > 0 ? 'under way' : 'done';
  return { run, racers: racers.size, started, dns, toGo, state };
}
