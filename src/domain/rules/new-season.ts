// First-season carry-over (spec sections 2 and 4). Participants belong to a school, not to an
// event, so 'last season's participants' are the school's active participants while its
// coordinator's first-season flag is still set: their year levels are still last season's. The
// carry-over moves each one up a year; Year 12s leave school and are archived, with anyone the
// coordinator removed. Client (grid over the mirror) and server (GET /api/participants/year12,
// POST /api/v2/new-season-updates) use these same functions.
import { YEAR_LEVELS, type YearLevel } from '../constants/choices';

/** The server's 409 text when the carry-over was already done (from another device). */
export const NEW_SEASON_ALREADY_DONE = "Last season's participants were already carried over.";

export const LEAVING_YEAR_LEVEL: YearLevel = '12';

export interface SeasonParticipant {
  id: string;
  yearLevel: string;
  archived: number;
}

/** The next school year: K -> 1 ... 11 -> 12; null for a Year 12 (they leave school). A blank or
 *  unknown year level stays as it is: nobody can tell what it should become. */
export function nextYearLevel(yearLevel: string): YearLevel | '' | null {
  const index = YEAR_LEVELS.indexOf(yearLevel as YearLevel);
  if (index < 0) return yearLevel === '' ? '' : null;
  return YEAR_LEVELS[index + 1] ?? null;
}

/** Last season's Year 12: an active participant in Year 12 (GET /api/participants/year12). */
export function isYear12Leaver(participant: SeasonParticipant): boolean {
  return participant.archived !== 1 && participant.yearLevel === LEAVING_YEAR_LEVEL;
}

export interface CarryOverPlan {
  /** Who comes back, with the year level they move up to (blank year levels are left alone). */
  carried: { id: string; yearLevel: YearLevel }[];
  /** Removed by the coordinator, and the Year 12 leavers. */
  archive: string[];
}

/** What the coordinator's confirmation sends: everyone active moves up a year, except the
 *  removed ones and the leavers, who are archived. */
export function planCarryOver(participants: readonly SeasonParticipant[], removed: ReadonlySet<string>): CarryOverPlan {
  const plan: CarryOverPlan = { carried: [], archive: [] };
  for (const participant of participants) {
    if (participant.archived === 1) continue;
    const next = nextYearLevel(participant.yearLevel);
    if (removed.has(participant.id) || next === null) plan.archive.push(participant.id);
    else if (next !== '') plan.carried.push({ id: participant.id, yearLevel: next });
  }
  return plan;
}
