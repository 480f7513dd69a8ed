// PUT /api/volunteers: a school's volunteers and the slots they fill, saved and removed in one
// transaction (spec sections 3, 4, 5, 9; docs/decisions.md 'Entries and volunteers'). The steps
// run in an order that matters: removed slots first, so a reset gives its place back before the
// same save takes places again; volunteers before slots, so a slot may name a volunteer new in
// this save; the share rules last, on what the school then holds. A save breaking a rule is
// refused on its rows, whole. A slot's first preference locks once complete and takes a place
// (places.ts); deleting a slot with a locked preference (the spec's reset) gives its place back.
// A volunteer on record may come as its id, version and the fields changed; a new one comes whole.
import { and, eq, inArray } from 'drizzle-orm';
import { isPreferenceComplete, slotPlaceMessage } from '../../../src/domain/rules/volunteer-preferences';
import type { Volunteer, VolunteerSlot, VolunteersBody } from '../../../src/domain/schemas';
import { isWholeVolunteerRow } from '../../../src/domain/schemas/entities/volunteer';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Db, Tx } from '../../db/client';
import { events, volunteerPreferences, volunteerSlots, volunteers } from '../../db/schema';
import { badRequest, conflict, notFound, unprocessable } from '../../http-errors';
import { assertEventWritable } from '../../plugins/event-lock';
import type { SessionInfo } from '../../plugins/session';
import { VOLUNTEER_MESSAGES } from './messages';
import {
  assertOnePlacePerVolunteer,
  assertPlacesWithinRequired,
  givePlaceBack,
  takePlace,
  type PreferenceInput,
  type Scope,
} from './places';
import { toSlot, toVolunteer } from './shape';

type SlotRow = typeof volunteerSlots.$inferSelect;
type PreferenceRow = typeof volunteerPreferences.$inferSelect;
type VolunteerInput = VolunteersBody['volunteers'][number];
type SlotInput = VolunteersBody['slots'][number];

const inScope = (row: { schoolId: string; eventId: string }, scope: Scope) =>
  row.schoolId === scope.schoolId && row.eventId === scope.eventId;

export async function slotsWithPreferences(db: Db | Tx, slotRows: SlotRow[]): Promise<VolunteerSlot[]> {
  const ids = slotRows.map((s) => s.id);
  const prefs = ids.length
    ? await db.select().from(volunteerPreferences).where(inArray(volunteerPreferences.slotId, ids))
    : [];
  return slotRows.map((s) => toSlot(s, prefs));
}

/** A row both saved and removed is a client that lost track: refused rather than guessed at. */
function refuseSavedAndRemoved(body: VolunteersBody): void {
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
}

/** The removed slots go, each locked place given back to the event. */
async function removeSlots(tx: Tx, scope: Scope, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const stored = await tx
    .select()
    .from(volunteerSlots)
    .where(inArray(volunteerSlots.id, [...new Set(ids)]))
    .for('update');
  if (stored.some((s) => !inScope(s, scope))) throw notFound();
  const storedIds = stored.map((s) => s.id);
  const prefs = stored.length
    ? await tx.select().from(volunteerPreferences).where(inArray(volunteerPreferences.slotId, storedIds))
    : [];
  for (const pref of prefs) if (pref.rank === 1 && pref.isLocked) await givePlaceBack(tx, scope.eventId, pref);
  await tx.delete(volunteerSlots).where(inArray(volunteerSlots.id, storedIds));
}

async function saveVolunteer(tx: Tx, scope: Scope, input: VolunteerInput, index: number): Promise<Volunteer> {
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
    return toVolunteer(row!);
  }
  // Only the fields changed of a volunteer no longer on record (removed on another device): gone.
  if (!isWholeVolunteerRow(input)) throw notFound();
  const [row] = await tx
    .insert(volunteers)
    .values({ id: input.id, ...scope, ...values })
    .returning();
  return toVolunteer(row!);
}

