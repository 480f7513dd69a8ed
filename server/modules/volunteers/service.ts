// Volunteers of a school for an event and the course-official slots they fill (spec sections 3,
// 4, 5, 9): what the volunteers screens read, the required counts, and the admin's places per
// discipline, division and gender. The school's save is save-volunteers.ts, the places it takes
// and their limits places.ts (docs/decisions.md 'Entries and volunteers'); both are named here too
// so the routes and the tests keep one door into the module's services.
import { and, asc, eq } from 'drizzle-orm';
import { requiredVolunteers, requiredVolunteersVic } from '../../../src/domain/rules/required-volunteers';
import { reconcileSpots } from '../../../src/domain/rules/volunteer-spots';
import type { Volunteer, VolunteerSlot, VolunteerSpot } from '../../../src/domain/schemas';
import type { Db, Tx } from '../../db/client';
import { eventDisciplines, events, volunteerSlots, volunteerSpots, volunteers } from '../../db/schema';
import { unprocessable } from '../../http-errors';
import { VOLUNTEER_MESSAGES } from './messages';
import { raceEntries, type Scope } from './places';
import { slotsWithPreferences } from './save-volunteers';
import { toSpot, toVolunteer } from './shape';

export { MAX_PLACES_PER_REQUIRED, VOLUNTEER_MESSAGES } from './messages';
export { saveVolunteers } from './save-volunteers';

export async function listVolunteers(db: Db, scope: Scope): Promise<Volunteer[]> {
  const rows = await db
    .select()
    .from(volunteers)
    .where(and(eq(volunteers.schoolId, scope.schoolId), eq(volunteers.eventId, scope.eventId)))
    .orderBy(asc(volunteers.lastname), asc(volunteers.firstname), asc(volunteers.id));
  return rows.map(toVolunteer);
}

export async function listSlots(db: Db, scope: Scope): Promise<VolunteerSlot[]> {
  const rows = await db
    .select()
    .from(volunteerSlots)
    .where(and(eq(volunteerSlots.schoolId, scope.schoolId), eq(volunteerSlots.eventId, scope.eventId)))
    .orderBy(asc(volunteerSlots.updatedAt), asc(volunteerSlots.id));
  return slotsWithPreferences(db, rows);
}

/** The places still available at an event, per discipline, division and gender. */
export async function listSpots(db: Db, eventId: string): Promise<VolunteerSpot[]> {
  const rows = await db
    .select()
    .from(volunteerSpots)
    .where(eq(volunteerSpots.eventId, eventId))
    .orderBy(asc(volunteerSpots.disciplineId), asc(volunteerSpots.division));
  return rows.map(toSpot);
}

/** NSW and other regions: one volunteer per the event's ratio (8 by default) of race entries. */
export async function requiredTotal(db: Db, scope: Scope) {
  const [event] = await db.select({ ratio: events.volunteerRatio }).from(events).where(eq(events.id, scope.eventId));
  return { total: requiredVolunteers((await raceEntries(db, scope)).length, event?.ratio) };
}

export async function requiredVic(db: Db, scope: Scope) {
  return requiredVolunteersVic(await raceEntries(db, scope));
}

/** The event's spots for the admin's screen: those of divisions the event no longer races are
 *  left out (the screen says the stored spots were out of sync). */
export async function spotsForAdmin(db: Db, eventId: string) {
  const [spots, races] = await Promise.all([
    listSpots(db, eventId),
    db.select().from(eventDisciplines).where(eq(eventDisciplines.eventId, eventId)),
  ]);
  return reconcileSpots(
    spots,
    races.map((r) => ({ DisciplineId: r.disciplineId, divisionFrom: r.divisionFrom, divisionTo: r.divisionTo })),
  ).spots;
}

/** PUT /api/volunteerSpots (admin): the places available per discipline, division and gender,
 *  set as given (a row left out is left as it is). A division the event does not race is refused. */
export async function saveSpots(tx: Tx, eventId: string, spots: readonly VolunteerSpot[]) {
  const races = await tx.select().from(eventDisciplines).where(eq(eventDisciplines.eventId, eventId));
  const range = new Map(races.map((r) => [r.disciplineId, r]));
  spots.forEach((spot, i) => {
    const race = range.get(spot.DisciplineId);
    if (!race || spot.division < race.divisionFrom || spot.division > race.divisionTo) {
      throw unprocessable(VOLUNTEER_MESSAGES.spotOutOfRange, [
        { path: `spots.${i}.division`, message: VOLUNTEER_MESSAGES.spotOutOfRange },
      ]);
    }
  });
  for (const spot of spots) {
    await tx
      .insert(volunteerSpots)
      .values({
        eventId,
        disciplineId: spot.DisciplineId,
        division: spot.division,
        male: spot.male,
        female: spot.female,
      })
      .onConflictDoUpdate({
        target: [volunteerSpots.eventId, volunteerSpots.disciplineId, volunteerSpots.division],
        set: { male: spot.male, female: spot.female },
      });
  }
  const rows = await tx
    .select()
    .from(volunteerSpots)
    .where(eq(volunteerSpots.eventId, eventId))
    .orderBy(asc(volunteerSpots.disciplineId), asc(volunteerSpots.division));
  return rows.map(toSpot);
}
