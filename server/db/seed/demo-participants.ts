// Picks the demo participants from the registry's athletes file, so every demo snow id, name,
// gender and date of birth matches the registry. Year levels follow from the date of birth: this
// season's, or last season's for a school whose coordinator has not started the season yet and for
// last year's Year 12s (archived). A few inactive snow ids are used on purpose (the grid highlights
// them); plenty of school-age athletes stay unused for the add-participant lookup.
import { YEAR_LEVELS } from '../../../src/domain/constants';
import type { Athlete } from '../../integrations/registry';
import type { participants } from '../schema';
import type { DemoSchool } from './demo-fixtures';
import { emailPart, sportDisciplines } from './people';
import type { Rng } from './prng';
import { schoolYearIndex } from './school-year';

type ParticipantRow = typeof participants.$inferInsert & {
  id: string;
  snowId: string;
  firstname: string;
  lastname: string;
  yearLevel: string;
  gender: string;
  dob: string;
};
/** A participant with the disciplines they do (used only to build teams). */
export type DemoParticipant = { row: ParticipantRow; sports: ReadonlySet<number> };

const RANGE = { Primary: [0, 6], Secondary: [7, 12], 'p-12': [0, 12] } as const;
const INACTIVE_IN_USE = 4;
const GRADUATES_PER_SCHOOL = 2;

export function pickDemoParticipants(
  rng: Rng,
  athletes: readonly Athlete[],
  schools: readonly (DemoSchool & { id: string })[],
  season: number,
  newId: () => string,
): DemoParticipant[] {
  const dated = athletes
    .filter((a): a is Athlete & { dob: string } => a.dob !== null)
    .map((a) => ({ ...a, index: schoolYearIndex(a.dob, season) }));
  const active = dated.filter((a) => a.active);
  const inactive = dated.filter((a) => !a.active);
  const taken = new Set<string>();
  const take = (pool: typeof dated, n: number, fits: (a: (typeof dated)[number]) => boolean) => {
    const out = rng.shuffle(pool.filter((a) => !taken.has(a.snowId) && fits(a))).slice(0, n);
    out.forEach((a) => taken.add(a.snowId));
    return out;
  };

  const result: DemoParticipant[] = [];
  schools.forEach((school, schoolIndex) => {
    const shift = school.firstSeason ? 1 : 0; // year levels of last season
    const [from, to] = RANGE[school.schoolCategory];
    const genderFits = (g: string) => school.schoolType === 'Co-ed' || school.schoolType === g;
    const fits = (a: (typeof dated)[number]) =>
      genderFits(a.gender) && a.index - shift >= from && a.index - shift <= to;
    const graduates =
      !shift && to === 12 ? take(active, GRADUATES_PER_SCHOOL, (a) => genderFits(a.gender) && a.index === 13) : [];
    const flagged = schoolIndex < INACTIVE_IN_USE ? take(inactive, 1, fits) : [];
    const current = take(active, school.participants - graduates.length - flagged.length, fits);
    const leaverId = shift ? undefined : current[rng.int(0, current.length - 1)]?.snowId;
    const domain = school.coordinator.email.split('@')[1];
    for (const a of [...flagged, ...current, ...graduates]) {
      const graduate = a.index === 13 && !shift;
      const index = graduate ? 12 : a.index - shift;
      result.push({
        sports: sportDisciplines(rng, index),
        row: {
          id: newId(),
          schoolId: school.id,
          snowId: a.snowId,
          snowIdActive: a.active ? 1 : 0,
          firstname: a.firstname,
          lastname: a.lastname,
          yearLevel: YEAR_LEVELS[index]!,
          gender: a.gender,
          dob: a.dob,
          email: rng.chance(0.3) ? `${emailPart(a.firstname)}.${emailPart(a.lastname)}@students.${domain}` : '',
          archived: graduate || a.snowId === leaverId ? 1 : 0,
        },
      });
    }
  });
  return result;
}
