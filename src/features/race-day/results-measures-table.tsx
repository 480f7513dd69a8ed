// How each discipline of an event is measured and a team scored, as the results rules screen edits
// it: one row a discipline (src/domain/constants/results.ts says what each choice means).
import type { DisciplineMeasure } from '../../domain/constants/results';
import type { DraftProblems } from './results-rules-draft';

const CHOICES = {
  kind: { time: 'Time, lower is better', score: 'Judged score, higher is better' },
  individual: { sum: 'Sum of the runs', best: 'Best run' },
  team: { eachRun: 'Best values of each run', results: 'Best racers’ results' },
} as const;

export function MeasuresTable({
  disciplines,
  measures,
  problems,
  onChange,
}: {
  disciplines: readonly { DisciplineId: number; name: string }[];
  measures: Readonly<Record<number, DisciplineMeasure>>;
  problems: DraftProblems;
  onChange(measures: Record<number, DisciplineMeasure>): void;
}) {
  const set = (id: number, part: Partial<DisciplineMeasure>) =>
    onChange({ ...measures, [id]: { ...measures[id]!, ...part } });
  const select = <K extends 'kind' | 'individual' | 'team'>(id: number, name: string, key: K, m: DisciplineMeasure) => (
    <select
      aria-label={`${name}: ${key === 'kind' ? 'measure' : key === 'individual' ? 'racer’s result' : 'team score'}`}
      value={m[key]}
      onChange={(e) => set(id, { [key]: e.target.value } as Partial<DisciplineMeasure>)}
    >
      {Object.entries(CHOICES[key]).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
  return (
    <fieldset>
      <legend>Each discipline’s measure and team score</legend>
      <div className="table-scroll">
        <table className="race-table">
          <thead>
            <tr>
              <th scope="col">Discipline</th>
              <th scope="col">Measure</th>
              <th scope="col">Runs</th>
              <th scope="col">Racer’s result</th>
              <th scope="col">Team score</th>
              <th scope="col">Counted</th>
            </tr>
          </thead>
          <tbody>
            {disciplines.map(({ DisciplineId: id, name }) => {
              const m = measures[id];
              if (!m) return null;
              const countedProblem = problems[`measures.${id}.counted`];
              return (
                <tr key={id}>
                  <th scope="row">{name}</th>
                  <td>{select(id, name, 'kind', m)}</td>
                  <td>
                    <select
                      aria-label={`${name}: runs`}
                      value={m.runs}
                      onChange={(e) => set(id, { runs: Number(e.target.value) })}
                    >
                      <option value={1}>1</option>
                      <option value={2}>2</option>
                    </select>
                  </td>
                  <td>{select(id, name, 'individual', m)}</td>
                  <td>{select(id, name, 'team', m)}</td>
                  <td>
                    <input
                      aria-label={`${name}: counted`}
                      inputMode="numeric"
                      size={3}
                      value={Number.isNaN(m.counted) ? '' : String(m.counted)}
                      aria-invalid={countedProblem ? true : undefined}
                      onChange={(e) =>
                        set(id, { counted: /^\d{1,2}$/.test(e.target.value) ? Number(e.target.value) : NaN })
                      }
                    />
                    {countedProblem && <span className="field-error">{countedProblem}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
