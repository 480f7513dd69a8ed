// The volunteers screens' unsaved work over the mirror: volunteers added, edited and removed, and
// slots whose first preference is chosen step by step (discipline, division, gender, position)
// from the places still available. Pure: the screens hold a draft and ask these functions what to
// show, what is wrong and what to send (PUT /api/volunteers).
import { VIC_NEW_SLOT_DIVISIONS, type VolunteerPosition } from '../../domain/constants/disciplines';
import { GENDERS, type Gender } from '../../domain/constants/choices';
import { MESSAGES } from '../../domain/messages';
import { vicVolunteerGroup } from '../../domain/rules/discipline-groups';
import { isValidPhone } from '../../domain/rules/phone';
import { volunteerPositions } from '../../domain/rules/volunteer-positions';
import {
  isPreferenceComplete,
  slotPlaceMessage,
  type VolunteerPreference,
} from '../../domain/rules/volunteer-preferences';
import { remainingSpots, type SpotCount } from '../../domain/rules/volunteer-spots';
import type { volunteersApi } from '../../domain/schemas/api/volunteers';
import type { RouteBody } from '../../domain/schemas/route';

export type VolunteersVariant = 'general' | 'vic' | 'aus';

export interface VolunteerFields {
  id: string;
  firstname: string;
  lastname: string;
  mobile: string;
  email: string;
  seasonPass: '0' | '1';
  version?: number;
}

export interface Preference {
  DisciplineId: number | null;
  division: number | null;
  gender: Gender | null;
  position: VolunteerPosition | null;
  isLocked: boolean;
}

export interface SlotFields {
  id: string;
  VolunteerId: string | null;
  preferences: Preference[];
  version?: number;
}

export interface VolunteersDraft {
  volunteers: ReadonlyMap<string, VolunteerFields>;
  removedVolunteers: ReadonlySet<string>;
  slots: ReadonlyMap<string, SlotFields>;
  removedSlots: ReadonlySet<string>;
}

export const EMPTY_DRAFT: VolunteersDraft = {
  volunteers: new Map(),
  removedVolunteers: new Set(),
  slots: new Map(),
  removedSlots: new Set(),
};

export const EMPTY_PREFERENCE: Preference = {
  DisciplineId: null,
  division: null,
  gender: null,
  position: null,
  isLocked: false,
};

/** The positions column is the general and other-region screens'; the VIC form has none. */
export const requiresPosition = (variant: VolunteersVariant) => variant !== 'vic';

export function isDirty(draft: VolunteersDraft): boolean {
  return draft.volunteers.size + draft.removedVolunteers.size + draft.slots.size + draft.removedSlots.size > 0;
}

/** The rows as they stand: the mirror's, with the draft laid over (removed ones left out). */
export function working<T extends { id: string }>(
  base: readonly T[],
  edits: ReadonlyMap<string, T>,
  removed: ReadonlySet<string>,
): T[] {
  const seen = new Set(base.map((row) => row.id));
  return [
    ...base.filter((row) => !removed.has(row.id)).map((row) => edits.get(row.id) ?? row),
    ...[...edits.values()].filter((row) => !seen.has(row.id) && !removed.has(row.id)),
  ];
}

export function editVolunteer(draft: VolunteersDraft, row: VolunteerFields): VolunteersDraft {
  return { ...draft, volunteers: new Map(draft.volunteers).set(row.id, row) };
}

/** Removing a volunteer frees their slots (the places stay the school's), as the server does. */
export function removeVolunteer(draft: VolunteersDraft, id: string, slots: readonly SlotFields[]): VolunteersDraft {
  const volunteers = new Map(draft.volunteers);
  volunteers.delete(id);
  const next = new Map(draft.slots);
  for (const slot of slots) if (slot.VolunteerId === id) next.set(slot.id, { ...slot, VolunteerId: null });
  return { ...draft, volunteers, slots: next, removedVolunteers: new Set(draft.removedVolunteers).add(id) };
}

export function editSlot(draft: VolunteersDraft, slot: SlotFields): VolunteersDraft {
  return { ...draft, slots: new Map(draft.slots).set(slot.id, slot) };
}

/** The spec's reset: the slot is deleted (its locked place comes back on the server). */
export function resetSlot(draft: VolunteersDraft, id: string): VolunteersDraft {
  const slots = new Map(draft.slots);
  slots.delete(id);
  return { ...draft, slots, removedSlots: new Set(draft.removedSlots).add(id) };
}

/** A preference changed at one step clears the steps after it (their choices depend on it). */
export function choose(
  pref: Preference,
  field: 'DisciplineId' | 'division' | 'gender' | 'position',
  value: string,
): Preference {
  const none = value === '';
  switch (field) {
    case 'DisciplineId':
      return { ...EMPTY_PREFERENCE, DisciplineId: none ? null : Number(value) };
    case 'division':
      return { ...pref, division: none ? null : Number(value), gender: null, position: null };
    case 'gender':
      return { ...pref, gender: none ? null : (value as Gender), position: pref.position };
    case 'position':
      return { ...pref, position: none ? null : (value as VolunteerPosition) };
  }
}

/** Places left for this slot's choice: the mirror's counts (as last synced) less the places the
 *  draft's other new complete preferences will take on Save. */
export function placesFor(
  slotId: string,
  spots: readonly SpotCount[],
  slots: readonly SlotFields[],
  variant: VolunteersVariant,
): SpotCount[] {
  const taking: VolunteerPreference[] = slots
    .filter((s) => s.id !== slotId)
    .flatMap((s) => {
      const first = s.preferences[0];
      return first && !first.isLocked && isPreferenceComplete(first, requiresPosition(variant))
        ? [{ ...first, isLocked: true }]
        : [];
    });
  return remainingSpots(spots, taking);
}

