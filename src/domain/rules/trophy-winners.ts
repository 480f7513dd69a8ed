// Who won a trophy at an event (docs/decisions.md, 'Results from the timing system'): the first
// place of the event's published results of the trophy's race: its Team result for a team trophy,
// its Individual result for another. A trophy of any division names each division's winner;
// equal firsts are all named. A trophy of no discipline names no race, so no winner.
import type { Placing, ResultRace, Trophy } from '../schemas';

const GENDER_OF_TROPHY = { male: 'Male', female: 'Female' } as const;

const winnerName = (p: Placing, type: Trophy['type']) =>
  type === 'team' || !p.school ? (p.school ?? p.name) : `${p.name}, ${p.school}`;

/** The trophy's winners as one line; null while none of its races has a published first place. */
export function trophyWinners(
  trophy: Pick<Trophy, 'disciplineId' | 'division' | 'gender' | 'type'>,
  races: readonly Pick<ResultRace, 'DisciplineId' | 'division' | 'gender' | 'teamIndividual' | 'placings'>[],
): string | null {
  if (trophy.disciplineId === null) return null;
  const matching = races
    .filter(
      (r) =>
        r.DisciplineId === trophy.disciplineId &&
        (trophy.division === null || r.division === trophy.division) &&
        r.gender === GENDER_OF_TROPHY[trophy.gender] &&
        r.teamIndividual === (trophy.type === 'team' ? 'Team' : 'Individual'),
    )
    .sort((a, b) => a.division - b.division);
  const lines = matching.flatMap((race) => {
    const firsts = (race.placings ?? []).filter((p) => p.place === 1).map((p) => winnerName(p, trophy.type));
    if (!firsts.length) return [];
    const names = firsts.join(' and ');
    return [trophy.division === null ? `Division ${race.division}: ${names}` : names];
  });
  return lines.length ? lines.join('; ') : null;
}
