// /schools: the BPAY grid (spec section 2), admin and auditor only (others are sent to /login).
// Every school with its state and BPAY reference, filtered by state (New South Wales by default)
// or by a typed reference across all states; the admin edits references and saves them in one
// call (PUT /api/schools/bpay), the auditor reads. The list comes from the server: it needs the
// network and says so.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { AdminListStatus } from '../../components/admin-list';
import { ConfirmDialog } from '../../components/dialog';
import { PageMain } from '../../components/page-main';
import { SelectField, TextField } from '../../components/fields';
import { useSession } from '../../components/session-context';
import { useServerList } from '../../components/use-server-list';
import { TableScroll } from '../../components/table-scroll';
import type { InterschoolsDb } from '../../db/database';
import { DEFAULT_BPAY_STATE_ID } from '../../domain/constants/choices';
import { LABELS, MESSAGES } from '../../domain/messages';
import { isAdmin } from '../../domain/rules/access';
import type { SchoolBpay } from '../../domain/schemas';
import { schoolsApi } from '../../domain/schemas/api/schools';

const SCHOOL_REMOVED = 'School removed.';
const BPAY_SAVED = 'BPAY references saved.';

export default function BpayPage({ db }: { db: InterschoolsDb }) {
  const { user } = useSession();
  const states = useLiveQuery(() => db.states.toArray(), [db]);
  const { online, rows, setRows, message, busy, save } = useServerList({
    route: schoolsApi.bpay,
    loadError: 'The schools could not be loaded.',
  });
  const [edits, setEdits] = useState<Map<string, string>>(new Map());
  const [state, setState] = useState(String(DEFAULT_BPAY_STATE_ID));
  const [typed, setTyped] = useState('');
  const [removing, setRemoving] = useState<SchoolBpay | null>(null);

  const stateName = useMemo(() => new Map((states ?? []).map((s) => [s.id, s.name])), [states]);
  const shown = useMemo(() => {
    const text = typed.trim();
    return (rows ?? []).filter((r) =>
      text ? (edits.get(r.id) ?? r.bpay).includes(text) : String(r.StateId) === state,
    );
  }, [rows, edits, state, typed]);

  if (!user) return null;
  const admin = isAdmin(user.type);

  const saveReferences = () => {
    const schools = [...edits].map(([id, bpay]) => ({ id, bpay, version: rows?.find((r) => r.id === id)?.version }));
    return save(
      { route: schoolsApi.saveBpay, input: { body: { schools } } },
      { saved: BPAY_SAVED, failed: 'The BPAY references could not be saved.' },
      (answer) => {
        if (answer.data) setRows(answer.data);
        setEdits(new Map());
      },
    );
  };

  /** Removing a school is final (its people and entries go; its invoices and payments stay). */
  const removeSchool = (school: SchoolBpay) => {
    setRemoving(null);
    return save(
      { route: schoolsApi.remove, input: { params: { id: school.id } } },
      { saved: SCHOOL_REMOVED, failed: 'The school could not be removed.' },
      () => {
        setRows((current) => (current ?? []).filter((r) => r.id !== school.id));
        setEdits((current) => {
          const next = new Map(current);
          next.delete(school.id);
          return next;
        });
      },
    );
  };

  return (
    <PageMain className="page admin-list">
      <h1>Schools and BPAY references</h1>
      <div className="admin-list-filters">
        <SelectField
          label="State"
          value={state}
          options={(states ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={(value) => setState(value)}
          disabled={typed.trim() !== ''}
        />
        <TextField label="Find a BPAY reference" value={typed} onChange={setTyped} hint="Searches every state" />
      </div>
      <AdminListStatus online={online} message={message} />
      {rows === null ? (
        online ? (
          <p>Loading…</p>
        ) : null
      ) : (
        <div className="admin-list-table-wrap">
          <TableScroll>
            <table className="admin-list-table">
              <thead>
                <tr>
                  <th scope="col">{LABELS.bpayGrid.name}</th>
                  <th scope="col">{LABELS.bpayGrid.state}</th>
                  <th scope="col">{LABELS.bpayGrid.bpay}</th>
                  {admin && (
                    <th scope="col">
                      <span className="visually-hidden">Remove</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
                  <tr key={r.id}>
                    <td>{r.name}</td>
                    <td>{r.StateId === null ? '' : (stateName.get(r.StateId) ?? r.StateId)}</td>
                    <td>
                      {admin ? (
                        <input
                          type="text"
                          aria-label={`BPay of ${r.name}`}
                          value={edits.get(r.id) ?? r.bpay}
                          onChange={(e) => setEdits(new Map(edits).set(r.id, e.target.value))}
                        />
                      ) : (
                        r.bpay
                      )}
                    </td>
                    {admin && (
                      <td>
                        <button
                          type="button"
                          className="button"
                          aria-label={`Remove ${r.name}`}
                          disabled={!online || busy}
                          onClick={() => setRemoving(r)}
                        >
                          {MESSAGES.remove}
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {shown.length === 0 && <p>No schools match.</p>}
        </div>
      )}
      {admin && (
        <div className="admin-list-actions">
          <button
            type="button"
            className="button button-save"
            disabled={!online || busy || edits.size === 0}
            onClick={() => void saveReferences()}
          >
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      )}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name}?`}
          message={<p>{MESSAGES.deleteSchoolWarning}</p>}
          cancelLabel={MESSAGES.cancel}
          confirmLabel={MESSAGES.remove}
          onCancel={() => setRemoving(null)}
          onConfirm={() => void removeSchool(removing)}
        />
      )}
    </PageMain>
  );
}
