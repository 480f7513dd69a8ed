// The large data set's event shown for start lists, and one race of it topped up to a number of racers, for the benchmarks that want a race of a
// championship's size on the large data set: new teams of up to three new racers from schools
// with no team 'M' in the race yet.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { events, participants, schools, teamEntries, teams } from '../../server/db/schema';

/** The latest event the large data set shows for start lists. */
export async function startlistEvent(db: Db) {
  const [event] = await db
    .select()
    .from(events)
    .where(eq(events.showForStartlists, true))
    .orderBy(sql`${events.year} desc`)
    .limit(1);
  if (!event) throw new Error('no event shown for start lists in the large data set');
  return event;
}

export interface BenchRace {
  DisciplineId: number;
  division: number;
  gender: string;
}

export async function topUpRace(db: Db, event: { id: string }, RACE: BenchRace, target: number): Promise<void> {
  const held = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamEntries)
    .innerJoin(teams, eq(teams.id, teamEntries.teamId))
    .where(
      and(
        eq(teams.eventId, event.id),
        eq(teams.disciplineId, RACE.DisciplineId),
        eq(teams.division, RACE.division),
        eq(teams.gender, RACE.gender),
      ),
    );
  let missing = target - (held[0]?.n ?? 0);
  const taken = new Set(
    (
      await db
        .select({ s: teams.schoolId })
        .from(teams)
        .where(
          and(
            eq(teams.eventId, event.id),
            eq(teams.disciplineId, RACE.DisciplineId),
            eq(teams.division, RACE.division),
            eq(teams.gender, RACE.gender),
            eq(teams.teamRank, 'M'),
          ),
        )
    ).map((r) => r.s),
  );
  for (const school of await db.select({ id: schools.id }).from(schools)) {
    if (missing <= 0) break;
    if (taken.has(school.id)) continue;
    const size = Math.min(3, missing);
    const [team] = await db
      .insert(teams)
      .values({
        schoolId: school.id,
        eventId: event.id,
        disciplineId: RACE.DisciplineId,
        division: RACE.division,
        gender: RACE.gender,
        teamRank: 'M',
      })
      .returning();
    const people = await db
      .insert(participants)
      .values(
        Array.from({ length: size }, (_, i) => ({
          schoolId: school.id,
          firstname: `Bench${i + 1}`,
          lastname: `Racer ${school.id.slice(0, 6)}`,
          gender: 'Male',
          yearLevel: '9',
        })),
      )
      .returning();
    await db.insert(teamEntries).values(
      people.map((p, i) => ({
        teamId: team!.id,
        eventId: event.id,
        disciplineId: RACE.DisciplineId,
        schoolId: school.id,
        participantId: p.id,
        position: i + 1,
      })),
    );
    missing -= size;
  }
}
