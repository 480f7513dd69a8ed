// /rev (admin): which events show their start lists (to race officials' tablets and schools) and
// their results. Each event's two flags, saved together with PUT /api/events carrying only id,
// showForResults and showForStartlists, so a stale copy of the events grid never undoes them.
// The list comes from the server: it needs the network and says so.
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { OFFLINE_MESSAGE, call, failure } from '../../api/call';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { useSyncStatus } from '../../components/use-sync-status';
import { isAdmin } from '../../domain/rules/access';
import { eventSchema } from '../../domain/schemas';
import { WRITE_HEADERS } from '../../domain/schemas/api/sync';
import './bpay.css';

export const REV_SAVED = 'Saved: race officials and schools see the change at their next sync.';

type Flags = { showForStartlists: boolean; showForResults: boolean };
type Row = Flags & { id: string; name: string; year: number; archived: boolean; version?: number };

const listSchema = z.array(eventSchema.pick({ id: true, name: true, year: true, showForResults: true, showForStartlists: true, archived: true, version: true }).loose());

export default function RevPage() {
  const { user } = useSession();
  const { online } = useSyncStatus();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [edits, setEdits] = useState<Map<string, Flags>>(new Map());
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!online) return undefined;
    let current = true;
    void call('get', 'api/events').then((answer) => {
      if (!current) return;
      const parsed = answer?.status === 200 ? listSchema.safeParse(answer.body?.data) : null;
      if (parsed?.success) setRows(parsed.data.filter((e) => !e.archived).sort((a, b) => b.year - a.year || a.name.localeCompare(b.name)));
      else setMessage({ text: failure(answer, 'The events could not be loaded.').message, error: true });
    });
    return () => {
      current = false;
    };
  }, [online]);

  if (!user) return null;
  if (!isAdmin(user.type)) return <Navigate to="/login" replace />;

  const flags = (row: Row): Flags => edits.get(row.id) ?? { showForStartlists: row.showForStartlists, showForResults: row.showForResults };
  const set = (row: Row, patch: Partial<Flags>) => {
    setMessage(null);
    setEdits(new Map(edits).set(row.id, { ...flags(row), ...patch }));
  };

  async function save() {
    setBusy(true);
    const data = [...edits].map(([id, f]) => ({ id, ...f }));
    const answer = await call('put', 'api/events', { data }, { [WRITE_HEADERS.idempotencyKey]: uuidv7() });
    if (answer?.status === 200) {
      setRows((current) => (current ?? []).map((r) => ({ ...r, ...(edits.get(r.id) ?? {}) })));
      setEdits(new Map());
      setMessage({ text: REV_SAVED, error: false });
    } else {
      setMessage({ text: failure(answer, 'The events could not be saved.').message, error: true });
    }
    setBusy(false);
  }

  return (
    <PageMain className="page bpay-page">
      <h1>Start lists and results shown</h1>
      <p>Race officials' tablets download the race day of every event whose start lists are shown.</p>
      {!online && <p className="bpay-notice">{OFFLINE_MESSAGE}</p>}
      {message && <p className={message.error ? 'bpay-error' : 'bpay-notice'} role={message.error ? 'alert' : 'status'}>{message.text}</p>}
      {rows && (
        <div className="bpay-table-wrap">
          <table className="bpay-table">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Year</th>
                <th scope="col">Start lists shown</th>
                <th scope="col">Results shown</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const f = flags(row);
                return (
                  <tr key={row.id}>
                    <td>{row.name}</td>
                    <td>{row.year}</td>
                    <td>
                      <input type="checkbox" className="bpay-check" aria-label={`Start lists shown for ${row.name} ${row.year}`}
                        checked={f.showForStartlists} onChange={(e) => set(row, { showForStartlists: e.target.checked })} />
                    </td>
                    <td>
                      <input type="checkbox" className="bpay-check" aria-label={`Results shown for ${row.name} ${row.year}`}
                        checked={f.showForResults} onChange={(e) => set(row, { showForResults: e.target.checked })} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="bpay-actions">
        <button type="button" className="button button-primary" disabled={!online || busy || edits.size === 0} onClick={() => void save()}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </PageMain>
  );
}
