// #/results (RES-01..08): the race results and the overall results of one event, each linking its
// published file (a PDF or a web page) and listing its placings. The event is one of those shown
// for results (RES-08; their results reach every device through the change feed), the session's
// by default; an admin may also open its own event before it is shown. Read from the mirror and saved like the grids
// (docs/decisions.md 'Offline, screen by screen'): the admin's additions, edits and removals go
// into the mirror and the outbox at once (PUT /api/results), so they work offline and sync; only
// uploading a file needs the network. Everyone else reads.
// Split along its seams: the state and Save in use-results-editor.ts and results-save.ts, a table
// in result-table.tsx.
import { v7 as uuidv7 } from 'uuid';
import '../../components/admin-list.css';
import { SelectField } from '../../components/fields';
import { PageMain } from '../../components/page-main';
import { RefusalNotice } from '../../components/refusal-notice';
import type { InterschoolsDb, ResultOverallRow, ResultRaceRow } from '../../db/database';
import { OverallResultDialog, RaceResultDialog } from './result-dialogs';
import type { OverallResultChoice, RaceResultChoice } from './result-forms';
import { ResultTable } from './result-table';
import { useResultsEditor } from './use-results-editor';

export { RESULTS_SAVED } from './use-results-editor';

type ResultsEditor = ReturnType<typeof useResultsEditor>;

/** The race results and the overall results, each with the admin's Add; Save below both. */
function ResultsTables({ page, eventId }: { page: ResultsEditor; eventId: string }) {
  const { admin, busy, disciplines, races, overalls, raceEdits, overallEdits, refusal, setDialog, remove, save } = page;
  const names = new Map((disciplines ?? []).map((d) => [d.id, d.name]));
  const dirty = raceEdits.dirty || overallEdits.dirty;
  const anyRemoved = raceEdits.anyRemoved || overallEdits.anyRemoved;
  const raceLabel = (r: ResultRaceRow) =>
    `race result ${names.get(r.DisciplineId) ?? `discipline ${r.DisciplineId}`}, division ${r.division}, ${r.gender}, ${r.teamIndividual}`;
  const overallLabel = (o: ResultOverallRow) => `overall result ${o.pointscore}, ${o.schoolType}, ${o.gender}`;
  const pendingNote = refusal ? ' (not saved)' : ' (waiting to be sent)';
  const tableProps = { admin, busy, pendingNote };
  return (
    <>
      <ResultTable<ResultRaceRow>
        id="race-results"
        title="Race results"
        rows={races && raceEdits.shown}
        label={raceLabel}
        {...tableProps}
        empty="No race results yet."
        onEdit={(row) => setDialog({ kind: 'race', row })}
        onRemove={remove(raceEdits)}
        columns={[
          { header: 'Discipline', cell: (r) => names.get(r.DisciplineId) ?? r.DisciplineId },
          { header: 'Division', cell: (r) => r.division },
          { header: 'Gender', cell: (r) => r.gender },
          { header: 'Type', cell: (r) => r.teamIndividual },
        ]}
      />
      {admin && (
        <div className="admin-list-actions">
          <button
            type="button"
            className="button"
            disabled={busy || !disciplines}
            onClick={() => setDialog({ kind: 'race' })}
          >
            Add race result
          </button>
        </div>
      )}

      <ResultTable<ResultOverallRow>
        id="overall-results"
        title="Overall results"
        rows={overalls && overallEdits.shown}
        label={overallLabel}
        {...tableProps}
        empty="No overall results yet."
        onEdit={(row) => setDialog({ kind: 'overall', row })}
        onRemove={remove(overallEdits)}
        columns={[
          { header: 'Pointscore', cell: (o) => o.pointscore },
          { header: 'School type', cell: (o) => o.schoolType },
          { header: 'Gender', cell: (o) => o.gender },
        ]}
      />
      {admin && (
        <div className="admin-list-actions">
          <button type="button" className="button" disabled={busy} onClick={() => setDialog({ kind: 'overall' })}>
            Add overall result
          </button>
          <button
            type="button"
            className={`button ${anyRemoved ? 'button-danger' : 'button-save'}`}
            disabled={busy || !dirty || refusal !== null}
            aria-describedby={refusal ? 'results-save-blocked' : undefined}
            onClick={() => void save(eventId)}
          >
            {busy ? 'Saving…' : 'Save'}
          </button>
          {refusal && <span id="results-save-blocked">Discard the refused change before saving again.</span>}
        </div>
      )}
    </>
  );
}

/** The dialog open, if any: a race result or an overall result, added or edited. */
function OpenResultDialog({ page, eventId }: { page: ResultsEditor; eventId: string | null }) {
  const { dialog, disciplines, raceEdits, overallEdits, closeDialog } = page;
  return (
    <>
      {dialog?.kind === 'race' && eventId && (
        <RaceResultDialog
          disciplines={disciplines ?? []}
          row={dialog.row}
          onClose={closeDialog<RaceResultChoice, ResultRaceRow>(raceEdits, dialog.row, (c) => ({
            id: uuidv7(),
            EventId: eventId,
            ...c,
          }))}
        />
      )}
      {dialog?.kind === 'overall' && eventId && (
        <OverallResultDialog
          row={dialog.row}
          onClose={closeDialog<OverallResultChoice, ResultOverallRow>(overallEdits, dialog.row, (c) => ({
            id: uuidv7(),
            EventId: eventId,
            ...c,
          }))}
        />
      )}
    </>
  );
}

export default function ResultsPage({ db }: { db: InterschoolsDb }) {
  const page = useResultsEditor(db);
  const { user, admin, offered, eventId, event, busy, message, refusal, changeEvent } = page;
  if (!user) return null;
  return (
    <PageMain className="page admin-list">
      <h1>Results{event ? ` for ${event.name}` : ''}</h1>
      {admin && event && !event.showForResults && (
        <p className="admin-list-notice">
          Only administrators see these results until the event is shown for results (Start lists and results shown).
        </p>
      )}
      {offered.length > 1 && (
        <SelectField
          label="Event"
          value={eventId ?? ''}
          onChange={changeEvent}
          disabled={busy}
          options={offered.map((e) => ({
            value: e.id,
            label: `${e.name} (${e.year})${e.showForResults ? '' : ', not shown yet'}`,
          }))}
        />
      )}
      {!eventId ? (
        <p>No event has results to show yet.</p>
      ) : (
        <>
          {message && (
            <p
              className={message.error ? 'admin-list-error' : 'admin-list-notice'}
              role={message.error ? 'alert' : 'status'}
            >
              {message.text}
            </p>
          )}
          {admin && <RefusalNotice db={db} refusal={refusal} className="admin-list-error" />}
          <ResultsTables page={page} eventId={eventId} />
        </>
      )}
      <OpenResultDialog page={page} eventId={eventId} />
    </PageMain>
  );
}
