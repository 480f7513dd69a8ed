// Timing exports for the NSW and VIC systems and Live heats (docs/decisions.md 'Race day',
// docs/timing-files.md): one row per racer with the system's columns (or the event's own, set by
// an admin) in the system's start order; never a date of birth. CSV in UTF-8 with BOM (so Excel
// reads names right), RFC 4180 quoting, CRLF, formula-looking cells defused (the writer is csv.ts,
// shared with the reports); the workbook's cells are decided here too, so the server's .xlsx and
// the device's are the same file.
import type { FileSystem } from '../constants/race-day';
import { FILE_SYSTEM_SLUGS, type TimingColumn } from '../constants/timing-files';
import { csvText, escapeCell } from './csv';
import type { RaceDayRows } from './race-day-rows';
import { timingRacers, type TimingSelection } from './timing-racers';

export type { TimingSelection };

export interface TimingFileSpec {
  system: FileSystem;
  /** The file's columns: timingColumnsFor(system, the event's own). */
  columns: readonly TimingColumn[];
  disciplineName: (DisciplineId: number) => string;
}

/** The header row (the columns' headings), then one row per racer in the system's start order. */
export function timingRows(rows: RaceDayRows, selection: TimingSelection, spec: TimingFileSpec): string[][] {
  const racers = timingRacers(rows, selection, spec.system, spec.disciplineName);
  return [
    spec.columns.map((column) => column.heading),
    ...racers.map((racer) => spec.columns.map((column) => racer[column.field])),
  ];
}

export { escapeCell };

/**
 * A cell of the Excel timing file: a whole number (a bib, a division, a position) as a number cell
 * timing software can sort and sum; anything else, a leading zero included, as the text itself.
 * A text cell of a workbook is never a formula, so it needs no guarding apostrophe (the CSV does).
 */
function workbookCell(text: string): string | number {
  return /^(0|[1-9]\d{0,14})$/.test(text) ? Number(text) : text;
}

/** Each column's width in the workbook: its widest cell and a margin, between 8 and 40. */
export function workbookColumnWidths(table: readonly (readonly string[])[]): number[] {
  const columns = table[0]?.length ?? 0;
  return Array.from({ length: columns }, (_, column) => {
    const widest = Math.max(...table.map((row) => (row[column] ?? '').length));
    return Math.min(Math.max(widest + 2, 8), 40);
  });
}

/** The part of a spreadsheet library's sheet the timing file writes (exceljs's Worksheet has it):
 *  named here so the server and the device fill their workbooks with one function. */
export interface TimingSheet {
  addRow(values: (string | number)[]): unknown;
  getRow(index: number): { font: unknown };
  getColumn(index: number): { width?: number };
}

/** Fills a sheet with the timing table: the heading row bold, whole numbers as number cells and
 *  other text as it is, each column as wide as its widest cell. */
export function fillTimingSheet(sheet: TimingSheet, table: readonly (readonly string[])[]): void {
  const [header = [], ...body] = table;
  sheet.addRow([...header]);
  for (const row of body) sheet.addRow(row.map(workbookCell));
  sheet.getRow(1).font = { bold: true };
  workbookColumnWidths(table).forEach((width, i) => {
    sheet.getColumn(i + 1).width = width;
  });
}

/** The table as CSV: a UTF-8 byte order mark, escaped and quoted cells, every line ending CRLF. */
export function timingCsv(table: readonly (readonly string[])[]): string {
  return csvText(table);
}

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
  format: 'csv' | 'xlsx' = 'csv',
): string {
  const sorted = [...new Set(divisions)].sort((a, b) => a - b);
  const divisionPart = sorted.length > 0 ? `div${sorted.join('-')}` : '';
  return `${[FILE_SYSTEM_SLUGS[system], slug(disciplineName), divisionPart, slug(gender)].filter(Boolean).join('-')}.${format}`;
}
