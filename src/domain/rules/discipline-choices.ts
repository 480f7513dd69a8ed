import { CO_ED_TEAM, type Gender, type TeamGender } from '../constants/choices';

export interface DivisionRange {
  divisionFrom: number;
  divisionTo: number;
}

export interface GenderFlags {
  male: boolean;
  female: boolean;
}

/** Division choices run from divisionFrom to divisionTo inclusive; a reversed range offers none. */
export function divisionChoices(discipline: DivisionRange): number[] {
  const { divisionFrom, divisionTo } = discipline;
  if (divisionTo < divisionFrom) return [];
  return Array.from({ length: divisionTo - divisionFrom + 1 }, (_, i) => divisionFrom + i);
}

/** Gender choices follow the discipline's male and female flags. */
export function genderChoices(discipline: GenderFlags): Gender[] {
  const choices: Gender[] = [];
  if (discipline.male) choices.push('Male');
  if (discipline.female) choices.push('Female');
  return choices;
}

export function divisionInRange(division: number, discipline: DivisionRange): boolean {
  return division >= discipline.divisionFrom && division <= discipline.divisionTo;
}

/** A team's gender choices: Male and Female by the discipline's flags, Co-ed when it races both. */
export function teamGenderChoices(discipline: GenderFlags): TeamGender[] {
  const choices: TeamGender[] = genderChoices(discipline);
  if (discipline.male && discipline.female) choices.push(CO_ED_TEAM);
  return choices;
}
