import type { z } from 'zod';
import { MESSAGES } from '../messages';
import type { volunteerPreferenceSchema } from '../schemas/entities/volunteer';
import { isPositionOffered } from './volunteer-positions';

/** A volunteer's preference, as its schema says (one schema for the record, on both sides). */
export type VolunteerPreference = z.output<typeof volunteerPreferenceSchema>;

export interface VolunteerSlotLike {
  VolunteerId: string | null;
  preferences: readonly VolunteerPreference[];
}

function present<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined && value !== '';
}

/** Discipline, division and gender chosen: the minimum a slot with a volunteer needs. */
export function hasDisciplineDivisionGender(pref: VolunteerPreference | undefined): boolean {
  return !!pref && present(pref.DisciplineId) && present(pref.division) && present(pref.gender);
}

/** Complete: discipline, division, gender and, where the screen asks for it, a position the
 *  discipline offers. Every discipline has positions (spec section 9), so screens that show the
 *  position column require it; a screen without that column passes requirePosition = false. */
export function isPreferenceComplete(pref: VolunteerPreference | undefined, requirePosition = true): boolean {
  if (!pref || !hasDisciplineDivisionGender(pref)) return false;
  if (!requirePosition) return true;
  return present(pref.position) && isPositionOffered(pref.DisciplineId as number, pref.position);
}

/** The preference with isLocked set once it is complete; a locked preference stays locked
 *  (only a reset, which deletes the slot, frees it). */
export function lockPreference<P extends VolunteerPreference>(pref: P, requirePosition = true): P {
  return { ...pref, isLocked: pref.isLocked === true || isPreferenceComplete(pref, requirePosition) };
}

export interface SlotRuleOptions {
  /** The VIC screen also requires a volunteer on every completed preference. */
  vic: boolean;
  requirePosition?: boolean;
}

/** The spec's slot validation message, or null: a slot with a volunteer needs discipline,
 *  division and gender ('Preference is incomplete'); on VIC a completed preference needs a
 *  volunteer ('You must select a volunteer'). Only the first preference counts (spec section 3). */
export function slotValidationMessage(slot: VolunteerSlotLike, options: SlotRuleOptions): string | null {
  const pref = slot.preferences[0];
  if (slot.VolunteerId && !hasDisciplineDivisionGender(pref)) return MESSAGES.preferenceIncomplete;
  if (options.vic && !slot.VolunteerId && isPreferenceComplete(pref, options.requirePosition ?? true)) {
    return MESSAGES.volunteerRequired;
  }
  return null;
}

/** The slot rule of every event: a place is taken only by a slot that names a volunteer
 *  (docs/decisions.md 'Entries and volunteers'), so the spec's VIC rule 'You must select a
 *  volunteer' holds for all, beside 'Preference is incomplete'. */
export function slotPlaceMessage(slot: VolunteerSlotLike, requirePosition = true): string | null {
  return slotValidationMessage(slot, { vic: true, requirePosition });
}

export interface SlotEdits<S extends { id: string }> {
  slots: readonly S[];
  slotsDeleted: readonly string[];
}

/** Resetting a preference marks its slot deleted: it leaves the grid and goes in slotsDeleted. */
export function resetSlot<S extends { id: string }>(edits: SlotEdits<S>, slotId: string): SlotEdits<S> {
  if (!edits.slots.some((slot) => slot.id === slotId)) return edits;
  return {
    slots: edits.slots.filter((slot) => slot.id !== slotId),
    slotsDeleted: edits.slotsDeleted.includes(slotId) ? edits.slotsDeleted : [...edits.slotsDeleted, slotId],
  };
}
