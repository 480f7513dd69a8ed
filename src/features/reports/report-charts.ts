// The numbers the report charts draw, computed from the report rows apart from any chart library
// (so they are tested as plain functions), each with the sentence that is the chart's text
// alternative.
import type { BarChartProps } from './report-chart';

/** Totals per label, in first-seen order unless sorted by the caller. */
function totals<R>(rows: readonly R[], label: (row: R) => string, amount: (row: R) => number): Map<string, number> {
  const map = new Map<string, number>();
  for (const row of rows) map.set(label(row), (map.get(label(row)) ?? 0) + amount(row));
  return map;
}

function listed(entries: readonly (readonly [string, number])[]): string {
  return entries.map(([label, value]) => `${label} ${value}`).join(', ');
}

/** One bar per label, largest first. */
function barsOf<R>(
  rows: readonly R[],
  label: (row: R) => string,
  amount: (row: R) => number,
  what: string,
  series: string,
): BarChartProps {
  const entries = [...totals(rows, label, amount)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return {
    labels: entries.map(([l]) => l),
    series: [{ label: series, data: entries.map(([, v]) => v) }],
    summary: entries.length ? `Bar chart of ${what}: ${listed(entries)}.` : `No ${what}.`,
  };
}

/** Race entries by discipline: one race-entries row is one racer in a team. */
export function entriesByDiscipline(rows: readonly { disciplineName: string }[]): BarChartProps {
  return barsOf(
    rows,
    (r) => r.disciplineName,
    () => 1,
    'race entries by discipline',
    'Race entries',
  );
}

/** Schools by type (the counts of every category and sector of a type added up). */
export function schoolsByType(rows: readonly { schoolType: string; count: number }[]): BarChartProps {
  return barsOf(
    rows,
    (r) => r.schoolType || 'Not given',
    (r) => r.count,
    'schools by type',
    'Schools',
  );
}

/** Race entries per school: one bar per school (keyed by its id, so two schools of one name stay
 *  two bars), labelled with its name, most entries first; drawn sideways for the names. */
export function entriesPerSchool(
  rows: readonly { SchoolId: string; schoolName: string; count: number }[],
): BarChartProps {
  const bySchool = new Map<string, { name: string; count: number }>();
  for (const row of rows) {
    const school = bySchool.get(row.SchoolId);
    if (school) school.count += row.count;
    else bySchool.set(row.SchoolId, { name: row.schoolName, count: row.count });
  }
  const entries = [...bySchool.values()]
    .map((school) => [school.name, school.count] as const)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return {
    labels: entries.map(([name]) => name),
    series: [{ label: 'Race entries', data: entries.map(([, n]) => n) }],
    summary: entries.length ? `Bar chart of race entries per school: ${listed(entries)}.` : 'No race entries.',
    horizontal: true,
  };
}

/** A season against past seasons: the race entries of every school added up per event, in the
 *  order of the events given (oldest first reads left to right). */
export function entriesPerSeason(
  rows: readonly { pastTotals: Readonly<Record<string, number>> }[],
  events: readonly { id: string; label: string }[],
): BarChartProps {
  const entries = events.map((e) => [e.label, rows.reduce((sum, r) => sum + (r.pastTotals[e.id] ?? 0), 0)] as const);
  return {
    labels: entries.map(([l]) => l),
    series: [{ label: 'Race entries', data: entries.map(([, v]) => v) }],
    summary: entries.length ? `Bar chart of race entries per event: ${listed(entries)}.` : 'No events.',
  };
}

/** This event against the previous one: the entries of every school added up. */
export function currentAgainstPrevious(
  rows: readonly { currentEntries: number; previousEntries: number }[],
): BarChartProps {
  const previous = rows.reduce((sum, r) => sum + r.previousEntries, 0);
  const current = rows.reduce((sum, r) => sum + r.currentEntries, 0);
  return {
    labels: ['Previous event', 'This event'],
    series: [{ label: 'Primary race entries', data: [previous, current] }],
    summary: `Bar chart of primary race entries: previous event ${previous}, this event ${current}.`,
  };
}
