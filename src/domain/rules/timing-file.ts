// Timing exports for the NSW and VIC systems and Live heats (PRODUCT-DECISIONS 'Race day'): one
// row per racer, never a date of birth; CSV in UTF-8 with BOM (so Excel reads names right), RFC
// 4180 quoting, and formula-looking cells defused (the writer is csv.ts, shared with the reports).
import type { FileSystem } from '../constants/race-day';
import { csvText, escapeCell } from './csv';
import { TIMING_EXPORT_COLUMNS } from '../schemas/api/startlists';
import type { RaceDayRows } from './race-day-rows';
import { buildStartlist } from './start-list';

export interface TimingSelection {
  EventId: string;
  DisciplineId: number;
  divisions: readonly number[];
  /** The team gender (Male, Female or Co-ed). */
  gender: string;
}

/** The header row, then one row per racer: the divisions in ascending order, each race in start
 *  order, members by position. Positions without a participant are left out. */
export function timingRows(
  rows: RaceDayRows,
  selection: TimingSelection,
  disciplineName: (DisciplineId: number) => string,
): string[][] {
  const participants = new Map(rows.participants.map((participant) => [participant.id, participant]));
  const discipline = disciplineName(selection.DisciplineId);
  const divisions = [...new Set(selection.divisions)].sort((a, b) => a - b);
  const table: string[][] = [[...TIMING_EXPORT_COLUMNS]];
  for (const division of divisions) {
    const race = { EventId: selection.EventId, DisciplineId: selection.DisciplineId, division, gender: selection.gender };
    for (const team of buildStartlist(race, rows)) {
      for (const member of team.members) {
        if (member.ParticipantId === null) continue;
        table.push([
          member.bib === null ? '' : String(member.bib),
          member.snowId ?? '',
          member.lastname,
          member.firstname,
          participants.get(member.ParticipantId)?.gender ?? '',
          member.yearLevel,
          team.schoolName,
          discipline,
          String(division),
          team.teamRank,
          String(member.position),
        ]);
      }
    }
  }
  return table;
}

export { escapeCell };

/** The table as CSV: a UTF-8 byte order mark, escaped and quoted cells, every line ending CRLF. */
/**
 * A cell of the Excel timing file: a whole number (a bib, a division, a position) as a number cell
 * timing software can sort and sum; anything else, a leading zero included, as the text itself.
 * A text cell of a workbook is never a formula, so it needs no guarding apostrophe (the CSV does).
 */
export function workbookCell(text: string): string | number {
  return /^(0|[1-9]\d{0,14})$/.test(text) ? Number(text) : text;
}

export function timingCsv(table: readonly (readonly string[])[]): string {
  return csvText(table);
}

const SYSTEM_SLUGS: Record<FileSystem, string> = { NSW: 'nsw-system', VIC: 'vic-system', 'Live heats': 'live-heats' };

/** Lower case letters and digits joined by single hyphens: safe on every file system and URL. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The export's file name, e.g. 'nsw-system-moguls-div1-2-male.csv'. */
export function timingFileName(
  system: FileSystem,
  disciplineName: string,
  divisions: readonly number[],
  gender: string,
): string {
  const sorted = [...new Set(divisions)].sort((a, b) => a - b);
  const divisionPart = sorted.length > 0 ? `div${sorted.join('-')}` : '';
  return `${[SYSTEM_SLUGS[system], slug(disciplineName), divisionPart, slug(gender)].filter(Boolean).join('-')}.csv`;
}
