import {
  DEFAULT_POSITIONS_PER_TEAM,
  EXTENDED_POSITIONS_PER_TEAM,
  FOUR_POSITION_DISCIPLINES,
} from '../constants/disciplines';

/** Team positions: 4 for disciplines 1 and 9, otherwise 3 (spec sections 4 and 9). */
export function positionsPerTeam(disciplineId: number): number {
  return FOUR_POSITION_DISCIPLINES.includes(disciplineId) ? EXTENDED_POSITIONS_PER_TEAM : DEFAULT_POSITIONS_PER_TEAM;
}

/** The position numbers a team of this discipline offers: 1..n. */
export function teamPositions(disciplineId: number): number[] {
  return Array.from({ length: positionsPerTeam(disciplineId) }, (_, i) => i + 1);
}
