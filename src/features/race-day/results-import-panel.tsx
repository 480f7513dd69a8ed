// Importing a race's results file (administrators, online): the file is uploaded with a progress
// bar and read by the server, every row shown with its racer or why it is not imported, before
// anything is written; Import writes the rows with a racer as the race's results (a corrected file
// replaces what an earlier one brought), and this device pulls them at once.
import { useId, useState } from 'react';
import { sendRaceResults, type ResultsRace } from '../../api/race-results';
import { OFFLINE_MESSAGE } from '../../api/call';
import { SHEET_FILE_TYPES } from '../../components/read-sheet-file';
import { saveFile } from '../../components/save-file';
import { useServices } from '../../components/services-context';
import { useSyncStatus } from '../../components/use-sync-status';
import type { FileSystem } from '../../domain/constants/race-day';
import type { DisciplineMeasure } from '../../domain/constants/results';
import { formatResult } from '../../domain/rules/result-times';
import type { ResultsImportAnswer } from '../../domain/schemas/api/race-results';
import { timingCsvBlob } from './timing-download';

type Stage =
  | { kind: 'idle' }
  | { kind: 'sending'; name: string; sent: number; confirm: boolean }
  | { kind: 'read'; file: File; answer: ResultsImportAnswer }
  | { kind: 'done'; written: number; name: string }
  | { kind: 'failed'; message: string };

export function ResultsImportPanel({
  race,
  measure,
  template,
  mappedSystems,
}: {
  race: ResultsRace;
  /** Timing systems whose own headings the event has mapped; none: the usual headings only. */
  mappedSystems: readonly FileSystem[];
  measure: DisciplineMeasure;
  /** The race's file to fill in, its racers by bib (results-sheets.ts). */
  template: { name: string; table: string[][] };
}) {
  const { engine } = useServices();
  const { online } = useSyncStatus();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [system, setSystem] = useState<FileSystem | ''>('');
  const systemId = useId();

  async function send(file: File, confirm: boolean) {
    setStage({ kind: 'sending', name: file.name, sent: 0, confirm });
    const answer = await sendRaceResults(file, { ...race, system: system || undefined }, confirm, (sent) =>
      setStage({ kind: 'sending', name: file.name, sent, confirm }),
    );
    if (!answer.ok) return setStage({ kind: 'failed', message: answer.message });
    if (!confirm) return setStage({ kind: 'read', file, answer: answer.data });
    await engine.pull().catch(() => undefined);
    setStage({ kind: 'done', written: answer.data.written, name: file.name });
  }

  return (
    <section className="results-import no-print" aria-labelledby="results-import-title">
      <h3 id="results-import-title">Import the timing system's results file</h3>
      <p>
        A .csv or .xlsx file with the columns Bib, Run 1 and Run 2 (or Time), Score and Status; the template lists this
        race's bibs. A corrected file replaces the results an earlier file brought for this race.
      </p>
      {mappedSystems.length > 0 && (
        <p className="form-row">
          <label htmlFor={systemId}>The file's headings</label>
          <select
            id={systemId}
            value={system}
            onChange={(e) => setSystem(e.target.value as FileSystem | '')}
            disabled={stage.kind === 'sending'}
          >
            <option value="">The usual headings</option>
            {mappedSystems.map((s) => (
              <option key={s} value={s}>
                {s} timing, as this event maps them
              </option>
            ))}
          </select>
        </p>
      )}
      <button type="button" className="button" onClick={() => saveFile(timingCsvBlob(template.table), template.name)}>
        Download a template
      </button>{' '}
      <label className="button">
        Choose the results file
        <input
          type="file"
          className="visually-hidden"
          accept={SHEET_FILE_TYPES}
          disabled={!online || stage.kind === 'sending'}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void send(file, false);
          }}
        />
      </label>
      {!online && <p className="race-notice">{OFFLINE_MESSAGE}</p>}
      {stage.kind === 'sending' && (
        <div className="upload-progress" role="status">
          <span>
            {stage.confirm ? 'Importing' : 'Reading'} {stage.name}: {Math.round(stage.sent * 100)}%
          </span>
          <progress aria-label={`Sending ${stage.name}`} max={1} value={stage.sent} />
        </div>
      )}
      {stage.kind === 'failed' && (
        <p className="race-error" role="alert">
          {stage.message}
        </p>
      )}
      {stage.kind === 'done' && (
        <p className="race-notice" role="status">
          {stage.written === 1 ? '1 result' : `${stage.written} results`} imported from {stage.name}.
        </p>
      )}
      {stage.kind === 'read' && (
        <ReadRows
          answer={stage.answer}
          measure={measure}
          name={stage.file.name}
          online={online}
          onImport={() => void send(stage.file, true)}
          onCancel={() => setStage({ kind: 'idle' })}
        />
      )}
    </section>
  );
}

function ReadRows({
  answer,
  measure,
  name,
  online,
  onImport,
  onCancel,
}: {
  answer: ResultsImportAnswer;
  measure: DisciplineMeasure;
  name: string;
  online: boolean;
  onImport(): void;
  onCancel(): void;
}) {
  if (answer.problems.length > 0)
    return (
      <div role="alert">
        <p>{name} cannot be read:</p>
        <ul>
          {answer.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </div>
    );
  const left = answer.rows.length - answer.matched;
  const value = (v: number | null) => (v === null ? '' : formatResult(measure.kind === 'score' ? v / 100 : v, measure));
  return (
    <div className="results-read">
      <p role="status">
        {name}: {answer.rows.length} rows read, {answer.matched} to import
        {left > 0 ? `, ${left} not imported (see why below)` : ''}.
      </p>
      <div className="table-scroll">
        <table className="race-table">
          <caption className="visually-hidden">The rows of {name}</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Row
              </th>
              <th scope="col" className="num">
                Bib
              </th>
              <th scope="col">Racer</th>
              <th scope="col">{measure.kind === 'score' ? 'Score' : 'Run 1'}</th>
              {measure.kind === 'time' && measure.runs > 1 && <th scope="col">Run 2</th>}
              <th scope="col">Status</th>
              <th scope="col">Not imported because</th>
            </tr>
          </thead>
          <tbody>
            {answer.rows.map((row) => (
              <tr key={row.line} className={row.racer ? undefined : 'results-row-left'}>
                <td className="num">{row.line}</td>
                <td className="num">{row.bib ?? ''}</td>
                <td>{row.racer ? `${row.racer.name}, ${row.racer.schoolName}` : ''}</td>
                <td>{value(measure.kind === 'score' ? row.score : row.run1)}</td>
                {measure.kind === 'time' && measure.runs > 1 && <td>{value(row.run2)}</td>}
                <td>{row.status ?? ''}</td>
                <td>{row.problems.join(' ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="race-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!online || answer.matched === 0}
          onClick={onImport}
        >
          Import {answer.matched === 1 ? '1 result' : `${answer.matched} results`}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </div>
  );
}
