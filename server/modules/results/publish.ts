// Computed results published as the spec's results (docs/decisions.md, 'Results from the timing
// system'): after a race's results change, its Individual and Team race results hold its ranked
// racers (place, name, school, bib, result) and ranked teams (place, team, school, result and the
// points the place earns), and the event's overall results hold every school pointscore. They
// reach every device through the main feed like typed results, so a school reads its results and
// pointscores offline on the Results screen, and the awards report counts the computed points.
// A published file (PDF or address) stays; typed placings of a race with computed results are
// replaced.
import { and, eq } from 'drizzle-orm';
import { eventPointscores, eventRaceStandings, type RaceOfEvent } from '../../../src/domain/rules/event-results';
import {
  individualPlacings,
  pointscorePlacings,
  resultGender,
  teamPlacings,
} from '../../../src/domain/rules/published-results';
import { raceKey, racesOfTeams, type SequencedRace } from '../../../src/domain/rules/race-sequence';
import type { RaceDayRows } from '../../../src/domain/rules/race-day-rows';
import type { ResultsRules } from '../../../src/domain/rules/results-rules';
import type { ResultRecord } from '../../../src/domain/rules/recorded-results';
import type { Placing } from '../../../src/domain/schemas/entities/result';
import type { Tx } from '../../db/client';
import { raceResults, resultOveralls, resultRaces } from '../../db/schema';
import { loadRaceDayRows } from '../race-day';
import { eventResultsRules } from './event-rules';

async function putRaceResult(
  tx: Tx,
  eventId: string,
  race: SequencedRace,
  teamIndividual: 'Individual' | 'Team',
  placings: Placing[],
) {
  const where = and(
    eq(resultRaces.eventId, eventId),
    eq(resultRaces.disciplineId, race.DisciplineId),
    eq(resultRaces.division, race.division),
    eq(resultRaces.gender, resultGender(race.gender)),
    eq(resultRaces.teamIndividual, teamIndividual),
  );
  const [held] = await tx.select({ id: resultRaces.id }).from(resultRaces).where(where).limit(1);
  if (held) await tx.update(resultRaces).set({ placings }).where(eq(resultRaces.id, held.id));
  else if (placings.length)
    await tx.insert(resultRaces).values({
      eventId,
      disciplineId: race.DisciplineId,
      division: race.division,
      gender: resultGender(race.gender),
      teamIndividual,
      placings,
    });
}

/** Which races' results changed: these races, the races of these team entries, or every race. */
export type ChangedRaces = { races: readonly SequencedRace[] } | { entries: readonly string[] } | { every: true };

function changedRaces(rows: RaceDayRows, changed: ChangedRaces): SequencedRace[] {
  if ('races' in changed) return [...changed.races];
  if ('every' in changed) return racesOfTeams(rows.teams);
  const teamIds = new Set(rows.entries.filter((e) => changed.entries.includes(e.id)).map((e) => e.TeamId));
  return racesOfTeams(rows.teams.filter((t) => teamIds.has(t.id)));
}

/** Every race of the event with results, as devices compute them by the event's rules. */
async function eventStandings(tx: Tx, eventId: string, rows: RaceDayRows, rules: ResultsRules): Promise<RaceOfEvent[]> {
  const records: ResultRecord[] = (await tx.select().from(raceResults).where(eq(raceResults.eventId, eventId))).map(
    (r) => ({
      teamEntryId: r.teamEntryId,
      run1: r.run1,
      run2: r.run2,
      score: r.score,
      status: r.status as ResultRecord['status'],
    }),
  );
  return eventRaceStandings(eventId, racesOfTeams(rows.teams), rows, records, rules.measures);
}

/** The event's races with results, ranked by its rules (for its qualifiers). */
export async function rankedRaces(tx: Tx, eventId: string, rules: ResultsRules): Promise<RaceOfEvent[]> {
  return eventStandings(tx, eventId, await loadRaceDayRows(tx, eventId), rules);
}

/** Publishes the computed results of the races whose results changed and the event's
 *  pointscores, in the write's transaction. */
export async function publishResults(tx: Tx, eventId: string, changed: ChangedRaces): Promise<void> {
  const [{ rules }, rows] = await Promise.all([eventResultsRules(tx, eventId), loadRaceDayRows(tx, eventId)]);
  const races = await eventStandings(tx, eventId, rows, rules);
  const changedKeys = new Set(changedRaces(rows, changed).map(raceKey));
  for (const race of races.filter((r) => changedKeys.has(raceKey(r)))) {
    const measure = rules.measures[race.DisciplineId]!;
    await putRaceResult(tx, eventId, race, 'Individual', individualPlacings(race, measure));
    await putRaceResult(tx, eventId, race, 'Team', teamPlacings(race, measure, rules.pointscore.pointsByPlace));
  }
  // A race whose last result was cleared has no places left.
  const withResults = new Set(races.map(raceKey));
  for (const race of changedRaces(rows, changed).filter((r) => !withResults.has(raceKey(r)))) {
    await putRaceResult(tx, eventId, race, 'Individual', []);
    await putRaceResult(tx, eventId, race, 'Team', []);
  }
  for (const table of eventPointscores(races, rules.pointscore)) {
    const where = and(
      eq(resultOveralls.eventId, eventId),
      eq(resultOveralls.pointscore, table.pointscore),
      eq(resultOveralls.schoolType, table.schoolType),
      eq(resultOveralls.gender, table.gender),
    );
    const placings = pointscorePlacings(table);
    const [held] = await tx.select({ id: resultOveralls.id }).from(resultOveralls).where(where).limit(1);
    if (held) await tx.update(resultOveralls).set({ placings }).where(eq(resultOveralls.id, held.id));
    else if (placings.length)
      await tx.insert(resultOveralls).values({
        eventId,
        pointscore: table.pointscore,
        schoolType: table.schoolType,
        gender: table.gender,
        placings,
      });
  }
}
