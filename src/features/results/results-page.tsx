// #/results (RES-01..08): the race results and the overall results of one event, each linking its
// published file (a PDF or a web page) and its number of placings. The event is the session's or
// one chosen among the events shown for results (RES-08). Read from the mirror and saved like the
// grids (PRODUCT-DECISIONS 'Offline, screen by screen'): the admin's additions and removals go
// into the mirror and the outbox at once (PUT /api/results), so they work offline and sync; only
// uploading a file needs the network. Everyone else reads.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import '../../components/admin-list.css';
import { SelectField } from '../../components/fields';
import { PageMain } from '../../components/page-main';
import { RefusalNotice } from '../../components/refusal-notice';
import { useSession } from '../../components/session-context';
import { useListRefusal } from '../../components/use-row-refusal';
import type { InterschoolsDb, ResultOverallRow, ResultRaceRow } from '../../db/database';
import { isAdmin } from '../../domain/rules/access';
import { queueListBatch } from '../../sync/writes';
import { AddOverallResultDialog, AddRaceResultDialog } from './add-result-dialogs';
import type { OverallResultChoice, RaceResultChoice } from './result-forms';

export const RESULTS_SAVED = 'Results saved. They are sent to the server now, or when the connection returns.';

const raceOrder = (a: ResultRaceRow, b: ResultRaceRow) => a.DisciplineId - b.DisciplineId || a.division - b.division
  || a.gender.localeCompare(b.gender) || a.teamIndividual.localeCompare(b.teamIndividual);
const overallOrder = (a: ResultOverallRow, b: ResultOverallRow) => a.pointscore.localeCompare(b.pointscore)
  || a.schoolType.localeCompare(b.schoolType) || a.gender.localeCompare(b.gender);