export interface PreferenceChoices {
  disciplines: number[];
  divisions: number[];
  genders: Gender[];
  positions: VolunteerPosition[];
}

/** What each step of a preference may choose: a discipline with places left (VIC: only its
 *  volunteer groups), its divisions with places left (VIC ski and alpine: 1 to 5), the genders with
 *  a place, and the positions the discipline offers. The preference's current choices stay offered. */
export function preferenceChoices(
  pref: Preference,
  places: readonly SpotCount[],
  variant: VolunteersVariant,
): PreferenceChoices {
  const open = places.filter(
    (s) => s.male + s.female > 0 && (variant !== 'vic' || vicVolunteerGroup(s.DisciplineId) !== null),
  );
  const keep = <T>(list: T[], current: T | null) =>
    current !== null && !list.includes(current) ? [...list, current] : list;
  const disciplines = keep(
    [...new Set(open.map((s) => s.DisciplineId))].sort((a, b) => a - b),
    pref.DisciplineId,
  );
  const vicLimited =
    variant === 'vic' && pref.DisciplineId !== null && vicVolunteerGroup(pref.DisciplineId) !== 'snowboard';
  const divisions = keep(
    open
      .filter(
        (s) =>
          s.DisciplineId === pref.DisciplineId &&
          (!vicLimited || (s.division >= VIC_NEW_SLOT_DIVISIONS.from && s.division <= VIC_NEW_SLOT_DIVISIONS.to)),
      )
      .map((s) => s.division)
      .sort((a, b) => a - b),
    pref.division,
  );
  const spot = places.find((s) => s.DisciplineId === pref.DisciplineId && s.division === pref.division);
  const genders = keep(
    GENDERS.filter((g) => (spot ? spot[g === 'Male' ? 'male' : 'female'] > 0 : false)),
    pref.gender,
  );
  const positions =
    pref.DisciplineId === null || !requiresPosition(variant) ? [] : [...volunteerPositions(pref.DisciplineId)];
  return { disciplines, divisions, genders, positions };
}

export interface DraftIssues {
  /** Message per volunteer id. */
  volunteers: Map<string, string>;
  /** Message per slot id. */
  slots: Map<string, string>;
}

/** The rules checked before Save, with the spec's messages (a place needs a volunteer on every event). */
export function draftIssues(
  volunteers: readonly VolunteerFields[],
  slots: readonly SlotFields[],
  variant: VolunteersVariant,
): DraftIssues {
  const issues: DraftIssues = { volunteers: new Map(), slots: new Map() };
  for (const v of volunteers) {
    if (!v.firstname.trim() || !v.lastname.trim())
      issues.volunteers.set(v.id, "Please add the volunteer's given name and surname");
    else if (!isValidPhone(v.mobile)) issues.volunteers.set(v.id, MESSAGES.volunteerPhoneRequired);
  }
  for (const s of slots) {
    const message = slotPlaceMessage(s, requiresPosition(variant));
    if (message) issues.slots.set(s.id, message);
  }
  return issues;
}

type VolunteersBody = RouteBody<typeof volunteersApi.save>;
type VolunteerBodyRow = VolunteersBody['volunteers'][number];

export interface VolunteersSave {
  body: VolunteersBody;
  volunteers: VolunteerFields[];
  slots: SlotFields[];
  removedVolunteers: string[];
  removedSlots: string[];
  /** The stored volunteers the save changes, as they were (for the 409 merge). */
  base: VolunteerFields[];
}

/** A volunteer the server has goes as its id, version and the fields changed from its stored row,
 *  so a field left alone never carries this device's older value over another device's change; a
 *  new one, or one a refused save still owes (the server never took its values), goes whole. */
function volunteerBody(row: VolunteerFields, stored: VolunteerFields | undefined): VolunteerBodyRow {
  if (!stored || row.version === undefined) return row;
  const body: VolunteerBodyRow = { id: row.id };
  for (const key of ['firstname', 'lastname', 'mobile', 'email'] as const) {
    if (row[key] !== stored[key]) body[key] = row[key];
  }
  if (row.seasonPass !== stored.seasonPass) body.seasonPass = row.seasonPass;
  body.version = row.version;
  return body;
}

/** What Save sends: the changed rows and the removed ids. A removed row that was never saved is
 *  simply dropped. `stored`: the volunteers as the device holds them, of which `owed` (refused
 *  saves' rows) go whole. */
export function planSave(
  draft: VolunteersDraft,
  savedVolunteerIds: ReadonlySet<string>,
  savedSlotIds: ReadonlySet<string>,
  stored: readonly VolunteerFields[] = [],
  owed: ReadonlySet<string> = new Set(),
): VolunteersSave {
  const volunteers = [...draft.volunteers.values()].filter((v) => !draft.removedVolunteers.has(v.id));
  const slots = [...draft.slots.values()].filter((s) => !draft.removedSlots.has(s.id));
  const removedVolunteers = [...draft.removedVolunteers].filter((id) => savedVolunteerIds.has(id));
  const removedSlots = [...draft.removedSlots].filter((id) => savedSlotIds.has(id));
  const storedById = new Map(stored.map((v) => [v.id, v]));
  const volunteerRows = volunteers.map((v) => volunteerBody(v, owed.has(v.id) ? undefined : storedById.get(v.id)));
  return {
    body: {
      multi: true,
      volunteers: volunteerRows,
      volunteersDeleted: removedVolunteers,
      slots,
      slotsDeleted: removedSlots,
    },
    volunteers,
    slots,
    removedVolunteers,
    removedSlots,
    base: volunteers.flatMap((v) => (owed.has(v.id) ? [] : (storedById.get(v.id) ?? []))),
  };
}
