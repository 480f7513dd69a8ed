// /results-rules (admins): an event's results rules (docs/decisions.md, 'Results from the timing
// system'): how each discipline is measured and a team scored, the points a team's place earns,
// how many of a race go on to the next level, the protest period, and each timing system's own
// headings in its results file. The defaults are shown until the event sets its own. Saved on this
// device and sent through the outbox (results-rules-writes.ts); the server publishes the event's
// results again by them.
import { useState } from 'react';
import { useSession } from '../../components/session-context';
import type { InterschoolsDb, RaceEventMirrorRow } from '../../db/database';
import { FILE_SYSTEMS } from '../../domain/constants/race-day';
import { RESULT_COLUMNS } from '../../domain/rules/results-file';
import { resultsRulesOf } from '../../domain/rules/results-rules';
import { RaceEventScreen } from './race-event-screen';
import { MeasuresTable } from './results-measures-table';
import {
  draftOf,
  storedOf,
  type DraftProblems,
  type QualifierField,
  type ResultsRulesDraft,
} from './results-rules-draft';
import { saveResultsRules } from './results-rules-writes';

const QUALIFIER_LABELS: Readonly<Record<QualifierField, string>> = {
  teams: 'Teams from each race',
  individuals: 'Individuals from each race',
  individualsSmallRace: 'Individuals from a small race',
  smallRaceStarters: 'A small race has fewer starters than',
};

const COLUMN_LABELS = { bib: 'Bib', run1: 'Run 1', run2: 'Run 2', score: 'Score', status: 'Status' } as const;

export default function ResultsRulesPage({ db }: { db: InterschoolsDb }) {
  return (
    <RaceEventScreen
      db={db}
      title="Results rules"
      className="results-rules"
      none="No event's start lists are shown yet. Show an event's start lists to set its results rules."
    >
      {(event) => <EventRules db={db} event={event} />}
    </RaceEventScreen>
  );
}

function EventRules({ db, event }: { db: InterschoolsDb; event: RaceEventMirrorRow }) {
  const { user } = useSession();
  const disciplines = event.disciplines.filter((d) => d.active);
  const fresh = () =>
    draftOf(
      resultsRulesOf(event.resultsRules),
      disciplines.map((d) => d.DisciplineId),
    );
  const [draft, setDraft] = useState<ResultsRulesDraft>(fresh);
  const [problems, setProblems] = useState<DraftProblems>({});
  const [saved, setSaved] = useState(false);
  const change = (next: ResultsRulesDraft) => {
    setDraft(next);
    setSaved(false);
  };

  async function save() {
    const read = storedOf(draft);
    setProblems(read.ok ? {} : read.problems);
    if (!read.ok) return;
    await saveResultsRules(db, event, read.rules, user?.username ?? null);
    setSaved(true);
  }

  const field = (id: string, label: string, value: string, set: (typed: string) => void, hint?: string) => (
    <label className="field" key={id}>
      {label}
      <input
        value={value}
        inputMode={id === 'points' ? 'text' : 'numeric'}
        aria-invalid={problems[id] ? true : undefined}
        onChange={(e) => set(e.target.value)}
        placeholder={hint}
      />
      {problems[id] && <span className="field-error">{problems[id]}</span>}
    </label>
  );

  return (
    <form
      className="results-rules-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <fieldset>
        <legend>Points and the protest period</legend>
        {field('points', 'Points of 1st, 2nd, 3rd… place', draft.points, (points) => change({ ...draft, points }))}
        {field('protestMinutes', 'Protest period (minutes after the last result)', draft.protestMinutes, (typed) =>
          change({ ...draft, protestMinutes: typed }),
        )}
      </fieldset>
      <fieldset>
        <legend>Qualifiers for the next level</legend>
        {(Object.keys(QUALIFIER_LABELS) as QualifierField[]).map((q) =>
          field(`qualifiers.${q}`, QUALIFIER_LABELS[q], draft.qualifiers[q], (typed) =>
            change({ ...draft, qualifiers: { ...draft.qualifiers, [q]: typed } }),
          ),
        )}
      </fieldset>
      <MeasuresTable
        disciplines={disciplines}
        measures={draft.measures}
        problems={problems}
        onChange={(measures) => change({ ...draft, measures })}
      />
      {FILE_SYSTEMS.map((system) => (
        <fieldset key={system}>
          <legend>{system} timing: its results file's headings</legend>
          <p className="muted">Leave a heading empty to read the usual one.</p>
          {RESULT_COLUMNS.map((column) =>
            field(
              `columns.${system}.${column}`,
              COLUMN_LABELS[column],
              draft.columns[system][column] ?? '',
              (heading) =>
                change({
                  ...draft,
                  columns: { ...draft.columns, [system]: { ...draft.columns[system], [column]: heading } },
                }),
              COLUMN_LABELS[column],
            ),
          )}
        </fieldset>
      ))}
      <p className="race-actions">
        <button type="submit" className="button button-primary">
          Save the rules
        </button>
        <button
          type="button"
          className="button"
          onClick={() =>
            change(
              draftOf(
                resultsRulesOf(null),
                disciplines.map((d) => d.DisciplineId),
              ),
            )
          }
        >
          Put back the defaults
        </button>
      </p>
      {saved && (
        <p role="status">{event._pending ? 'Saved on this device: waiting to be sent to the server.' : 'Saved.'}</p>
      )}
      {Object.keys(problems).length > 0 && (
        <p role="alert" className="form-error">
          Some rules cannot be saved: see the fields marked.
        </p>
      )}
    </form>
  );
}
