// #/accounting: the accounting sync (ACC-01..06), admin only (others are sent to /login). For one
// accounting organisation (Northern for the NSW invoice type, Southern otherwise; the session
// event's by default) it shows our schools that have no contact there beside the organisation's
// contacts that no school has, each list filtered by a typed name. Choosing one of each and Join
// links them (POST /api/schools/xero-join/{nsw|vic}); the answer's message is shown and both
// lists are loaded again, so the pair leaves them. Schools already linked are listed below,
// folded. Below, the copies to the accounting system: what waits, and what it refused, to send
// again (queue-panel.tsx). The lists live on the server and the accounting system: the page needs
// the network and says so.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { callRoute } from '../../api/route-call';
import { AdminListStatus } from '../../components/admin-list';
import { SelectField, TextField } from '../../components/fields';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { ListLoading } from '../../components/list-loading';
import { useServerList } from '../../components/use-server-list';
import { TableScroll } from '../../components/table-scroll';
import type { InterschoolsDb } from '../../db/database';
import type { AccountingRegion } from '../../domain/constants/choices';
import { accountingRegion } from '../../domain/rules/accounting-region';
import { schoolsApi, type AccountingSync } from '../../domain/schemas/api/schools';
import { SERVER_MESSAGES } from '../../domain/server-messages';
import { AccountingQueuePanel } from './queue-panel';
import './accounting.css';

type Segment = 'nsw' | 'vic';

const ORGANISATIONS: readonly { value: Segment; region: AccountingRegion; label: string }[] = [
  { value: 'nsw', region: 'Northern', label: 'Northern (NSW)' },
  { value: 'vic', region: 'Southern', label: 'Southern (VIC and others)' },
];
const LOAD_ERROR = 'The schools and accounting contacts could not be loaded.';
const JOIN_FAILED = 'The school could not be linked to the accounting contact.';

/** A typed filter: every word, anywhere in the name, ignoring case and accents. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
function matches(filter: string) {
  const words = fold(filter).split(/\s+/).filter(Boolean);
  return (name: string) => {
    const folded = fold(name);
    return words.every((w) => folded.includes(w));
  };
}

export default function AccountingPage({ db }: { db?: InterschoolsDb } = {}) {
  const { user } = useSession();
  const [segment, setSegment] = useState<Segment>(() =>
    accountingRegion(user?.invoiceType) === 'Northern' ? 'nsw' : 'vic',
  );
  const states = useLiveQuery(async () => (db ? db.states.toArray() : []), [db]);
  const stateName = useMemo(() => new Map((states ?? []).map((s) => [s.id, s.name])), [states]);

  if (!user) return null;

  return (
    <PageMain className="page admin-list">
      <h1>Accounting sync</h1>
      <p>
        Link each school to its contact in the accounting system. Invoices and payments of a linked school go to that
        contact.
      </p>
      <div className="admin-list-filters">
        <SelectField
          label="Organisation"
          value={segment}
          options={ORGANISATIONS.map((o) => ({ value: o.value, label: o.label }))}
          onChange={(value) => setSegment(value === 'nsw' ? 'nsw' : 'vic')}
        />
      </div>
      {/* A fresh list (and fresh choices) for each organisation. */}
      <AccountingLists key={segment} segment={segment} stateName={stateName} />
      <AccountingQueuePanel />
    </PageMain>
  );
}