async function removeVolunteers(tx: Tx, scope: Scope, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const stored = await tx
    .select()
    .from(volunteers)
    .where(inArray(volunteers.id, [...new Set(ids)]))
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

/** The school's volunteers once this save's are written: those a slot may name. */
async function ownVolunteerIds(tx: Tx, scope: Scope): Promise<Set<string>> {
  const rows = await tx
    .select({ id: volunteers.id })
    .from(volunteers)
    .where(and(eq(volunteers.schoolId, scope.schoolId), eq(volunteers.eventId, scope.eventId)));
  return new Set(rows.map((v) => v.id));
}

/** The stored slot and its preferences, locked for this save; another school's is not found, an
 *  older version than stored is a conflict. */
async function storedSlot(tx: Tx, scope: Scope, input: SlotInput, index: number) {
  const [stored] = await tx.select().from(volunteerSlots).where(eq(volunteerSlots.id, input.id)).for('update');
  if (stored && !inScope(stored, scope)) throw notFound();
  const storedPrefs = stored
    ? await tx.select().from(volunteerPreferences).where(eq(volunteerPreferences.slotId, stored.id))
    : [];
  if (stored && input.version !== undefined && input.version !== stored.version) {
    throw conflict(SERVER_MESSAGES.staleVersion, { current: toSlot(stored, storedPrefs), index });
  }
  return { stored, storedPrefs };
}

/** A locked preference stays as it is: only a reset (deleting the slot) frees its place. */
function keptPreferences(input: SlotInput, lockedFirst: PreferenceRow | undefined): PreferenceInput[] {
  if (!lockedFirst) return input.preferences;
  return [
    {
      DisciplineId: lockedFirst.disciplineId,
      division: lockedFirst.division,
      gender: lockedFirst.gender as PreferenceInput['gender'],
      position: lockedFirst.position as PreferenceInput['position'],
      isLocked: true,
    },
    ...input.preferences.slice(1),
  ];
}

/** The slot's row and its preferences as saved, the first marked locked when it holds a place. */
async function writeSlot(
  tx: Tx,
  scope: Scope,
  input: SlotInput,
  exists: boolean,
  preferences: readonly PreferenceInput[],
  firstLocked: boolean,
): Promise<SlotRow> {
  const [row] = exists
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
        isLocked: i === 0 && firstLocked,
      })),
    );
  }
  return row!;
}

type SlotContext = { scope: Scope; vic: boolean; ownVolunteers: ReadonlySet<string> };

/** One slot saved; `tookPlace` when its first preference locked in this save. */
async function saveSlot(tx: Tx, ctx: SlotContext, input: SlotInput, index: number) {
  const { stored, storedPrefs } = await storedSlot(tx, ctx.scope, input, index);
  if (input.VolunteerId && !ctx.ownVolunteers.has(input.VolunteerId)) {
    throw unprocessable(VOLUNTEER_MESSAGES.notYourVolunteer, [
      { path: `slots.${index}.VolunteerId`, message: VOLUNTEER_MESSAGES.notYourVolunteer },
    ]);
  }
  const lockedFirst = storedPrefs.find((p) => p.rank === 1 && p.isLocked);
  const preferences = keptPreferences(input, lockedFirst);
  const message = slotPlaceMessage({ VolunteerId: input.VolunteerId, preferences }, !ctx.vic);
  if (message) throw unprocessable(message, [{ path: `slots.${index}.preferences.0`, message }]);
  const first = preferences[0];
  const locks = !lockedFirst && !!first && isPreferenceComplete(first, !ctx.vic);
  if (locks) await takePlace(tx, ctx.scope.eventId, first, `slots.${index}.preferences.0`);
  const row = await writeSlot(tx, ctx.scope, input, !!stored, preferences, !!lockedFirst || locks);
  return { row, tookPlace: locks };
}

/** PUT /api/volunteers: volunteers and slots saved and removed in one transaction. */
export async function saveVolunteers(tx: Tx, session: SessionInfo, scope: Scope, body: VolunteersBody) {
  await assertEventWritable(tx, session, scope.eventId, 'volunteers');
  const [event] = await tx
    .select({ invoiceType: events.invoiceType, volunteerRatio: events.volunteerRatio })
    .from(events)
    .where(eq(events.id, scope.eventId));
  refuseSavedAndRemoved(body);
  await removeSlots(tx, scope, body.slotsDeleted);

  const savedVolunteers: Volunteer[] = [];
  for (const [index, input] of body.volunteers.entries())
    savedVolunteers.push(await saveVolunteer(tx, scope, input, index));
  await removeVolunteers(tx, scope, body.volunteersDeleted);

  const ctx: SlotContext = {
    scope,
    vic: event?.invoiceType === 'VIC',
    ownVolunteers: await ownVolunteerIds(tx, scope),
  };
  const savedSlots: SlotRow[] = [];
  /** Rows of this save that took a place. */
  const newPlaces: number[] = [];
  for (const [index, input] of body.slots.entries()) {
    const { row, tookPlace } = await saveSlot(tx, ctx, input, index);
    if (tookPlace) newPlaces.push(index);
    savedSlots.push(row);
  }
  await assertOnePlacePerVolunteer(tx, scope, body.slots);
  if (newPlaces.length)
    await assertPlacesWithinRequired(tx, scope, event ?? { invoiceType: 'NSW', volunteerRatio: null }, newPlaces);
  return { volunteers: savedVolunteers, slots: await slotsWithPreferences(tx, savedSlots) };
}
