// Which columns a timing file has: the event's own for its system when an admin set them, else the
// system's standard ones; and what makes a set of columns unusable, in words the admin can act on.
// The screen shows these problems beside the columns and the server refuses the same ones, so a
// column set that saves on the device is one the server takes.
import type { FileSystem } from '../constants/race-day';
import {
  MAX_TIMING_COLUMNS,
  MAX_TIMING_HEADING_LENGTH,
  STANDARD_TIMING_COLUMNS,
  TIMING_FIELDS,
  type TimingColumn,
  type TimingLayouts,
} from '../constants/timing-files';

/** The columns of a system's file at an event: its own when saved, else the standard ones. */
export function timingColumnsFor(
  system: FileSystem,
  layouts: TimingLayouts | null | undefined,
): readonly TimingColumn[] {
  const own = layouts?.[system];
  return own && own.length > 0 ? own : STANDARD_TIMING_COLUMNS[system];
}

/** Does the event use its own columns for this system? */
export function hasOwnTimingColumns(system: FileSystem, layouts: TimingLayouts | null | undefined): boolean {
  return Boolean(layouts?.[system]?.length);
}

export const TIMING_COLUMN_MESSAGES = {
  none: 'Keep at least one column in the file.',
  tooMany: `A file holds at most ${MAX_TIMING_COLUMNS} columns: remove some.`,
  noHeading: (n: number) => `Column ${n} needs a heading.`,
  longHeading: (n: number) => `Column ${n}'s heading is too long: keep it to ${MAX_TIMING_HEADING_LENGTH} characters.`,
  sameHeading: (first: number, n: number, heading: string) =>
    `Columns ${first} and ${n} are both headed '${heading}': give each column its own heading.`,
  unknownField: (n: number) => `Column ${n} holds nothing this app knows: choose what it holds.`,
} as const;

/** A problem with one column (its place from 0), or with the set (index null). */
export interface TimingColumnProblem {
  index: number | null;
  message: string;
}

const KNOWN_FIELDS: ReadonlySet<string> = new Set(TIMING_FIELDS);

/** Everything that stops these columns being saved; none when they are fine. Headings are compared
 *  trimmed and without case: 'Bib' and 'bib ' read as one column in an import. */
export function timingColumnProblems(columns: readonly { field: string; heading: string }[]): TimingColumnProblem[] {
  if (columns.length === 0) return [{ index: null, message: TIMING_COLUMN_MESSAGES.none }];
  const problems: TimingColumnProblem[] = [];
  if (columns.length > MAX_TIMING_COLUMNS) problems.push({ index: null, message: TIMING_COLUMN_MESSAGES.tooMany });
  const firstWith = new Map<string, number>();
  columns.forEach((column, index) => {
    const n = index + 1;
    const heading = column.heading.trim();
    if (!KNOWN_FIELDS.has(column.field)) problems.push({ index, message: TIMING_COLUMN_MESSAGES.unknownField(n) });
    if (heading === '') {
      problems.push({ index, message: TIMING_COLUMN_MESSAGES.noHeading(n) });
      return;
    }
    if (heading.length > MAX_TIMING_HEADING_LENGTH)
      problems.push({ index, message: TIMING_COLUMN_MESSAGES.longHeading(n) });
    const key = heading.toLowerCase();
    const first = firstWith.get(key);
    if (first === undefined) firstWith.set(key, index);
    else problems.push({ index, message: TIMING_COLUMN_MESSAGES.sameHeading(first + 1, n, heading) });
  });
  return problems;
}

/** The columns as they are saved: headings trimmed. */
export function tidyTimingColumns(columns: readonly TimingColumn[]): TimingColumn[] {
  return columns.map((column) => ({ field: column.field, heading: column.heading.trim() }));
}

/** Same fields and headings in the same order (headings compared as saved). */
export function sameTimingColumns(a: readonly TimingColumn[], b: readonly TimingColumn[]): boolean {
  return (
    a.length === b.length &&
    a.every((column, i) => column.field === b[i]!.field && column.heading.trim() === b[i]!.heading.trim())
  );
}
