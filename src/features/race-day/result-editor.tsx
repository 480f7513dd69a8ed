// A racer's result typed or corrected on a tablet (docs/decisions.md, 'Results from the timing
// system'): each run's time (or the judged score) as people write it, or a status; checked on the
// device with the import's own rules, then saved through the outbox (result-writes.ts), offline
// too. Leaving every box empty with no status clears the result.
import { useState } from 'react';
import { RESULT_STATUSES, type DisciplineMeasure, type ResultStatus } from '../../domain/constants/results';
import { formatResult, parseScore, parseTime } from '../../domain/rules/result-times';
import type { ResultRecord } from '../../domain/rules/recorded-results';

interface Props {
  name: string;
  measure: DisciplineMeasure;
  record: ResultRecord;
  onSave(record: ResultRecord): void;
  onCancel(): void;
}

const shown = (value: number | null, measure: DisciplineMeasure) =>
  value === null ? '' : formatResult(measure.kind === 'score' ? value / 100 : value, measure);

export function ResultEditor({ name, measure, record, onSave, onCancel }: Props) {
  const [run1, setRun1] = useState(shown(measure.kind === 'score' ? record.score : record.run1, measure));
  const [run2, setRun2] = useState(shown(record.run2, measure));
  const [status, setStatus] = useState<ResultStatus | ''>(record.status ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const twoRuns = measure.kind === 'time' && measure.runs > 1;

  function save() {
    const read = (text: string, label: string): number | null | string => {
      if (!text.trim()) return null;
      if (measure.kind === 'score') {
        const score = parseScore(text);
        return score.ok ? Math.round(score.value * 100) : `${label}: ${score.message}`;
      }
      const time = parseTime(text);
      return time.ok ? time.value : `${label}: ${time.message}`;
    };
    const first = read(run1, measure.kind === 'score' ? 'Score' : 'Run 1');
    const second = twoRuns ? read(run2, 'Run 2') : null;
    const wrong = [first, second].find((v): v is string => typeof v === 'string');
    if (wrong) return setProblem(wrong);
    setProblem(null);
    const value = (v: number | string | null) => (typeof v === 'number' ? v : null);
    onSave({
      teamEntryId: record.teamEntryId,
      run1: measure.kind === 'score' ? null : value(first),
      run2: measure.kind === 'score' ? null : value(second),
      score: measure.kind === 'score' ? value(first) : null,
      status: status || null,
    });
  }

  return (
    <form
      className="result-editor"
      aria-label={`Result of ${name}`}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <label className="field">
        {measure.kind === 'score' ? 'Score' : 'Run 1'}
        <input value={run1} inputMode="decimal" onChange={(e) => setRun1(e.target.value)} />
      </label>
      {twoRuns && (
        <label className="field">
          Run 2
          <input value={run2} inputMode="decimal" onChange={(e) => setRun2(e.target.value)} />
        </label>
      )}
      <label className="field">
        Status
        <select value={status} onChange={(e) => setStatus(e.target.value as ResultStatus | '')}>
          <option value="">None</option>
          {RESULT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button-save">
        Save
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
      {problem && (
        <p className="race-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
