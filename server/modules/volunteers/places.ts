// The event's volunteer places and a school's share of them (docs/decisions.md 'Entries and
// volunteers'). `volunteer_spots` holds the places still available per discipline, division and
// gender, and a place is taken by one conditional UPDATE (`... where male > 0`), so two schools
// racing for the last place are served one after the other by the row lock: one gets it, the other
// is refused on its row, and no count goes below zero. A place is taken only by a slot that names
// one of the school's volunteers, one place per volunteer, and a school holds at most twice the
// places its race entries require: otherwise one school could hold every place of an event with
// slots naming nobody. Both limits are checked after the save's writes, on what the school then
// holds, so the rows of one save are judged together.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { requiredVolunteerTotal } from '../../../src/domain/rules/required-volunteers';
import type { VolunteersBody } from '../../../src/domain/schemas';
import type { Db, Tx } from '../../db/client';
import { disciplines, teamEntries, volunteerPreferences, volunteerSlots, volunteerSpots } from '../../db/schema';
import { unprocessable } from '../../http-errors';
import { MAX_PLACES_PER_REQUIRED, VOLUNTEER_MESSAGES } from './messages';

export type Scope = { schoolId: string; eventId: string };

export type PreferenceInput = VolunteersBody['slots'][number]['preferences'][number];
type Gendered = 'male' | 'female';
const genderColumn = (gender: string | null): Gendered | null =>
  gender === 'Male' ? 'male' : gender === 'Female' ? 'female' : null;

/** The school's race entries in the event (a position holding a participant), by discipline. */
export async function raceEntries(db: Db | Tx, scope: Scope) {
  return db
    .select({ DisciplineId: teamEntries.disciplineId })
    .from(teamEntries)
    .where(
      and(
        eq(teamEntries.schoolId, scope.schoolId),
        eq(teamEntries.eventId, scope.eventId),
        isNotNull(teamEntries.participantId),
      ),
    );
}

/** Takes one place for a complete preference, or refuses naming the slot's row. */
export async function takePlace(tx: Tx, eventId: string, pref: PreferenceInput, path: string): Promise<void> {
  const column = genderColumn(pref.gender);
  if (!column || pref.DisciplineId === null || pref.division === null) return;
  const spot = volunteerSpots[column];
  const taken = await tx
    .update(volunteerSpots)
    .set({ [column]: sql`${spot} - 1` })
    .where(
      and(
        eq(volunteerSpots.eventId, eventId),
        eq(volunteerSpots.disciplineId, pref.DisciplineId),
        eq(volunteerSpots.division, pref.division),
        sql`${spot} > 0`,
      ),
    )
    .returning({ left: spot });
  if (taken.length) return;
  const [discipline] = await tx
    .select({ name: disciplines.name })
    .from(disciplines)
    .where(eq(disciplines.id, pref.DisciplineId));
  const message = VOLUNTEER_MESSAGES.noPlaceLeft(
    `${discipline?.name ?? `discipline ${pref.DisciplineId}`} Division ${pref.division} ${pref.gender}`,
  );
  throw unprocessable(message, [{ path, message }]);
}

export async function givePlaceBack(
  tx: Tx,
  eventId: string,
  pref: typeof volunteerPreferences.$inferSelect,
): Promise<void> {
  const column = genderColumn(pref.gender);
  if (!column || pref.disciplineId === null || pref.division === null) return;
  await tx
    .update(volunteerSpots)
    .set({ [column]: sql`${volunteerSpots[column]} + 1` })
    .where(
      and(
        eq(volunteerSpots.eventId, eventId),
        eq(volunteerSpots.disciplineId, pref.disciplineId),
        eq(volunteerSpots.division, pref.division),
      ),
    );
}

/** The school's slots holding a place (a locked first preference), with their volunteer. */
async function placesHeld(tx: Tx, scope: Scope) {
  return tx
    .select({ slotId: volunteerSlots.id, volunteerId: volunteerSlots.volunteerId })
    .from(volunteerSlots)
    .innerJoin(
      volunteerPreferences,
      and(eq(volunteerPreferences.slotId, volunteerSlots.id), eq(volunteerPreferences.rank, 1)),
    )
    .where(
      and(
        eq(volunteerSlots.schoolId, scope.schoolId),
        eq(volunteerSlots.eventId, scope.eventId),
        eq(volunteerPreferences.isLocked, true),
      ),
    );
}

/** One place per volunteer: a slot of this save naming a volunteer who holds a place elsewhere is refused. */
export async function assertOnePlacePerVolunteer(tx: Tx, scope: Scope, slots: VolunteersBody['slots']) {
  const named = new Set(slots.map((s) => s.VolunteerId).filter((id): id is string => !!id));
  if (!named.size) return;
  const holders = new Map<string, string[]>();
  for (const place of await placesHeld(tx, scope)) {
    if (place.volunteerId && named.has(place.volunteerId))
      holders.set(place.volunteerId, [...(holders.get(place.volunteerId) ?? []), place.slotId]);
  }
  const fields = slots.flatMap((s, i) => {
    const held = s.VolunteerId ? (holders.get(s.VolunteerId) ?? []) : [];
    return held.length > 1 && held.includes(s.id)
      ? [{ path: `slots.${i}.VolunteerId`, message: VOLUNTEER_MESSAGES.volunteerHasPlace }]
      : [];
  });
  if (fields.length) throw unprocessable(VOLUNTEER_MESSAGES.volunteerHasPlace, fields);
}

/** At most twice the places the school's race entries require; refused on the rows that took one. */
export async function assertPlacesWithinRequired(
  tx: Tx,
  scope: Scope,
  event: { invoiceType: string; volunteerRatio: number | null },
  newPlaces: readonly number[],
) {
  const required = requiredVolunteerTotal(await raceEntries(tx, scope), event);
  const held = (await placesHeld(tx, scope)).length;
  if (held <= required * MAX_PLACES_PER_REQUIRED) return;
  const message = VOLUNTEER_MESSAGES.tooManyPlaces(required);
  throw unprocessable(
    message,
    newPlaces.map((i) => ({ path: `slots.${i}.preferences.0`, message })),
  );
}
