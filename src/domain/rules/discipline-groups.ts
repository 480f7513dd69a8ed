import {
  DISCIPLINE_GROUPS,
  LIVE_HEATS_DISCIPLINES,
  VIC_NEW_SLOT_DIVISIONS,
  VIC_VOLUNTEER_GROUPS,
  type DisciplineGroup,
  type VicVolunteerGroup,
} from '../constants/disciplines';

/** Cross country (6, 8) or alpine (the rest of 1..11); null for an id outside both lists. */
export function disciplineGroup(disciplineId: number): DisciplineGroup | null {
  for (const group of Object.keys(DISCIPLINE_GROUPS) as DisciplineGroup[]) {
    if ((DISCIPLINE_GROUPS[group] as readonly number[]).includes(disciplineId)) return group;
  }
  return null;
}

/** VIC volunteer group of a discipline; null for 6, 7 and 8, which VIC volunteers do not cover. */
export function vicVolunteerGroup(disciplineId: number): VicVolunteerGroup | null {
  for (const group of Object.keys(VIC_VOLUNTEER_GROUPS) as VicVolunteerGroup[]) {
    if ((VIC_VOLUNTEER_GROUPS[group] as readonly number[]).includes(disciplineId)) return group;
  }
  return null;
}

export function isLiveHeatsDiscipline(disciplineId: number): boolean {
  return LIVE_HEATS_DISCIPLINES.includes(disciplineId);
}

/** Divisions a new VIC slot offers: 1 to 5 for the ski and alpine groups (spec section 9).
 *  Snowboard slots follow the discipline's own range, so null asks the caller to use it. */
export function newVicSlotDivisions(disciplineId: number): number[] | null {
  const group = vicVolunteerGroup(disciplineId);
  if (group !== 'ski' && group !== 'alpine') return null;
  const { from, to } = VIC_NEW_SLOT_DIVISIONS;
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
