// #/results (RES-01..08): the race results and the overall results of one event, each linking its
// published file (a PDF or a web page) and listing its placings. The event is one of those shown
// for results (RES-08; their results reach every device through the change feed), the session's
// by default; an admin may also open its own event before it is shown. Read from the mirror and saved like the grids
// (docs/decisions.md 'Offline, screen by screen'): the admin's additions, edits and removals go
// into the mirror and the outbox at once (PUT /api/results), so they work offline and sync; only
// uploading a file needs the network. Everyone else reads.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState, type ReactNode } from 'react';
import { v7 as uuidv7 } from 'uuid';
import '../../components/admin-list.css';
import { SelectField } from '../../components/fields';
import { StoredLink } from '../../components/stored-link';
import { PageMain } from '../../components/page-main';
import { RefusalNotice } from '../../components/refusal-notice';
import { useSession } from '../../components/session-context';
import { useListEdits } from '../../components/use-list-edits';
import { useListRefusal } from '../../components/use-row-refusal';
import { TableScroll } from '../../components/table-scroll';
import type { InterschoolsDb, ResultOverallRow, ResultRaceRow } from '../../db/database';
import { isAdmin } from '../../domain/rules/access';
import type { Placing } from '../../domain/schemas/entities/result';
import { queueListBatch } from '../../sync/write-adapter';
import { RESULT_OVERALLS_SAVE, RESULT_RACES_SAVE } from './result-writes';
import { OverallResultDialog, RaceResultDialog, type WithPlacings } from './result-dialogs';
import { placingLine } from './placings-editor';
import type { OverallResultChoice, RaceResultChoice } from './result-forms';

export const RESULTS_SAVED = 'Results saved. They are sent to the server now, or when the connection returns.';

const raceOrder = (a: ResultRaceRow, b: ResultRaceRow) =>
  a.DisciplineId - b.DisciplineId ||
  a.division - b.division ||
  a.gender.localeCompare(b.gender) ||
  a.teamIndividual.localeCompare(b.teamIndividual);
const overallOrder = (a: ResultOverallRow, b: ResultOverallRow) =>
  a.pointscore.localeCompare(b.pointscore) ||
  a.schoolType.localeCompare(b.schoolType) ||
  a.gender.localeCompare(b.gender);

function FileLink({ url, label }: { url: string; label: string }) {
  if (!url) return <>Not published yet</>;
  // Only a web address or one of our files opens (a javascript: or data: address stored before the
  // server checked them is shown as text, never followed). The visible words start the accessible
  // name (WCAG 2.5.3), the row's description follows.
  return (
    <StoredLink url={url} fallback={url} aria-label={`Open result: ${label}`}>
      Open result
    </StoredLink>
  );
}

function Placings({ placings }: { placings: readonly Placing[] | null | undefined }) {
  if (!placings?.length) return <>None entered</>;
  return (
    <details>
      <summary>{placings.length === 1 ? '1 placing' : `${placings.length} placings`}</summary>
      {/* The place is part of each line: ties share a number, so the list does not count. */}
      <ul className="admin-list-lines">
        {placings.map((p, i) => (
          <li key={`${p.place}-${i}`}>{placingLine(p)}</li>
        ))}
      </ul>
    </details>
  );
}

type Column<T> = { header: string; cell(row: T): ReactNode };
type Row = { id: string; fileUrl: string; placings: Placing[] | null; _pending?: boolean };

/** One results table: its columns, then the file, the placings and the admin's Edit and Remove. */
function ResultTable<T extends Row>({
  id,
  title,
  rows,
  columns,
  label,
  admin,
  busy,
  pendingNote,
  empty,
  onEdit,
  onRemove,
}: {
  id: string;
  title: string;
  rows: readonly T[] | undefined;
  columns: readonly Column<T>[];
  label(row: T): string;
  admin: boolean;
  busy: boolean;
  pendingNote: string;
  empty: string;
  onEdit(row: T): void;
  onRemove(row: T): void;
}) {
  return (
    <>
      <h2 id={id}>{title}</h2>
      {rows === undefined ? (
        <p role="status">Loading…</p>
      ) : (
        <div className="admin-list-table-wrap">
          <TableScroll>
            <table className="admin-list-table" aria-labelledby={id}>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.header} scope="col">
                      {c.header}
                    </th>
                  ))}
                  <th scope="col">Result file</th>
                  <th scope="col">Placings</th>
                  {admin && (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    {columns.map((c) => (
                      <td key={c.header}>{c.cell(r)}</td>
                    ))}
                    <td>
                      <FileLink url={r.fileUrl} label={label(r)} />
                      {r._pending && <span className="admin-list-pending">{pendingNote}</span>}
                    </td>
                    <td>
                      <Placings placings={r.placings} />
                    </td>
                    {admin && (
                      <td className="admin-list-row-actions">
                        <button
                          type="button"
                          className="button"
                          disabled={busy}
                          aria-label={`Edit ${label(r)}`}
                          onClick={() => onEdit(r)}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="button"
                          disabled={busy}
                          aria-label={`Remove ${label(r)}`}
                          onClick={() => onRemove(r)}
                        >
                          Remove
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {rows.length === 0 && <p>{empty}</p>}
        </div>
      )}
    </>
  );
}

