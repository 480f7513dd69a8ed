// The carry-over grid's rows: last season's participants with the year level each moves up to,
// the Year 12 leavers marked as leaving (rules/new-season, the rule GET /api/participants/year12
// answers by), and the ones the coordinator removed kept out of the grid.
import type { ParticipantRow } from '../../db/database';
import { isYear12Leaver, nextYearLevel } from '../../domain/rules/new-season';

const LEAVING = 'Leaving (Year 12)';
const YEAR_LEVEL_MISSING = 'Year level missing';

export interface CarryOverGridRow extends Record<string, unknown> {
  id: string;
  snowId: string;
  firstname: string;
  lastname: string;
  lastSeason: string;
  thisSeason: string;
  leaving: boolean;
}

function toCarryOverRow(participant: ParticipantRow): CarryOverGridRow {
  const leaving = isYear12Leaver(participant);
  const next = nextYearLevel(participant.yearLevel);
  return {
    id: participant.id,
    snowId: participant.snowId ?? '',
    firstname: participant.firstname,
    lastname: participant.lastname,
    lastSeason: participant.yearLevel || YEAR_LEVEL_MISSING,
    thisSeason: leaving || next === null ? LEAVING : next || YEAR_LEVEL_MISSING,
    leaving,
  };
}

const byName = (a: CarryOverGridRow, b: CarryOverGridRow) =>
  a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname) || a.id.localeCompare(b.id);

export interface CarryOverView {
  /** Who comes back, by name: the grid, each with a remove action. */
  returning: CarryOverGridRow[];
  /** Last season's Year 12s, by name: listed as leaving (nothing to decide about them). */
  leaving: CarryOverGridRow[];
  /** Removed by the coordinator, by name (they can be put back until the carry-over is confirmed). */
  removed: CarryOverGridRow[];
}

export function carryOverView(participants: readonly ParticipantRow[], removed: ReadonlySet<string>): CarryOverView {
  const rows = participants
    .filter((p) => p.archived !== 1)
    .map(toCarryOverRow)
    .sort(byName);
  return {
    returning: rows.filter((r) => !r.leaving && !removed.has(r.id)),
    leaving: rows.filter((r) => r.leaving),
    removed: rows.filter((r) => !r.leaving && removed.has(r.id)),
  };
}
