// Volunteers of a school for an event and the course-official slots they fill (spec sections 3,
// 4, 5, 9). A slot's first preference locks once complete, and locking takes one of the event's
// places for that discipline, division and gender: `volunteer_spots` holds the places still
// available, and a place is taken by one conditional UPDATE (`... where male > 0`), so two schools
// racing for the last place are served one after the other by the row lock: one gets it, the
// other is refused on its row, and no count goes below zero. Deleting a slot with a locked
// preference (the spec's reset) gives its place back. The whole save is one transaction.
// A place is taken only by a slot that names one of the school's volunteers, one place per
// volunteer, and a school holds at most twice the places its race entries require
// (docs/decisions.md 'Entries and volunteers'): otherwise one school could hold every place of an
// event with slots naming nobody. A save breaking either rule is refused on its rows, whole. A
// volunteer on record may come as its id, version and the fields changed; a new one comes whole.
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  requiredVolunteerTotal,
  requiredVolunteers,
  requiredVolunteersVic,
} from '../../../src/domain/rules/required-volunteers';
import { isPreferenceComplete, slotPlaceMessage } from '../../../src/domain/rules/volunteer-preferences';
import { reconcileSpots } from '../../../src/domain/rules/volunteer-spots';
import type { Volunteer, VolunteerSlot, VolunteerSpot, VolunteersBody } from '../../../src/domain/schemas';
import { isWholeVolunteerRow } from '../../../src/domain/schemas/entities/volunteer';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Db, Tx } from '../../db/client';
import {
  disciplines,
  eventDisciplines,
  events,
  teamEntries,
  volunteerPreferences,
  volunteerSlots,
  volunteerSpots,
  volunteers,
} from '../../db/schema';
import { badRequest, conflict, notFound, unprocessable } from '../../http-errors';
import { assertEventWritable } from '../../plugins/event-lock';
import type { SessionInfo } from '../../plugins/session';
import { toSlot, toSpot, toVolunteer } from './shape';

export type Scope = { schoolId: string; eventId: string };

/** A school may hold this many volunteer places per volunteer its race entries require. */
export const MAX_PLACES_PER_REQUIRED = 2;

export const VOLUNTEER_MESSAGES = {
  inBothLists: 'A volunteer or slot cannot be saved and removed in the same save.',
  notYourVolunteer: 'This volunteer is not one of your volunteers for this event.',
  noPlaceLeft: (what: string) => `No volunteer places are left for ${what}: choose another.`,
  spotOutOfRange: 'This division is not raced in this discipline at this event.',
  volunteerHasPlace: 'This volunteer already has a place: choose another volunteer, or reset the other place first.',
  tooManyPlaces: (required: number) =>
    required === 0
      ? 'Your school has no race entries in this event yet, so it cannot take volunteer places. Enter your teams first.'
      : `Your school's race entries require ${required} volunteer${required === 1 ? '' : 's'}, so it may hold at most ${required * MAX_PLACES_PER_REQUIRED} volunteer places. Reset a place you no longer need first.`,
} as const;

const inScope = (row: { schoolId: string; eventId: string }, scope: Scope) =>
  row.schoolId === scope.schoolId && row.eventId === scope.eventId;

export async function listVolunteers(db: Db, scope: Scope): Promise<Volunteer[]> {
  const rows = await db
    .select()
    .from(volunteers)
    .where(and(eq(volunteers.schoolId, scope.schoolId), eq(volunteers.eventId, scope.eventId)))
    .orderBy(asc(volunteers.lastname), asc(volunteers.firstname), asc(volunteers.id));
  return rows.map(toVolunteer);
}

