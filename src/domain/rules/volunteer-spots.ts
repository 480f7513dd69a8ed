import { divisionInRange, type DivisionRange } from './discipline-choices';
import type { VolunteerPreference } from './volunteer-preferences';

/** Volunteer places an event offers for one discipline and division, per gender. */
export interface SpotCount {
  DisciplineId: number;
  division: number;
  male: number;
  female: number;
}

function genderKey(gender: string | null): 'male' | 'female' | null {
  if (gender === 'Male') return 'male';
  if (gender === 'Female') return 'female';
  return null;
}

/** One place fewer for the preference's discipline, division and gender (never below 0). */
export function decrementSpot<S extends SpotCount>(spots: readonly S[], pref: VolunteerPreference): S[] {
  const key = genderKey(pref.gender);
  if (!key) return [...spots];
  let done = false;
  return spots.map((spot) => {
    if (done || spot.DisciplineId !== pref.DisciplineId || spot.division !== pref.division) return spot;
    done = true;
    return { ...spot, [key]: Math.max(0, spot[key] - 1) };
  });
}

/** Places left once every locked preference has taken its place. */
export function remainingSpots<S extends SpotCount>(
  spots: readonly S[],
  preferences: readonly VolunteerPreference[],
): S[] {
  return preferences.filter((pref) => pref.isLocked).reduce<S[]>((left, pref) => decrementSpot(left, pref), [...spots]);
}

export interface SpotChoice {
  DisciplineId: number;
  divisions: { division: number; male: number; female: number }[];
}

/** Choices for a new preference: a division goes when male plus female reach 0, and a
 *  discipline goes when it has no division left. Sorted by discipline id, then division. */
export function spotChoices(spots: readonly SpotCount[]): SpotChoice[] {
  const byDiscipline = new Map<number, SpotChoice>();
  const sorted = [...spots].sort((a, b) => a.DisciplineId - b.DisciplineId || a.division - b.division);
  for (const spot of sorted) {
    if (spot.male + spot.female <= 0) continue;
    const choice = byDiscipline.get(spot.DisciplineId) ?? { DisciplineId: spot.DisciplineId, divisions: [] };
    choice.divisions.push({ division: spot.division, male: spot.male, female: spot.female });
    byDiscipline.set(spot.DisciplineId, choice);
  }
  return [...byDiscipline.values()];
}

export interface ReconciledSpots<S> {
  spots: S[];
  dropped: S[];
  /** True when the stored spots no longer match the event's disciplines: the screen says so. */
  outOfSync: boolean;
}

/** Drops spots whose division is outside the discipline's range (or whose discipline the event
 *  no longer has) and flags the screen as out of sync. */
export function reconcileSpots<S extends SpotCount>(
  spots: readonly S[],
  disciplines: readonly (DivisionRange & { DisciplineId: number })[],
): ReconciledSpots<S> {
  const ranges = new Map(disciplines.map((d) => [d.DisciplineId, d]));
  const kept: S[] = [];
  const dropped: S[] = [];
  for (const spot of spots) {
    const range = ranges.get(spot.DisciplineId);
    (range && divisionInRange(spot.division, range) ? kept : dropped).push(spot);
  }
  return { spots: kept, dropped, outOfSync: dropped.length > 0 };
}