function FileLink({ url, label }: { url: string; label: string }) {
  if (!url) return <>Not published yet</>;
  // Only web links open (a javascript: or data: address is shown as text, never followed).
  if (!/^https?:\/\//i.test(url)) return <>{url}</>;
  return <a href={url} target="_blank" rel="noopener noreferrer" aria-label={`Result file for ${label}`}>Open result</a>;
}

const placingsCount = (placings: readonly unknown[] | null | undefined) => (placings?.length ?? 0);

type Edits<T> = { added: T[]; removed: Set<string> };
const noEdits = <T,>(): Edits<T> => ({ added: [], removed: new Set() });

export default function ResultsPage({ db }: { db: InterschoolsDb }) {
  const { user } = useSession();
  const sessionEventId = user?.EventId ?? null;
  const events = useLiveQuery(() => db.events.toArray(), [db]);
  const offered = useMemo(() => (events ?? [])
    .filter((e) => e.showForResults || e.id === sessionEventId)
    .sort((a, b) => b.year - a.year || a.name.localeCompare(b.name)), [events, sessionEventId]);
  const [chosen, setChosen] = useState<string | null>(null);
  const eventId = chosen ?? sessionEventId ?? offered[0]?.id ?? null;
  const event = offered.find((e) => e.id === eventId);

  const disciplines = useLiveQuery(() => db.disciplines.orderBy('id').toArray(), [db]);
  const races = useLiveQuery(async () => (eventId ? db.resultRaces.where('EventId').equals(eventId).toArray() : []), [db, eventId]);
  const overalls = useLiveQuery(async () => (eventId ? db.resultOveralls.where('EventId').equals(eventId).toArray() : []), [db, eventId]);
  const raceRefusal = useListRefusal(db, 'resultRaces');
  const overallRefusal = useListRefusal(db, 'resultOveralls');
  const refusal = raceRefusal ?? overallRefusal;
  const [raceEdits, setRaceEdits] = useState<Edits<ResultRaceRow>>(noEdits);
  const [overallEdits, setOverallEdits] = useState<Edits<ResultOverallRow>>(noEdits);
  const [dialog, setDialog] = useState<'race' | 'overall' | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const shownRaces = useMemo(() => [...(races ?? []).filter((r) => !raceEdits.removed.has(r.id)), ...raceEdits.added].sort(raceOrder), [races, raceEdits]);
  const shownOveralls = useMemo(() => [...(overalls ?? []).filter((r) => !overallEdits.removed.has(r.id)), ...overallEdits.added].sort(overallOrder), [overalls, overallEdits]);

  if (!user) return null;
  const admin = isAdmin(user.type);
  const names = new Map((disciplines ?? []).map((d) => [d.id, d.name]));
  const dirty = raceEdits.added.length + raceEdits.removed.size + overallEdits.added.length + overallEdits.removed.size > 0;
  const anyRemoved = raceEdits.removed.size + overallEdits.removed.size > 0;
  const raceLabel = (r: ResultRaceRow) => `${names.get(r.DisciplineId) ?? `discipline ${r.DisciplineId}`}, division ${r.division}, ${r.gender}, ${r.teamIndividual}`;
  const overallLabel = (o: ResultOverallRow) => `${o.pointscore}, ${o.schoolType}, ${o.gender}`;

  const changeEvent = (id: string) => {
    setChosen(id);
    setRaceEdits(noEdits());
    setOverallEdits(noEdits());
    setMessage(null);
  };
  const closeRace = (choice: RaceResultChoice | null) => {
    setDialog(null);
    if (!choice || !eventId) return;
    setMessage(null);
    setRaceEdits((e) => ({ ...e, added: [...e.added, { id: uuidv7(), EventId: eventId, ...choice, placings: null }] }));
  };
  const closeOverall = (choice: OverallResultChoice | null) => {
    setDialog(null);
    if (!choice || !eventId) return;
    setMessage(null);
    setOverallEdits((e) => ({ ...e, added: [...e.added, { id: uuidv7(), EventId: eventId, ...choice, placings: null }] }));
  };
  const remove = <T extends { id: string }>(set: (f: (e: Edits<T>) => Edits<T>) => void) => (row: T) => {
    setMessage(null);
    set((e) => (e.added.some((a) => a.id === row.id)
      ? { ...e, added: e.added.filter((a) => a.id !== row.id) }
      : { ...e, removed: new Set(e.removed).add(row.id) }));
  };
  const removeRace = remove<ResultRaceRow>(setRaceEdits);
  const removeOverall = remove<ResultOverallRow>(setOverallEdits);

  async function save(event: string) {
    setBusy(true);
    setMessage(null);
    const racesDeleted = [...raceEdits.removed];
    const overallDeleted = [...overallEdits.removed];
    const { added: addedRaces } = raceEdits;
    const { added: addedOveralls } = overallEdits;
    const removedRaces = (races ?? []).filter((r) => raceEdits.removed.has(r.id));
    const removedOveralls = (overalls ?? []).filter((r) => overallEdits.removed.has(r.id));
    try {
      // One save per table that changed: a discarded refusal is then taken back on this device by
      // its BatchUndo (src/sync/blocked.ts undoes one table per outbox item).
      if (addedRaces.length || racesDeleted.length) {
        await queueListBatch(db, {
          path: '/api/results',
          body: {
            multi: true,
            races: addedRaces.map(({ id, DisciplineId, division, gender, teamIndividual, fileUrl, placings }) => ({ id, DisciplineId, division, gender, teamIndividual, fileUrl, placings })),
            racesDeleted,
            overallDeleted: [],
          },
          table: 'resultRaces',
          eventId: event,
          added: addedRaces,
          removed: removedRaces,
        });
      }
      if (addedOveralls.length || overallDeleted.length) {
        await queueListBatch(db, {
          path: '/api/results',
          body: {
            multi: true,
            overalls: addedOveralls.map(({ id, pointscore, schoolType, gender, fileUrl, placings }) => ({ id, pointscore, schoolType, gender, fileUrl, placings })),
            racesDeleted: [],
            overallDeleted,
          },
          table: 'resultOveralls',
          eventId: event,
          added: addedOveralls,
          removed: removedOveralls,
        });
      }
      setRaceEdits(noEdits());
      setOverallEdits(noEdits());
      setMessage({ text: RESULTS_SAVED, error: false });
    } catch (cause) {
      setMessage({ text: cause instanceof Error ? cause.message : String(cause), error: true });
    } finally {
      setBusy(false);
    }
  }

  const pending = (row: { _pending?: boolean }) => row._pending && <span className="admin-list-pending">{refusal ? ' (not saved)' : ' (waiting to be sent)'}</span>;

  return (
    <PageMain className="page admin-list">
      <h1>Results{event ? ` for ${event.name}` : ''}</h1>
      {offered.length > 1 && (
        <SelectField label="Event" value={eventId ?? ''} onChange={changeEvent} disabled={busy}
          options={offered.map((e) => ({ value: e.id, label: `${e.name} (${e.year})` }))} />
      )}
      {!eventId ? <p>No event has results to show yet.</p> : (
        <>
          {message && <p className={message.error ? 'admin-list-error' : 'admin-list-notice'} role={message.error ? 'alert' : 'status'}>{message.text}</p>}
          {admin && <RefusalNotice db={db} refusal={refusal} className="admin-list-error" />}

          <h2 id="race-results">Race results</h2>
          {races === undefined ? <p role="status">Loading…</p> : (
            <div className="admin-list-table-wrap">
              <table className="admin-list-table" aria-labelledby="race-results">
                <thead>
                  <tr>
                    <th scope="col">Discipline</th>
                    <th scope="col">Division</th>
                    <th scope="col">Gender</th>
                    <th scope="col">Type</th>
                    <th scope="col">Result file</th>
                    <th scope="col">Placings</th>
                    {admin && <th scope="col"><span className="visually-hidden">Remove</span></th>}
                  </tr>
                </thead>
                <tbody>
                  {shownRaces.map((r) => (
                    <tr key={r.id}>
                      <td>{names.get(r.DisciplineId) ?? r.DisciplineId}</td>
                      <td>{r.division}</td>
                      <td>{r.gender}</td>
                      <td>{r.teamIndividual}</td>
                      <td><FileLink url={r.fileUrl} label={raceLabel(r)} />{pending(r)}</td>
                      <td>{placingsCount(r.placings)}</td>
                      {admin && (
                        <td>
                          <button type="button" className="button" disabled={busy} aria-label={`Remove race result ${raceLabel(r)}`} onClick={() => removeRace(r)}>
                            Remove
                          </button>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
              {shownRaces.length === 0 && <p>No race results yet.</p>}
            </div>
          )}
          {admin && (
            <div className="admin-list-actions">
              <button type="button" className="button" disabled={busy || !disciplines} onClick={() => setDialog('race')}>Add race result</button>
            </div>
          )}

          <h2 id="overall-results">Overall results</h2>
          {overalls === undefined ? <p role="status">Loading…</p> : (
            <div className="admin-list-table-wrap">
              <table className="admin-list-table" aria-labelledby="overall-results">
                <thead>
                  <tr>
                    <th scope="col">Pointscore</th>
                    <th scope="col">School type</th>
                    <th scope="col">Gender</th>
                    <th scope="col">Result file</th>
                    <th scope="col">Placings</th>
                    {admin && <th scope="col"><span className="visually-hidden">Remove</span></th>}
                  </tr>
                </thead>
                <tbody>
                  {shownOveralls.map((o) => (
                    <tr key={o.id}>
                      <td>{o.pointscore}</td>
                      <td>{o.schoolType}</td>
                      <td>{o.gender}</td>
                      <td><FileLink url={o.fileUrl} label={overallLabel(o)} />{pending(o)}</td>
                      <td>{placingsCount(o.placings)}</td>
                      {admin && (
                        <td>
                          <button type="button" className="button" disabled={busy} aria-label={`Remove overall result ${overallLabel(o)}`} onClick={() => removeOverall(o)}>
                            Remove
                          </button>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
              {shownOveralls.length === 0 && <p>No overall results yet.</p>}
            </div>
          )}
          {admin && (
            <div className="admin-list-actions">
              <button type="button" className="button" disabled={busy} onClick={() => setDialog('overall')}>Add overall result</button>
              <button type="button" className={`button ${anyRemoved ? 'button-danger' : 'button-primary'}`}
                disabled={busy || !dirty || refusal !== null} aria-describedby={refusal ? 'results-save-blocked' : undefined}
                onClick={() => void save(eventId)}>
                {busy ? 'Saving…' : 'Save'}
              </button>
              {refusal && <span id="results-save-blocked">Discard the refused change before saving again.</span>}
            </div>
          )}
        </>
      )}
      {dialog === 'race' && <AddRaceResultDialog disciplines={disciplines ?? []} onClose={closeRace} />}
      {dialog === 'overall' && <AddOverallResultDialog onClose={closeOverall} />}
    </PageMain>
  );
}
