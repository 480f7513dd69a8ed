import type { VicVolunteerGroup } from '../constants/disciplines';
import { DEFAULT_VOLUNTEER_RATIO, VIC_VOLUNTEER_RATIOS } from '../constants/policy';
import { vicVolunteerGroup } from './discipline-groups';

/** One volunteer course official for every `ratio` race entries, rounded up. A missing or
 *  non-positive ratio falls back to the default (8) rather than dividing by zero. */
export function requiredVolunteers(entryCount: number, ratio: number = DEFAULT_VOLUNTEER_RATIO): number {
  const safeRatio = ratio > 0 ? ratio : DEFAULT_VOLUNTEER_RATIO;
  return entryCount > 0 ? Math.ceil(entryCount / safeRatio) : 0;
}

export type VicRequiredVolunteers = Record<VicVolunteerGroup, number>;

/** The VIC form: entries counted per VIC volunteer group (6, 7, 8 excluded), each group by its
 *  own ratio, rounded up. */
export function requiredVolunteersVic(
  entries: readonly { DisciplineId: number }[],
  ratios: Readonly<Record<VicVolunteerGroup, number>> = VIC_VOLUNTEER_RATIOS,
): VicRequiredVolunteers {
  const counts: VicRequiredVolunteers = { ski: 0, snowboard: 0, alpine: 0 };
  for (const entry of entries) {
    const group = vicVolunteerGroup(entry.DisciplineId);
    if (group) counts[group] += 1;
  }
  return {
    ski: requiredVolunteers(counts.ski, ratios.ski),
    snowboard: requiredVolunteers(counts.snowboard, ratios.snowboard),
    alpine: requiredVolunteers(counts.alpine, ratios.alpine),
  };
}

/** The volunteers a school must register for an event in all: a VIC event counts its groups, each
 *  by its own ratio (the VIC form); any other event one per its ratio of race entries. */
export function requiredVolunteerTotal(
  entries: readonly { DisciplineId: number }[],
  event: { invoiceType: string; volunteerRatio?: number | null },
): number {
  if (event.invoiceType === 'VIC') {
    const groups = requiredVolunteersVic(entries);
    return groups.ski + groups.snowboard + groups.alpine;
  }
  return requiredVolunteers(entries.length, event.volunteerRatio ?? DEFAULT_VOLUNTEER_RATIO);
}
