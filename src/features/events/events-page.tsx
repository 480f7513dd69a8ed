// #/events (admin): the season's events. Each row: name, year, registration fee, race fee, active,
// volunteer lock, locked, archive; its details below (level, invoice type, states, when the
// invoice is available and due, and each discipline's divisions and genders). A new event starts
// on the season being prepared (rules/new-event-defaults); an archived event leaves the list once
// saved. The list lives on the server: it needs the network and says so. Saved events are stored
// on the device as answered rows, so the header's event picker offers them at once.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { failure } from '../../api/call';
import { callRoute } from '../../api/route-call';
import { AdminListStatus } from '../../components/admin-list';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { ListLoading } from '../../components/list-loading';
import { useServerList } from '../../components/use-server-list';
import type { InterschoolsDb } from '../../db/database';
import { eventProblems, eventSave, newEventRow } from '../../domain/rules/event-grid';
import { newEventYear } from '../../domain/rules/new-event-defaults';
import { eventSchema, type Event } from '../../domain/schemas';
import { eventsApi } from '../../domain/schemas/api/events';
import { WRITE_HEADERS } from '../../domain/schemas/api/sync';
import { storeAnsweredRows } from '../../sync/answered-rows';
import { EventsTable } from './events-table';
import './events.css';

export const EVENTS_SAVED = 'Events saved.';
/** Signed in, the list is of whole events (the route's answer may also be summaries). */
const listSchema = z.array(eventSchema);

/** Sends the new events, then the changed ones, stopping at the first failure: what was saved,
 *  and why the rest was not. */
async function sendEvents(plan: ReturnType<typeof eventSave>): Promise<{ saved: Event[]; failed: string | null }> {
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
      return { saved, failed: failure(answer, 'The events could not be saved.').message };
    }
    saved.push(...answer.data);
  }
  return { saved, failed: null };
}

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
    const { saved, failed } = await sendEvents(plan);
    if (failed !== null) {
      setMessage({ text: failed, error: true });
      setSaving(false);
      applySaved(saved);
      return;
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
          <EventsTable
            rows={rows}
            problemsOf={(e) => (tried || (edits.has(e.id) && !fresh.has(e.id)) ? (problems.get(e.id) ?? []) : [])}
            open={open}
            onToggle={(id) =>
              setOpen((current) => {
                const next = new Set(current);
                if (!next.delete(id)) next.add(id);
                return next;
              })
            }
            states={states}
            disciplineNames={disciplineNames}
            onChange={change}
          />
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
