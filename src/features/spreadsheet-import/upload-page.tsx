// /upload: a school's students from a spreadsheet. The coordinator chooses an .xlsx or .csv file
// (a template is offered); it uploads with a progress bar and the server reads it into rows, each
// with its problems (unknown snow id, bad date, missing name, twice in the file); the valid rows
// are imported on confirmation, each found again by snow id (else name and date of birth), so the
// same file imported twice adds nobody. Needs the network, and says so.
import Papa from 'papaparse';
import { useId, useRef, useState } from 'react';
import { OFFLINE_MESSAGE } from '../../api/call';
import { confirmImport, uploadSpreadsheet, type ImportResult } from '../../api/spreadsheet-import';
import { PageMain } from '../../components/page-main';
import { CSV_TYPE, saveFile } from '../../components/save-file';
import { useServices } from '../../components/services-context';
import { useSyncStatus } from '../../components/use-sync-status';
import { TableScroll } from '../../components/table-scroll';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../domain/constants/limits';
import { IMPORT_COLUMNS } from '../../domain/rules/spreadsheet-import';
import type { ImportRow, XlsImportAnswer } from '../../domain/schemas/api/participants';
import './upload.css';

const IMPORTED = 'Imported successfully';
const WRONG_TYPE = 'Choose an .xlsx, .csv or .txt file (Excel: File > Save As > Excel Workbook, CSV or Unicode Text).';
const TOO_BIG = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB: split it and import each part.`;

type Stage =
  | { kind: 'choose'; message: string | null }
  | { kind: 'uploading'; name: string; sent: number }
  | { kind: 'review'; name: string; answer: XlsImportAnswer; onlyProblems: boolean; error?: string }
  | { kind: 'importing'; name: string; answer: XlsImportAnswer }
  | { kind: 'done'; result: ImportResult };

/** The template: the headings and one example row. */
function downloadTemplate() {
  const csv = Papa.unparse([[...IMPORT_COLUMNS], ['412345', 'Alex', 'Citizen', 'Female', '14/03/2012', '8', '']], {
    newline: '\r\n',
  });
  saveFile(new Blob([`\uFEFF${csv}`], { type: CSV_TYPE }), 'participants-template.csv');
}

const isSpreadsheet = (file: File) => /\.(xlsx|csv|txt|tsv)$/i.test(file.name);

export default function UploadPage() {
  const { engine } = useServices();
  const { online } = useSyncStatus();
  const [stage, setStage] = useState<Stage>({ kind: 'choose', message: null });
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!isSpreadsheet(file)) return setStage({ kind: 'choose', message: WRONG_TYPE });
    if (file.size > MAX_IMPORT_BYTES) return setStage({ kind: 'choose', message: TOO_BIG });
    if (file.size === 0) return setStage({ kind: 'choose', message: 'The file is empty.' });
    setStage({ kind: 'uploading', name: file.name, sent: 0 });
    const result = await uploadSpreadsheet(file, (sent) => setStage({ kind: 'uploading', name: file.name, sent }));
    if (input.current) input.current.value = '';
    setStage(
      result.ok
        ? { kind: 'review', name: file.name, answer: result.data, onlyProblems: false }
        : { kind: 'choose', message: result.message },
    );
  };

  const importValid = async (name: string, answer: XlsImportAnswer) => {
    const rows = answer.rows.filter((r) => r.problems.length === 0).map((r) => r.values as ImportRow);
    setStage({ kind: 'importing', name, answer });
    const result = await confirmImport(rows);
    if (!result.ok) return setStage({ kind: 'review', name, answer, onlyProblems: false, error: result.message });
    // The participants list reads the mirror: bring the imported rows down now.
    await engine.pull().catch(() => undefined);
    setStage({ kind: 'done', result: result.data });
  };

  const busy = stage.kind === 'uploading' || stage.kind === 'importing';
  return (
    <PageMain className="page upload-page">
      <h1>Import participants from a spreadsheet</h1>
      <p>
        An .xlsx, .csv or .txt file of up to {MAX_IMPORT_BYTES / 1024 / 1024} MB and{' '}
        {MAX_IMPORT_ROWS.toLocaleString('en-AU')} rows. The first row holds the headings: {IMPORT_COLUMNS.join(', ')}.
        Gender, year level and both names are needed; a snow id is checked with the athlete registry. Students already
        on your list are updated, never added twice.
      </p>
      <p>
        <button type="button" className="button" onClick={downloadTemplate}>
          Download the template
        </button>
      </p>

      <div className="upload-choose">
        <label htmlFor={inputId} className="field-label">
          Spreadsheet file
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".xlsx,.csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={!online || busy}
          aria-describedby={!online ? `${inputId}-offline` : undefined}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        {!online && (
          <p id={`${inputId}-offline`} className="upload-notice">
            {OFFLINE_MESSAGE}
          </p>
        )}
      </div>

      {stage.kind === 'choose' && stage.message && (
        <p className="upload-error" role="alert">
          {stage.message}
        </p>
      )}
      {stage.kind === 'uploading' && (
        <Progress
          label={stage.sent < 1 ? `Uploading ${stage.name}` : `Reading ${stage.name}`}
          value={stage.sent < 1 ? stage.sent : null}
        />
      )}
      {stage.kind === 'importing' && <Progress label={`Importing from ${stage.name}`} value={null} />}
      {stage.kind === 'done' && (
        <div className="upload-done" role="status">
          <p>
            <strong>{IMPORTED}</strong>
          </p>
          <p>
            {stage.result.created} added, {stage.result.updated} updated. They are on the participants list.
          </p>
        </div>
      )}
      {stage.kind === 'review' && (
        <Review
          stage={stage}
          online={online}
          onFilter={(onlyProblems) => setStage({ ...stage, onlyProblems })}
          onImport={() => void importValid(stage.name, stage.answer)}
        />
      )}
    </PageMain>
  );
}

function Progress({ label, value }: { label: string; value: number | null }) {
  return (
    <div className="upload-progress" role="status">
      <span>
        {label}
        {value === null ? '…' : ` ${Math.round(value * 100)}%`}
      </span>
      {/* Without a value the bar is indeterminate: the server is reading the file. */}
      <progress aria-label={label} max={1} value={value ?? undefined} />
    </div>
  );
}

function Review({
  stage,
  online,
  onFilter,
  onImport,
}: {
  stage: Extract<Stage, { kind: 'review' }>;
  online: boolean;
  onFilter: (onlyProblems: boolean) => void;
  onImport: () => void;
}) {
  const { answer } = stage;
  const problems = answer.total - answer.valid;
  const updates = answer.rows.filter((r) => r.problems.length === 0 && r.existing).length;
  const shown = stage.onlyProblems ? answer.rows.filter((r) => r.problems.length > 0) : answer.rows;
  return (
    <section aria-labelledby="review-title" className="upload-review">
      <h2 id="review-title">
        {stage.name}: {answer.total} {answer.total === 1 ? 'row' : 'rows'}
      </h2>
      <p>
        {answer.valid} ready to import{updates ? ` (${updates} already on your list: they are updated)` : ''}
        {problems
          ? `; ${problems} with problems are left out. Fix them in the spreadsheet and import it again if you need them.`
          : '.'}
      </p>
      {stage.error && (
        <p className="upload-error" role="alert">
          {stage.error}
        </p>
      )}
      <div className="upload-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!online || answer.valid === 0}
          onClick={onImport}
        >
          Import {answer.valid} {answer.valid === 1 ? 'participant' : 'participants'}
        </button>
        {problems > 0 && (
          <label className="check">
            <input type="checkbox" checked={stage.onlyProblems} onChange={(e) => onFilter(e.target.checked)} /> Show
            only rows with problems
          </label>
        )}
      </div>
      <div className="upload-table-wrap">
        <TableScroll>
          <table className="upload-table">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Snow ID</th>
                <th scope="col">Given name</th>
                <th scope="col">Surname</th>
                <th scope="col">Gender</th>
                <th scope="col">Date of birth</th>
                <th scope="col">Year</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr key={r.row} className={r.problems.length ? 'has-problems' : undefined}>
                  <td>{r.row}</td>
                  <td>{r.values.snowId ?? ''}</td>
                  <td>{r.values.firstname}</td>
                  <td>{r.values.lastname}</td>
                  <td>{r.values.gender}</td>
                  <td>{r.values.dob ? r.values.dob.split('-').reverse().join('/') : ''}</td>
                  <td>{r.values.yearLevel}</td>
                  <td>
                    {r.problems.length ? (
                      <ul className="upload-problems">
                        {r.problems.map((p) => (
                          <li key={p}>{p}</li>
                        ))}
                      </ul>
                    ) : r.existing ? (
                      'Updates your list'
                    ) : (
                      'New'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </div>
    </section>
  );
}
