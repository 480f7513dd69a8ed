// The column editor's edits as pure steps over a list of columns (add, remove, move, change what a
// column holds), and how many edits a draft holds for the status bar. The rules of what may be
// saved are the domain's (rules/timing-columns.ts), shared with the server.
import {
  TIMING_FIELDS,
  TIMING_FIELD_LABELS,
  type TimingColumn,
  type TimingField,
} from '../../domain/constants/timing-files';
import { sameTimingColumns } from '../../domain/rules/timing-columns';

/** A new column's heading: the field's words without their explanation ('Full name'). */
export function defaultHeading(field: TimingField): string {
  return TIMING_FIELD_LABELS[field].split(' (')[0]!;
}

/** A column for the first field the file does not hold yet (else the bib again). */
export function addColumn(columns: readonly TimingColumn[]): TimingColumn[] {
  const used = new Set(columns.map((c) => c.field));
  const field = TIMING_FIELDS.find((f) => !used.has(f)) ?? 'bib';
  return [...columns, { field, heading: defaultHeading(field) }];
}

export function removeColumn(columns: readonly TimingColumn[], index: number): TimingColumn[] {
  return columns.filter((_, i) => i !== index);
}

/** The column at `index` one place earlier (-1) or later (+1); unchanged at either end. */
export function moveColumn(columns: readonly TimingColumn[], index: number, by: -1 | 1): TimingColumn[] {
  const to = index + by;
  if (to < 0 || to >= columns.length) return [...columns];
  const next = [...columns];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** Another field in the column; a heading still the old field's own follows the new field. */
export function changeField(columns: readonly TimingColumn[], index: number, field: TimingField): TimingColumn[] {
  return columns.map((c, i) => {
    if (i !== index) return c;
    const keptHeading = c.heading.trim() !== defaultHeading(c.field);
    return { field, heading: keptHeading ? c.heading : defaultHeading(field) };
  });
}

export function changeHeading(columns: readonly TimingColumn[], index: number, heading: string): TimingColumn[] {
  return columns.map((c, i) => (i === index ? { ...c, heading } : c));
}

/** Edits a draft holds against the saved columns: columns that differ by place, and columns added
 *  or removed; 0 when it would save nothing new. */
export function draftEditCount(draft: readonly TimingColumn[] | null, saved: readonly TimingColumn[]): number {
  if (draft === null || sameTimingColumns(draft, saved)) return 0;
  const differing = draft.filter((c, i) => !saved[i] || !sameTimingColumns([c], [saved[i]!])).length;
  return Math.max(1, differing + Math.max(0, saved.length - draft.length));
}
