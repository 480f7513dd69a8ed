// The results rules screen's form as text (what the fields hold while typed) and back: the event's
// rules shown in full, defaults included, and read back into what the event stores, with the same
// words the server refuses a bad save with (schemas/api/results-rules.ts).
import { FILE_SYSTEMS, type FileSystem } from '../../domain/constants/race-day';
import type { DisciplineMeasure, QualifierSettings } from '../../domain/constants/results';
import { RESULT_COLUMNS, type ResultColumnMapping } from '../../domain/rules/results-file';
import { readPointsList, type ResultsRules, type StoredResultsRules } from '../../domain/rules/results-rules';
import { resultsRulesSchema } from '../../domain/schemas/api/results-rules';

export type QualifierField = keyof QualifierSettings;

export interface ResultsRulesDraft {
  points: string;
  qualifiers: Record<QualifierField, string>;
  protestMinutes: string;
  columns: Record<FileSystem, ResultColumnMapping>;
  measures: Record<number, DisciplineMeasure>;
}

export function draftOf(rules: ResultsRules, disciplineIds: readonly number[]): ResultsRulesDraft {
  const q = rules.qualifiers;
  return {
    points: rules.pointscore.pointsByPlace.join(', '),
    qualifiers: {
      teams: String(q.teams),
      individuals: String(q.individuals),
      individualsSmallRace: String(q.individualsSmallRace),
      smallRaceStarters: String(q.smallRaceStarters),
    },
    protestMinutes: String(rules.protestMinutes),
    columns: Object.fromEntries(FILE_SYSTEMS.map((s) => [s, { ...rules.columns[s] }])) as Record<
      FileSystem,
      ResultColumnMapping
    >,
    measures: Object.fromEntries(
      disciplineIds.flatMap((id) => (rules.measures[id] ? [[id, rules.measures[id]]] : [])),
    ) as Record<number, DisciplineMeasure>,
  };
}

const NUMBER_PROBLEM = 'Write a whole number, 0 or more.';

export type DraftProblems = Partial<Record<string, string>>;

const wholeNumber = (typed: string) => (/^\d{1,5}$/.test(typed.trim()) ? Number(typed.trim()) : NaN);

/** What the event stores from the form, or each field's problem keyed by the field. */
export function storedOf(
  draft: ResultsRulesDraft,
): { ok: true; rules: StoredResultsRules } | { ok: false; problems: DraftProblems } {
  const problems: DraftProblems = {};
  const points = readPointsList(draft.points);
  if (!points.ok) problems.points = points.message;
  const columns: Partial<Record<FileSystem, ResultColumnMapping>> = {};
  for (const system of FILE_SYSTEMS) {
    const mapped = Object.fromEntries(
      RESULT_COLUMNS.flatMap((c) => {
        const heading = (draft.columns[system][c] ?? '').trim();
        return heading ? [[c, heading]] : [];
      }),
    );
    if (Object.keys(mapped).length) columns[system] = mapped;
  }
  const candidate = {
    measures: Object.fromEntries(Object.entries(draft.measures).map(([id, m]) => [id, m])),
    pointsByPlace: points.ok ? points.points : [0],
    qualifiers: Object.fromEntries(
      Object.entries(draft.qualifiers).map(([field, typed]) => [field, wholeNumber(typed)]),
    ) as unknown as QualifierSettings,
    protestMinutes: wholeNumber(draft.protestMinutes),
    columns,
  };
  const parsed = resultsRulesSchema.safeParse(candidate);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const path = issue.path.filter((p) => typeof p === 'string' || typeof p === 'number').join('.');
      const field = path.startsWith('pointsByPlace') ? 'points' : path;
      problems[field] ??=
        issue.code === 'invalid_type' || issue.code === 'too_small'
          ? NUMBER_PROBLEM
          : issue.code === 'too_big'
            ? `Write a whole number up to ${String(issue.maximum)}.`
            : issue.message;
    }
  if (Object.keys(problems).length) return { ok: false, problems };
  return { ok: true, rules: parsed.data! };
}
