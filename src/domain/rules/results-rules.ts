// An event's results rules (docs/decisions.md, 'Results from the timing system'): the defaults,
// with whatever the event set of its own in their place. Every results rule takes these as data,
// so the server's import and publishing and a device's screens rank, score and qualify one way.
import type { FileSystem } from '../constants/race-day';
import {
  DEFAULT_DISCIPLINE_MEASURES,
  DEFAULT_POINTSCORE_SETTINGS,
  DEFAULT_PROTEST_MINUTES,
  DEFAULT_QUALIFIER_SETTINGS,
  type DisciplineMeasure,
  type DisciplineMeasures,
  type PointscoreSettings,
  type QualifierSettings,
} from '../constants/results';
import type { z } from 'zod';
import type { resultsRulesSchema } from '../schemas/api/results-rules';
import type { ResultColumnMapping } from './results-file';

/** What an event stores of its own (schemas/api/results-rules.ts); anything left out is the
 *  default. A measure is keyed by its discipline's id as text, the way JSON keys are. */
export type StoredResultsRules = z.infer<typeof resultsRulesSchema>;

export interface ResultsRules {
  measures: DisciplineMeasures;
  pointscore: PointscoreSettings;
  qualifiers: QualifierSettings;
  protestMinutes: number;
  columns: Partial<Record<FileSystem, ResultColumnMapping>>;
}

const DEFAULT_RESULTS_RULES: ResultsRules = {
  measures: DEFAULT_DISCIPLINE_MEASURES,
  pointscore: DEFAULT_POINTSCORE_SETTINGS,
  qualifiers: DEFAULT_QUALIFIER_SETTINGS,
  protestMinutes: DEFAULT_PROTEST_MINUTES,
  columns: {},
};

/** The event's rules: its own where it set them, the defaults elsewhere. */
export function resultsRulesOf(stored: StoredResultsRules | null | undefined): ResultsRules {
  if (!stored) return DEFAULT_RESULTS_RULES;
  const measures: Record<number, DisciplineMeasure> = { ...DEFAULT_DISCIPLINE_MEASURES };
  for (const [id, measure] of Object.entries(stored.measures ?? {})) if (measure) measures[Number(id)] = measure;
  return {
    measures,
    pointscore: {
      ...DEFAULT_POINTSCORE_SETTINGS,
      pointsByPlace: stored.pointsByPlace ?? DEFAULT_POINTSCORE_SETTINGS.pointsByPlace,
    },
    qualifiers: stored.qualifiers ?? DEFAULT_QUALIFIER_SETTINGS,
    protestMinutes: stored.protestMinutes ?? DEFAULT_PROTEST_MINUTES,
    columns: stored.columns ?? {},
  };
}

/** The headings an event's results file from `system` is read by; none: the usual headings. */
export function resultColumnsOf(rules: ResultsRules, system: FileSystem | undefined): ResultColumnMapping {
  return (system && rules.columns[system]) || {};
}

export const RESULTS_RULES_MESSAGES = {
  pointsNotNumbers: (typed: string) =>
    `'${typed}' is not a list of points. Write the points of 1st, 2nd, 3rd… place as whole numbers, such as 10, 9, 8.`,
  pointsRise: 'Points cannot rise with a lower place: write the 1st place’s points first.',
  smallRaceMore: 'A small race cannot send more individuals than a full one.',
} as const;

/** Points typed as a list ('10, 9, 8' or '10 9 8'): the numbers, or why they cannot be. */
export function readPointsList(typed: string): { ok: true; points: number[] } | { ok: false; message: string } {
  const parts = typed
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (!parts.length || parts.some((part) => !/^\d{1,4}$/.test(part)))
    return { ok: false, message: RESULTS_RULES_MESSAGES.pointsNotNumbers(typed) };
  const points = parts.map(Number);
  if (points.some((value, i) => i > 0 && value > points[i - 1]!))
    return { ok: false, message: RESULTS_RULES_MESSAGES.pointsRise };
  return { ok: true, points };
}
