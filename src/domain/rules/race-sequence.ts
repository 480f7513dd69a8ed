// The races of an event in the order the race pickers list them: each discipline as offered, its
// divisions in turn, and in each division the genders the discipline races (Male, Female, then
// Co-ed). Previous race and Next race on the race-day screens walk this list, so stepping meets the
// races in the order an official sees them in the selects.
import type { TeamGender } from '../constants/choices';
import { divisionChoices, teamGenderChoices, type DivisionRange, type GenderFlags } from './discipline-choices';

export interface SequencedRace {
  DisciplineId: number;
  division: number;
  gender: TeamGender;
}

/** A race as one text ('1|2|Female'), to key sets and maps of races. */
export const raceKey = (race: Pick<SequencedRace, 'DisciplineId' | 'division'> & { gender: string }) =>
  `${race.DisciplineId}|${race.division}|${race.gender}`;

/** The races these teams race in, each once, in the order first met. */
export function racesOfTeams(
  teams: readonly { DisciplineId: number; division: number; gender: string }[],
): SequencedRace[] {
  const races = new Map<string, SequencedRace>();
  for (const t of teams)
    if (!races.has(raceKey(t)))
      races.set(raceKey(t), { DisciplineId: t.DisciplineId, division: t.division, gender: t.gender as TeamGender });
  return [...races.values()];
}

export type SequencedDiscipline = DivisionRange & GenderFlags & { DisciplineId: number };

export function raceSequence(disciplines: readonly SequencedDiscipline[]): SequencedRace[] {
  return disciplines.flatMap((d) =>
    divisionChoices(d).flatMap((division) =>
      teamGenderChoices(d).map((gender) => ({ DisciplineId: d.DisciplineId, division, gender })),
    ),
  );
}

/** The race one step before or after `current`; null past either end or when `current` is not listed. */
export function neighbourRace(
  sequence: readonly SequencedRace[],
  current: SequencedRace,
  step: -1 | 1,
): SequencedRace | null {
  const at = sequence.findIndex(
    (r) => r.DisciplineId === current.DisciplineId && r.division === current.division && r.gender === current.gender,
  );
  return at < 0 ? null : (sequence[at + step] ?? null);
}