async function slotsWithPreferences(
  db: Db | Tx,
  slotRows: (typeof volunteerSlots.$inferSelect)[],
): Promise<VolunteerSlot[]> {
  const ids = slotRows.map((s) => s.id);
  const prefs = ids.length
    ? await db.select().from(volunteerPreferences).where(inArray(volunteerPreferences.slotId, ids))
    : [];
  return slotRows.map((s) => toSlot(s, prefs));
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

/** The school's race entries in the event (a position holding a participant), by discipline. */
async function raceEntries(db: Db | Tx, scope: Scope) {
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

/** NSW and other regions: one volunteer per the event's ratio (8 by default) of race entries. */
export async function requiredTotal(db: Db, scope: Scope) {
  const [event] = await db.select({ ratio: events.volunteerRatio }).from(events).where(eq(events.id, scope.eventId));
  return { total: requiredVolunteers((await raceEntries(db, scope)).length, event?.ratio) };
}

export async function requiredVic(db: Db, scope: Scope) {
  return requiredVolunteersVic(await raceEntries(db, scope));
}

type PreferenceInput = VolunteersBody['slots'][number]['preferences'][number];
type Gendered = 'male' | 'female';
const genderColumn = (gender: string | null): Gendered | null =>
  gender === 'Male' ? 'male' : gender === 'Female' ? 'female' : null;

/** Takes one place for a complete preference, or refuses naming the slot's row. */
async function takePlace(tx: Tx, eventId: string, pref: PreferenceInput, path: string): Promise<void> {
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

async function givePlaceBack(tx: Tx, eventId: string, pref: typeof volunteerPreferences.$inferSelect): Promise<void> {
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

/** PUT /api/volunteers: volunteers and slots saved and removed in one transaction. */
export async function saveVolunteers(tx: Tx, session: SessionInfo, scope: Scope, body: VolunteersBody) {
  await assertEventWritable(tx, session, scope.eventId, 'volunteers');
  const [event] = await tx
    .select({ invoiceType: events.invoiceType, volunteerRatio: events.volunteerRatio })
    .from(events)
    .where(eq(events.id, scope.eventId));
  const vic = event?.invoiceType === 'VIC';
  const removedVolunteers = new Set(body.volunteersDeleted);
  const removedSlots = new Set(body.slotsDeleted);
  const both = [
    ...body.volunteers.flatMap((v, i) => (removedVolunteers.has(v.id) ? [`volunteers.${i}.id`] : [])),
    ...body.slots.flatMap((s, i) => (removedSlots.has(s.id) ? [`slots.${i}.id`] : [])),
  ];
  if (both.length)
    throw badRequest(
      VOLUNTEER_MESSAGES.inBothLists,
      both.map((path) => ({ path, message: VOLUNTEER_MESSAGES.inBothLists })),
    );

  // Removed slots first: a reset gives its place back before the same save takes places again.
  if (removedSlots.size) {
    const stored = await tx
      .select()
      .from(volunteerSlots)
      .where(inArray(volunteerSlots.id, [...removedSlots]))
      .for('update');
    if (stored.some((s) => !inScope(s, scope))) throw notFound();
    const prefs = stored.length
      ? await tx
          .select()
          .from(volunteerPreferences)
          .where(
            inArray(
              volunteerPreferences.slotId,
              stored.map((s) => s.id),
            ),
          )
      : [];
    for (const pref of prefs) if (pref.rank === 1 && pref.isLocked) await givePlaceBack(tx, scope.eventId, pref);
    await tx.delete(volunteerSlots).where(
      inArray(
        volunteerSlots.id,
        stored.map((s) => s.id),
      ),
    );
  }

  const savedVolunteers: Volunteer[] = [];
  for (const [index, input] of body.volunteers.entries()) {
    const [stored] = await tx.select().from(volunteers).where(eq(volunteers.id, input.id)).for('update');
    if (stored && !inScope(stored, scope)) throw notFound();
    if (stored && input.version !== undefined && input.version !== stored.version) {
      throw conflict(SERVER_MESSAGES.staleVersion, { current: toVolunteer(stored), index });
    }
    const { id: _id, version: _version, ...values } = input;
    if (stored) {
      const [row] = Object.values(values).some((v) => v !== undefined)
        ? await tx.update(volunteers).set(values).where(eq(volunteers.id, input.id)).returning()
        : [stored];
      savedVolunteers.push(toVolunteer(row!));
    } else {
      // Only the fields changed of a volunteer no longer on record (removed on another device): gone.
      if (!isWholeVolunteerRow(input)) throw notFound();
      const [row] = await tx
        .insert(volunteers)
        .values({ id: input.id, ...scope, ...values })
        .returning();
      savedVolunteers.push(toVolunteer(row!));
    }
  }
  if (removedVolunteers.size) {
    const stored = await tx
      .select()
      .from(volunteers)
      .where(inArray(volunteers.id, [...removedVolunteers]))
      .for('update');
    if (stored.some((v) => !inScope(v, scope))) throw notFound();
    // Their slots stay (the place is the school's), without a volunteer.
    await tx.delete(volunteers).where(
      inArray(
        volunteers.id,
        stored.map((v) => v.id),
      ),
    );
  }
  const ownVolunteers = new Set(
    (
      await tx
        .select({ id: volunteers.id })
        .from(volunteers)
        .where(and(eq(volunteers.schoolId, scope.schoolId), eq(volunteers.eventId, scope.eventId)))
    ).map((v) => v.id),
  );

  const savedSlots: (typeof volunteerSlots.$inferSelect)[] = [];
  /** Rows of this save that took a place. */
  const newPlaces: number[] = [];
  for (const [index, input] of body.slots.entries()) {
    const [stored] = await tx.select().from(volunteerSlots).where(eq(volunteerSlots.id, input.id)).for('update');
    if (stored && !inScope(stored, scope)) throw notFound();
    const storedPrefs = stored
      ? await tx.select().from(volunteerPreferences).where(eq(volunteerPreferences.slotId, stored.id))
      : [];
    if (stored && input.version !== undefined && input.version !== stored.version) {
      throw conflict(SERVER_MESSAGES.staleVersion, { current: toSlot(stored, storedPrefs), index });
    }
    if (input.VolunteerId && !ownVolunteers.has(input.VolunteerId)) {
      throw unprocessable(VOLUNTEER_MESSAGES.notYourVolunteer, [
        { path: `slots.${index}.VolunteerId`, message: VOLUNTEER_MESSAGES.notYourVolunteer },
      ]);
    }
    const lockedFirst = storedPrefs.find((p) => p.rank === 1 && p.isLocked);
    // A locked preference stays as it is: only a reset (deleting the slot) frees its place.
    const preferences: PreferenceInput[] = lockedFirst
      ? [
          {
            DisciplineId: lockedFirst.disciplineId,
            division: lockedFirst.division,
            gender: lockedFirst.gender as PreferenceInput['gender'],
            position: lockedFirst.position as PreferenceInput['position'],
            isLocked: true,
          },
          ...input.preferences.slice(1),
        ]
      : input.preferences;
    const message = slotPlaceMessage({ VolunteerId: input.VolunteerId, preferences }, !vic);
    if (message) throw unprocessable(message, [{ path: `slots.${index}.preferences.0`, message }]);
    const first = preferences[0];
    const locks = !lockedFirst && !!first && isPreferenceComplete(first, !vic);
    if (locks) {
      await takePlace(tx, scope.eventId, first, `slots.${index}.preferences.0`);
      newPlaces.push(index);
    }

    const [row] = stored
      ? await tx
          .update(volunteerSlots)
          .set({ volunteerId: input.VolunteerId })
          .where(eq(volunteerSlots.id, input.id))
          .returning()
      : await tx
          .insert(volunteerSlots)
          .values({ id: input.id, ...scope, volunteerId: input.VolunteerId })
          .returning();
    await tx.delete(volunteerPreferences).where(eq(volunteerPreferences.slotId, input.id));
    if (preferences.length) {
      await tx.insert(volunteerPreferences).values(
        preferences.map((p, i) => ({
          slotId: input.id,
          rank: i + 1,
          disciplineId: p.DisciplineId,
          division: p.division,
          gender: p.gender,
          position: p.position,
          isLocked: i === 0 && (!!lockedFirst || locks),
        })),
      );
    }
    savedSlots.push(row!);
  }
  await assertOnePlacePerVolunteer(tx, scope, body.slots);
  if (newPlaces.length)
    await assertPlacesWithinRequired(tx, scope, event ?? { invoiceType: 'NSW', volunteerRatio: null }, newPlaces);
  return { volunteers: savedVolunteers, slots: await slotsWithPreferences(tx, savedSlots) };
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
async function assertOnePlacePerVolunteer(tx: Tx, scope: Scope, slots: VolunteersBody['slots']) {
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
async function assertPlacesWithinRequired(
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
