// #/events (admin): the season's events. Each row: name, year, registration fee, race fee, active,
// volunteer lock, locked, archive; its details below (level, invoice type, states, when the
// invoice is available and due, and each discipline's divisions and genders). A new event starts
// on the season being prepared (rules/new-event-defaults); an archived event leaves the list once
// saved. The list lives on the server: it needs the network and says so. Saved events are stored
// on the device as answered rows, so the header's event picker offers them at once.
import { useLiveQuery } from 'dexie-react-hooks';
import { Fragment, useMemo, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { failure } from '../../api/call';
import { callRoute } from '../../api/route-call';
import { AdminListStatus } from '../../components/admin-list';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { ListLoading } from '../../components/list-loading';
import { useServerList } from '../../components/use-server-list';
import { TableScroll } from '../../components/table-scroll';
import type { InterschoolsDb } from '../../db/database';
import { EVENT_LEVELS, INVOICE_TYPES } from '../../domain/constants/choices';
import { eventProblems, eventSave, newEventRow } from '../../domain/rules/event-grid';
import { newEventYear } from '../../domain/rules/new-event-defaults';
import { eventSchema, type Event } from '../../domain/schemas';
import { eventsApi } from '../../domain/schemas/api/events';
import { WRITE_HEADERS } from '../../domain/schemas/api/sync';
import { storeAnsweredRows } from '../../sync/answered-rows';
import { EventDetails } from './event-details';
import './events.css';

export const EVENTS_SAVED = 'Events saved.';
/** Signed in, the list is of whole events (the route's answer may also be summaries). */
const listSchema = z.array(eventSchema);
type Flag = 'active' | 'volunteerLock' | 'locked' | 'archived';
const FLAGS: readonly [Flag, string][] = [
  ['active', 'Active'],
  ['volunteerLock', 'Volunteer lock'],
  ['locked', 'Locked'],
  ['archived', 'Archive'],
];

const dollars = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** `today` is the device's date unless a test gives one (a new event's year depends on it). */
export default function EventsPage({ db, today }: { db: InterschoolsDb; today?: Date }) {
  const { user } = useSession();
  const disciplineList = useLiveQuery(() => db.disciplines.orderBy('id').toArray(), [db]);
  const states = useLiveQuery(() => db.states.toArray(), [db]) ?? [];
  const disciplines = useMemo(() => disciplineList ?? [], [disciplineList]);
  const {
    online,
    rows: loadedRows,
    setRows: setLoadedRows,
    message,
    setMessage,
    busy,
    loadFailed,
    retry,
  } = useServerList({
    route: eventsApi.list,
    schema: listSchema,
    loadError: 'The events could not be loaded.',
  });
  const [edits, setEdits] = useState<Map<string, Event>>(new Map());
  const [added, setAdded] = useState<string[]>([]);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [tried, setTried] = useState(false);
  // Events added and not touched yet: their problems (no name yet) wait for Save, not the first look.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);

  const loaded = useMemo(() => new Map((loadedRows ?? []).map((e) => [e.id, e])), [loadedRows]);
  const disciplineNames = useMemo(() => new Map(disciplines.map((d) => [d.id, d.name])), [disciplines]);
  const rows = useMemo(
    () => [
      ...added.map((id) => edits.get(id)!).filter(Boolean),
      ...(loadedRows ?? []).map((e) => edits.get(e.id) ?? e),
    ],
    [added, edits, loadedRows],
  );
  const problems = useMemo(
    () => new Map(rows.map((e) => [e.id, eventProblems(e, disciplineNames)])),
    [rows, disciplineNames],
  );
  const plan = useMemo(() => eventSave(rows, loaded, new Set(added)), [rows, loaded, added]);
  const dirty = plan.created.length + plan.updated.length > 0;

  if (!user) return null;

  const change = (event: Event) => {
    setMessage(null);
    setEdits((current) => new Map(current).set(event.id, event));
    setFresh((current) => (current.has(event.id) ? new Set([...current].filter((id) => id !== event.id)) : current));
  };
  const addEvent = () => {
    const event = newEventRow(
      uuidv7(),
      newEventYear(
        rows.map((e) => e.year),
        today ?? new Date(),
      ),
      disciplines.map((d) => d.id),
    );
    setAdded((current) => [event.id, ...current]);
    setOpen((current) => new Set(current).add(event.id));
    setMessage(null);
    setEdits((current) => new Map(current).set(event.id, event));
    setFresh((current) => new Set(current).add(event.id));
  };

  async function save() {
    setTried(true);
    const invalid = rows.filter(
      (e) => (problems.get(e.id) ?? []).length > 0 && (added.includes(e.id) || edits.has(e.id)),
    );
    if (invalid.length) {
      setMessage({
        text: `Fix ${invalid.length === 1 ? 'the event' : `${invalid.length} events`} marked below before saving.`,
        error: true,
      });
      return;
    }
    setSaving(true);
    setMessage(null);
    const saved: Event[] = [];
    const headers = () => ({ [WRITE_HEADERS.idempotencyKey]: uuidv7() });
    const sends = [
      plan.created.length
        ? () => callRoute(eventsApi.create, { body: { data: plan.created }, headers: headers() })
        : null,
      plan.updated.length
        ? () => callRoute(eventsApi.update, { body: { data: plan.updated }, headers: headers() })
        : null,
    ];
    for (const send of sends) {
      if (!send) continue;
      const answer = await send();
      if (answer?.status !== 200 || !answer.data) {
        setMessage({ text: failure(answer, 'The events could not be saved.').message, error: true });
        setSaving(false);
        applySaved(saved);
        return;
      }
      saved.push(...answer.data);
    }
    applySaved(saved);
    setTried(false);
    setMessage({ text: EVENTS_SAVED, error: false });
    setSaving(false);
  }

  /** Saved events replace their edits; archived ones leave the list. */
  function applySaved(saved: Event[]) {
    if (!saved.length) return;
    void storeAnsweredRows(db, 'events', saved);
    const ids = new Set(saved.map((e) => e.id));
    setLoadedRows((current) => {
      const kept = (current ?? []).filter((e) => !ids.has(e.id));
      const fresh = saved.filter((e) => !e.archived);
      return [...fresh, ...kept].sort((a, b) => b.year - a.year || a.name.localeCompare(b.name));
    });
    setAdded((current) => current.filter((id) => !ids.has(id)));
    setEdits((current) => new Map([...current].filter(([id]) => !ids.has(id))));
  }

  const label = (e: Event) => e.name || 'New event';
  return (
    <PageMain className="page admin-list events-page">
      <h1>Events</h1>
      <AdminListStatus online={online} message={message} />
      <div className="admin-list-actions">
        <button type="button" className="button" disabled={!online || disciplines.length === 0} onClick={addEvent}>
          Add event
        </button>
      </div>
      {!loadedRows && <ListLoading online={online} failed={loadFailed} onRetry={retry} />}
      {loadedRows && (
        <div className="admin-list-table-wrap">
          <TableScroll>
            <table className="admin-list-table events-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Year</th>
                  <th scope="col">Registration fee ($)</th>
                  <th scope="col">Race fee ($)</th>
                  {FLAGS.map(([, text]) => (
                    <th key={text} scope="col">
                      {text}
                    </th>
                  ))}
                  <th scope="col">
                    <span className="visually-hidden">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((e) => {
                  const rowProblems = tried || (edits.has(e.id) && !fresh.has(e.id)) ? (problems.get(e.id) ?? []) : [];
                  const expanded = open.has(e.id);
                  return (
                    <Fragment key={e.id}>
                      <tr className={rowProblems.length ? 'admin-list-refused' : undefined}>
                        <td>
                          <input
                            aria-label={`Name of ${label(e)}`}
                            value={e.name}
                            onChange={(x) => change({ ...e, name: x.target.value })}
                          />
                        </td>
                        <td>
                          <input
                            aria-label={`Year of ${label(e)}`}
                            inputMode="numeric"
                            className="events-narrow"
                            value={Number.isNaN(e.year) ? '' : String(e.year)}
                            onChange={(x) => change({ ...e, year: Number.parseInt(x.target.value, 10) })}
                          />
                        </td>
                        <td>
                          <input
                            aria-label={`Registration fee of ${label(e)}`}
                            inputMode="decimal"
                            className="events-narrow"
                            defaultValue={String(e.registrationFee)}
                            onChange={(x) => change({ ...e, registrationFee: dollars(x.target.value) })}
                          />
                        </td>
                        <td>
                          <input
                            aria-label={`Race fee of ${label(e)}`}
                            inputMode="decimal"
                            className="events-narrow"
                            defaultValue={String(e.teamEntryFee)}
                            onChange={(x) => change({ ...e, teamEntryFee: dollars(x.target.value) })}
                          />
                        </td>
                        {FLAGS.map(([flag, text]) => (
                          <td key={flag}>
                            <input
                              type="checkbox"
                              className="admin-list-check"
                              aria-label={`${text}: ${label(e)}`}
                              checked={e[flag]}
                              onChange={(x) => change({ ...e, [flag]: x.target.checked })}
                            />
                          </td>
                        ))}
                        <td>
                          <button
                            type="button"
                            className="button"
                            aria-expanded={expanded}
                            aria-label={`${expanded ? 'Hide details' : 'Details'} of ${label(e)}`}
                            onClick={() =>
                              setOpen((current) => {
                                const next = new Set(current);
                                if (!next.delete(e.id)) next.add(e.id);
                                return next;
                              })
                            }
                          >
                            {expanded ? 'Hide details' : 'Details'}
                          </button>
                        </td>
                      </tr>
                      {rowProblems.length > 0 && (
                        <tr>
                          <td colSpan={9}>
                            <ul className="admin-list-error" aria-label={`Problems of ${label(e)}`}>
                              {rowProblems.map((p) => (
                                <li key={p}>{p}</li>
                              ))}
                            </ul>
                          </td>
                        </tr>
                      )}
                      {expanded && (
                        <tr className="events-details-row">
                          <td colSpan={9}>
                            <EventDetails
                              event={e}
                              states={states}
                              disciplineNames={disciplineNames}
                              levels={EVENT_LEVELS}
                              invoiceTypes={INVOICE_TYPES}
                              onChange={change}
                            />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
          {rows.length === 0 && <p>No events yet. Add the first one.</p>}
        </div>
      )}
      <div className="admin-list-actions">
        <button
          type="button"
          className="button button-save"
          disabled={!online || busy || saving || !dirty}
          onClick={() => void save()}
        >
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </PageMain>
  );
}
