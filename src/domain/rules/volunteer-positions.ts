import {
  FULL_POSITION_SET,
  SHORT_POSITION_SET,
  SHORT_POSITION_SET_DISCIPLINES,
  SHOVEL_POSITION_SET,
  SHOVEL_POSITION_SET_DISCIPLINES,
  type VolunteerPosition,
} from '../constants/disciplines';

/** Positions a volunteer may take in a discipline (spec section 9). */
export function volunteerPositions(disciplineId: number): readonly VolunteerPosition[] {
  if (SHORT_POSITION_SET_DISCIPLINES.includes(disciplineId)) return SHORT_POSITION_SET;
  if (SHOVEL_POSITION_SET_DISCIPLINES.includes(disciplineId)) return SHOVEL_POSITION_SET;
  return FULL_POSITION_SET;
}

export function isPositionOffered(disciplineId: number, position: string): boolean {
  return (volunteerPositions(disciplineId) as readonly string[]).includes(position);
}
