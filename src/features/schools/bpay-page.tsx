// /schools: the BPAY grid (spec section 2), admin and auditor only (others are sent to /login).
// Every school with its state and BPAY reference, filtered by state (New South Wales by default)
// or by a typed reference across all states; the admin edits references and saves them in one
// call (PUT /api/schools/bpay), the auditor reads. The list comes from the server: it needs the
// network and says so.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { OFFLINE_MESSAGE, call, failure } from '../../api/call';
import { PageMain } from '../../components/page-main';
import { SelectField, TextField } from '../../components/fields';
import { useSession } from '../../components/session-context';
import { useSyncStatus } from '../../components/use-sync-status';
import type { InterschoolsDb } from '../../db/database';
import { canViewPaymentsAndSchools, isAdmin } from '../../domain/rules/access';
import { schoolBpaySchema, type SchoolBpay } from '../../domain/schemas';
import { WRITE_HEADERS } from '../../domain/schemas/api/sync';
import './bpay.css';

/** Spec section 9: the grid opens on state id 3. */
export const DEFAULT_BPAY_STATE = 3;
export const BPAY_SAVED = 'BPAY references saved.';

const listSchema = z.array(schoolBpaySchema);

export default function BpayPage({ db }: { db: InterschoolsDb }) {
  const { user } = useSession();
  const { online } = useSyncStatus();
  const states = useLiveQuery(() => db.states.toArray(), [db]);
  const [rows, setRows] = useState<SchoolBpay[] | null>(null);
  const [edits, setEdits] = useState<Map<string, string>>(new Map());
  const [state, setState] = useState(String(DEFAULT_BPAY_STATE));
  const [typed, setTyped] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!online) return undefined;
    let current = true;
    void call('get', 'api/school/bpay').then((answer) => {
      if (!current) return;
      const parsed = answer?.status === 200 ? listSchema.safeParse(answer.body?.data) : null;
      if (parsed?.success) setRows(parsed.data);
      else setMessage({ text: failure(answer, 'The schools could not be loaded.').message, error: true });
    });
    return () => {
      current = false;
    };
  }, [online]);

  const stateName = useMemo(() => new Map((states ?? []).map((s) => [s.id, s.name])), [states]);
  const shown = useMemo(() => {
    const text = typed.trim();
    return (rows ?? []).filter((r) => (text ? (edits.get(r.id) ?? r.bpay).includes(text) : String(r.StateId) === state));
  }, [rows, edits, state, typed]);

  if (!user) return null;
  if (!canViewPaymentsAndSchools(user.type)) return <Navigate to="/login" replace />;
  const admin = isAdmin(user.type);

  async function save() {
    setBusy(true);
    setMessage(null);
    const schools = [...edits].map(([id, bpay]) => ({ id, bpay, version: rows?.find((r) => r.id === id)?.version }));
    const answer = await call('put', 'api/schools/bpay', { schools }, { [WRITE_HEADERS.idempotencyKey]: uuidv7() });
    const parsed = answer?.status === 200 ? listSchema.safeParse(answer.body?.data) : null;
    if (parsed?.success) {
      setRows(parsed.data);
      setEdits(new Map());
      setMessage({ text: BPAY_SAVED, error: false });
    } else {
      setMessage({ text: failure(answer, 'The BPAY references could not be saved.').message, error: true });
    }
    setBusy(false);
  }

  return (
    <PageMain className="page bpay-page">
      <h1>Schools and BPAY references</h1>
      <div className="bpay-filters">
        <SelectField
          label="State"
          value={state}
          options={(states ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={(value) => setState(value)}
          disabled={typed.trim() !== ''}
        />
        <TextField label="Find a BPAY reference" value={typed} onChange={setTyped} hint="Searches every state" />
      </div>
      {!online && <p className="bpay-notice">{OFFLINE_MESSAGE}</p>}
      {message && <p className={message.error ? 'bpay-error' : 'bpay-notice'} role={message.error ? 'alert' : 'status'}>{message.text}</p>}
      {rows === null ? (
        online ? <p>Loading…</p> : null
      ) : (
        <div className="bpay-table-wrap">
          <table className="bpay-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">State</th>
                <th scope="col">BPay</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr key={r.id}>
                  <td>{r.name}</td>
                  <td>{r.StateId === null ? '' : stateName.get(r.StateId) ?? r.StateId}</td>
                  <td>
                    {admin ? (
                      <input
                        type="text"
                        aria-label={`BPay of ${r.name}`}
                        value={edits.get(r.id) ?? r.bpay}
                        onChange={(e) => setEdits(new Map(edits).set(r.id, e.target.value))}
                      />
                    ) : r.bpay}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {shown.length === 0 && <p>No schools match.</p>}
        </div>
      )}
      {admin && (
        <div className="bpay-actions">
          <button type="button" className="button button-primary" disabled={!online || busy || edits.size === 0} onClick={() => void save()}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      )}
    </PageMain>
  );
}