/** The schools already linked to a contact, folded away. */
function LinkedSchools({
  region,
  linked,
  state,
}: {
  region: string;
  linked: AccountingSync['entrySystemSchools'];
  /** A state's name. */
  state: (id: number | null) => string;
}) {
  return (
    <details className="accounting-linked">
      <summary>
        Schools linked to a {region} contact ({linked.length})
      </summary>
      {linked.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <div className="admin-list-table-wrap">
          <TableScroll>
            <table className="admin-list-table">
              <thead>
                <tr>
                  <th scope="col">School</th>
                  <th scope="col">State</th>
                  <th scope="col">Contact id</th>
                </tr>
              </thead>
              <tbody>
                {linked.map((s) => (
                  <tr key={s.id}>
                    <td>{s.name}</td>
                    <td>{state(s.StateId)}</td>
                    <td>{s.contactId}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}
    </details>
  );
}

function AccountingLists({ segment, stateName }: { segment: Segment; stateName: Map<number, string> }) {
  const params = { invoiceType: segment };
  const region = ORGANISATIONS.find((o) => o.value === segment)!.region;
  const { online, rows, setRows, message, setMessage, busy, save, loadFailed, retry } = useServerList({
    route: schoolsApi.accountingSync,
    input: { params },
    loadError: LOAD_ERROR,
  });
  const [schoolFilter, setSchoolFilter] = useState('');
  const [contactFilter, setContactFilter] = useState('');
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const [contactId, setContactId] = useState<string | null>(null);

  const unlinked = useMemo(() => (rows?.entrySystemSchools ?? []).filter((s) => s.contactId === null), [rows]);
  const linked = useMemo(() => (rows?.entrySystemSchools ?? []).filter((s) => s.contactId !== null), [rows]);
  const shownSchools = useMemo(() => unlinked.filter((s) => matches(schoolFilter)(s.name)), [unlinked, schoolFilter]);
  const shownContacts = useMemo(
    () => (rows?.xeroMissing ?? []).filter((c) => matches(contactFilter)(c.name)),
    [rows, contactFilter],
  );
  const school = unlinked.find((s) => s.id === schoolId) ?? null;
  const contact = rows?.xeroMissing.find((c) => c.contactId === contactId) ?? null;
  const state = (id: number | null) => (id === null ? '' : (stateName.get(id) ?? ''));

  const join = async () => {
    if (!school || !contact) return;
    let answered: string | null = null;
    const ok = await save(
      {
        route: schoolsApi.accountingJoin,
        input: { params, body: { schoolId: school.id, contactId: contact.contactId } },
      },
      { saved: SERVER_MESSAGES.accountingJoined, failed: JOIN_FAILED },
      (answer) => {
        answered = answer.data?.message ?? null;
        // At once: the pair leaves both lists; the reload below brings the server's view.
        setRows(
          (current: AccountingSync | null) =>
            current && {
              entrySystemSchools: current.entrySystemSchools.map((s) =>
                s.id === school.id ? { ...s, contactId: contact.contactId } : s,
              ),
              xeroMissing: current.xeroMissing.filter((c) => c.contactId !== contact.contactId),
            },
        );
      },
    );
    if (!ok) return;
    setSchoolId(null);
    setContactId(null);
    if (answered) setMessage({ text: answered, error: false });
    const fresh = await callRoute(schoolsApi.accountingSync, { params });
    if (fresh?.status === 200 && fresh.data) setRows(fresh.data);
  };

  if (rows === null) {
    return (
      <>
        <AdminListStatus online={online} message={message} />
        {(loadFailed || !message) && <ListLoading online={online} failed={loadFailed} onRetry={retry} />}
      </>
    );
  }

  return (
    <>
      <div className="accounting-lists">
        <fieldset className="accounting-list">
          <legend>
            Schools without a {region} contact ({unlinked.length})
          </legend>
          <TextField label="Find a school" value={schoolFilter} onChange={setSchoolFilter} />
          <ul className="accounting-choices">
            {shownSchools.map((s) => (
              <li key={s.id}>
                <label>
                  <input
                    type="radio"
                    name={`accounting-school-${segment}`}
                    value={s.id}
                    checked={schoolId === s.id}
                    onChange={() => setSchoolId(s.id)}
                  />
                  <span>{s.name}</span>
                  <span className="accounting-detail">{state(s.StateId)}</span>
                </label>
              </li>
            ))}
          </ul>
          {shownSchools.length === 0 && (
            <p>{unlinked.length === 0 ? 'Every school has a contact.' : 'No schools match.'}</p>
          )}
        </fieldset>
        <fieldset className="accounting-list">
          <legend>
            {region} contacts without a school ({rows.xeroMissing.length})
          </legend>
          <TextField label="Find a contact" value={contactFilter} onChange={setContactFilter} />
          <ul className="accounting-choices">
            {shownContacts.map((c) => (
              <li key={c.contactId}>
                <label>
                  <input
                    type="radio"
                    name={`accounting-contact-${segment}`}
                    value={c.contactId}
                    checked={contactId === c.contactId}
                    onChange={() => setContactId(c.contactId)}
                  />
                  <span>{c.name}</span>
                </label>
              </li>
            ))}
          </ul>
          {shownContacts.length === 0 && (
            <p>{rows.xeroMissing.length === 0 ? 'Every contact has a school.' : 'No contacts match.'}</p>
          )}
        </fieldset>
      </div>
      <p className="accounting-choice" aria-live="polite">
        {school && contact ? `Link ${school.name} to ${contact.name}.` : 'Choose one school and one contact.'}
      </p>
      <div className="admin-list-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!online || busy || !school || !contact}
          onClick={() => void join()}
        >
          {busy ? 'Joining…' : 'Join'}
        </button>
      </div>
      <AdminListStatus online={online} message={message} />
      <LinkedSchools region={region} linked={linked} state={state} />
    </>
  );
}
