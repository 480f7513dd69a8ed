// One race with racers for the results tests: Alpine, Division 1, Male, shown for start lists, with
// two schools' teams of three (bibs 101-103 the session's school's, 104-106 another's).
import { eq } from 'drizzle-orm';
import { events, participants, teamEntries, teams } from '../../../server/db/schema';
import { createSchool } from './factories';
import { schoolInEvent, type SchoolScenario } from './scenario';
import type { TestApp } from './test-app';

export type RaceWithRacers = SchoolScenario & {
  otherSchoolId: string;
  /** Each racer's team entry, by bib. */
  entryOf: Map<number, string>;
};

export async function raceWithRacers(t: TestApp): Promise<RaceWithRacers> {
  const scenario = await schoolInEvent(t);
  const { eventId, schoolId } = scenario;
  // Race officials' tablets hold the events shown for start lists.
  await t.db.update(events).set({ showForStartlists: true }).where(eq(events.id, eventId));
  const otherSchoolId = (await createSchool(t.db)).id;
  const entryOf = new Map<number, string>();
  for (const [n, owner] of [schoolId, otherSchoolId].entries()) {
    const [team] = await t.db
      .insert(teams)
      .values({ schoolId: owner, eventId, disciplineId: 1, division: 1, gender: 'Male', teamRank: 'A' })
      .returning();
    for (const position of [1, 2, 3]) {
      const bib = 100 + n * 3 + position;
      const [racer] = await t.db
        .insert(participants)
        .values({ schoolId: owner, firstname: 'Racer', lastname: `Bib${bib}`, gender: 'Male', yearLevel: '9' })
        .returning();
      const [entry] = await t.db
        .insert(teamEntries)
        .values({
          teamId: team!.id,
          eventId,
          disciplineId: 1,
          schoolId: owner,
          participantId: racer!.id,
          position,
          bib,
        })
        .returning();
      entryOf.set(bib, entry!.id);
    }
  }
  return { ...scenario, otherSchoolId, entryOf };
}
