// Computed results published as the spec's results (docs/decisions.md, 'Results from the timing
// system'): after a race's results change, its Individual and Team race results hold its ranked
// racers (place, name, school, bib, result) and ranked teams (place, team, school, result and the
// points the place earns), and the event's overall results hold every school pointscore. They
// reach every device through the main feed like typed results, so a school reads its results and
// pointscores offline on the Results screen, and the awards report counts the computed points.
// A published file (PDF or address) stays; typed placings of a race with computed results are
// replaced.
import { and, eq } from 'drizzle-orm';
import type { TeamGender } from '../../../src/domain/constants/choices';
import { DEFAULT_DISCIPLINE_MEASURES, DEFAULT_POINTSCORE_SETTINGS } from '../../../src/domain/constants/results';
import { eventPointscores, eventRaceStandings, type RaceOfEvent } from '../../../src/domain/rules/event-results';
import {
  individualPlacings,
  pointscorePlacings,
  resultGender,
  teamPlacings,
} from '../../../src/domain/rules/published-results';
import type { SequencedRace } from '../../../src/domain/rules/race-sequence';
import type { ResultRecord } from '../../../src/domain/rules/recorded-results';
import type { Placing } from '../../../src/domain/schemas/entities/result';
import type { Tx } from '../../db/client';
import { raceResults, resultOveralls, resultRaces } from '../../db/schema';
import { loadRaceDayRows } from '../race-day';

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

/** Every race of the event with results, as devices compute them. */
async function eventStandings(tx: Tx, eventId: string): Promise<RaceOfEvent[]> {
  const rows = await loadRaceDayRows(tx, eventId);
  const records: ResultRecord[] = (await tx.select().from(raceResults).where(eq(raceResults.eventId, eventId))).map(
    (r) => ({
      teamEntryId: r.teamEntryId,
      run1: r.run1,
      run2: r.run2,
      score: r.score,
      status: r.status as ResultRecord['status'],
    }),
  );
  const races = [
    ...new Map(
      rows.teams.map((t) => [
        `${t.DisciplineId}|${t.division}|${t.gender}`,
        { DisciplineId: t.DisciplineId, division: t.division, gender: t.gender as TeamGender },
      ]),
    ).values(),
  ];
  return eventRaceStandings(eventId, races, rows, records, DEFAULT_DISCIPLINE_MEASURES);
}

/** Publishes the computed results of the races given (those whose results changed) and the
 *  event's pointscores, in the write's transaction. */
export async function publishResults(tx: Tx, eventId: string, changed: readonly SequencedRace[]): Promise<void> {
  const races = await eventStandings(tx, eventId);
  const key = (r: SequencedRace) => `${r.DisciplineId}|${r.division}|${r.gender}`;
  const changedKeys = new Set(changed.map(key));
  for (const race of races.filter((r) => changedKeys.has(key(r)))) {
    const measure = DEFAULT_DISCIPLINE_MEASURES[race.DisciplineId]!;
    await putRaceResult(tx, eventId, race, 'Individual', individualPlacings(race, measure));
    await putRaceResult(
      tx,
      eventId,
      race,
      'Team',
      teamPlacings(race, measure, DEFAULT_POINTSCORE_SETTINGS.pointsByPlace),
    );
  }
  // A race whose last result was cleared has no places left.
  const withResults = new Set(races.map(key));
  for (const race of changed.filter((r) => !withResults.has(key(r)))) {
    await putRaceResult(tx, eventId, race, 'Individual', []);
    await putRaceResult(tx, eventId, race, 'Team', []);
  }
  for (const table of eventPointscores(races, DEFAULT_POINTSCORE_SETTINGS)) {
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

/** The races of these team entries. */
export async function racesOfEntries(tx: Tx, eventId: string, entryIds: readonly string[]): Promise<SequencedRace[]> {
  if (!entryIds.length) return [];
  const rows = await loadRaceDayRows(tx, eventId);
  const teamOf = new Map(rows.entries.map((e) => [e.id, e.TeamId]));
  const wanted = new Set(entryIds.map((id) => teamOf.get(id)));
  return [
    ...new Map(
      rows.teams
        .filter((t) => wanted.has(t.id))
        .map((t) => [
          `${t.DisciplineId}|${t.division}|${t.gender}`,
          { DisciplineId: t.DisciplineId, division: t.division, gender: t.gender as TeamGender },
        ]),
    ).values(),
  ];
}