type Dialog = { kind: 'race'; row?: ResultRaceRow } | { kind: 'overall'; row?: ResultOverallRow };

export default function ResultsPage({ db }: { db: InterschoolsDb }) {
  const { user } = useSession();
  const sessionEventId = user?.EventId ?? null;
  const admin = !!user && isAdmin(user.type);
  const events = useLiveQuery(() => db.events.toArray(), [db]);
  // The events shown for results (RES-08); an admin also its own event, to enter results before
  // they are shown.
  const offered = useMemo(
    () =>
      (events ?? [])
        .filter((e) => e.showForResults || (admin && e.id === sessionEventId))
        .sort((a, b) => b.year - a.year || a.name.localeCompare(b.name)),
    [events, sessionEventId, admin],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const eventId = [chosen, sessionEventId].find((id) => offered.some((e) => e.id === id)) ?? offered[0]?.id ?? null;
  const event = offered.find((e) => e.id === eventId);

  const disciplines = useLiveQuery(() => db.disciplines.orderBy('id').toArray(), [db]);
  const races = useLiveQuery(
    async () => (eventId ? db.resultRaces.where('EventId').equals(eventId).toArray() : []),
    [db, eventId],
  );
  const overalls = useLiveQuery(
    async () => (eventId ? db.resultOveralls.where('EventId').equals(eventId).toArray() : []),
    [db, eventId],
  );
  const raceRefusal = useListRefusal(db, 'resultRaces');
  const overallRefusal = useListRefusal(db, 'resultOveralls');
  const refusal = raceRefusal ?? overallRefusal;
  const raceEdits = useListEdits(races, raceOrder);
  const overallEdits = useListEdits(overalls, overallOrder);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  if (!user) return null;
  const names = new Map((disciplines ?? []).map((d) => [d.id, d.name]));
  const dirty = raceEdits.dirty || overallEdits.dirty;
  const anyRemoved = raceEdits.anyRemoved || overallEdits.anyRemoved;
  const raceLabel = (r: ResultRaceRow) =>
    `race result ${names.get(r.DisciplineId) ?? `discipline ${r.DisciplineId}`}, division ${r.division}, ${r.gender}, ${r.teamIndividual}`;
  const overallLabel = (o: ResultOverallRow) => `overall result ${o.pointscore}, ${o.schoolType}, ${o.gender}`;
  const pendingNote = refusal ? ' (not saved)' : ' (waiting to be sent)';

  const changeEvent = (id: string) => {
    setChosen(id);
    raceEdits.reset();
    overallEdits.reset();
    setMessage(null);
  };
  /** A dialog's row: an edit keeps the row's id and version, an addition gets a new id. */
  function closeDialog<C, R extends { id: string }>(
    edits: { add(row: R): void; change(row: R): void },
    row: R | undefined,
    make: (choice: WithPlacings<C>) => R,
  ) {
    return (choice: WithPlacings<C> | null) => {
      setDialog(null);
      if (!choice) return;
      setMessage(null);
      if (row) edits.change({ ...row, ...make(choice), id: row.id });
      else edits.add(make(choice));
    };
  }
  const remove =
    <R,>(edits: { remove(row: R): void }) =>
    (row: R) => {
      setMessage(null);
      edits.remove(row);
    };

  async function save(event: string) {
    setBusy(true);
    setMessage(null);
    const raceBatch = raceEdits.batch();
    const overallBatch = overallEdits.batch();
    try {
      // One save per table that changed: a discarded refusal is then taken back on this device by
      // its BatchUndo (src/sync/blocked.ts undoes one table per outbox item).
      if (raceEdits.dirty) {
        await queueListBatch(db, RESULT_RACES_SAVE, {
          body: {
            multi: true,
            races: [...raceBatch.added, ...raceBatch.changed.map((c) => c.after)].map(
              ({ id, DisciplineId, division, gender, teamIndividual, fileUrl, placings, version }) => ({
                id,
                DisciplineId,
                division,
                gender,
                teamIndividual,
                fileUrl,
                placings,
                version,
              }),
            ),
            racesDeleted: raceBatch.removed.map((r) => r.id),
            overallDeleted: [],
          },
          eventId: event,
          ...raceBatch,
        });
      }
      if (overallEdits.dirty) {
        await queueListBatch(db, RESULT_OVERALLS_SAVE, {
          body: {
            multi: true,
            overalls: [...overallBatch.added, ...overallBatch.changed.map((c) => c.after)].map(
              ({ id, pointscore, schoolType, gender, fileUrl, placings, version }) => ({
                id,
                pointscore,
                schoolType,
                gender,
                fileUrl,
                placings,
                version,
              }),
            ),
            racesDeleted: [],
            overallDeleted: overallBatch.removed.map((r) => r.id),
          },
          eventId: event,
          ...overallBatch,
        });
      }
      raceEdits.reset();
      overallEdits.reset();
      setMessage({ text: RESULTS_SAVED, error: false });
    } catch (cause) {
      setMessage({ text: cause instanceof Error ? cause.message : String(cause), error: true });
    } finally {
      setBusy(false);
    }
  }

  const tableProps = { admin, busy, pendingNote };
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
      )}
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
    </PageMain>
  );
}
