// #/ticketing: the school's team manager tickets for the event (spec sections 2, 3 and 5). Reads
// the mirror only and saves through the outbox, so it works offline like the grids. The seven
// ticket fields may not add up to more than the passes available (the spec's tooMany flag): the
// form says so and Save stays disabled. Only an admin changes the passes available.
import { useMemo, useState } from 'react';
import { TextField } from '../../components/fields';
import { PageMain } from '../../components/page-main';
import { SaveButton } from '../../components/save-button';
import { useSession } from '../../components/session-context';
import { useSyncStatus } from '../../components/use-sync-status';
import { getDb, type InterschoolsDb } from '../../db/database';
import { TEAM_MANAGER_PASSES_LABEL, TICKET_FIELD_LABELS } from '../../domain/constants/ticketing';
import { TICKET_FIELDS } from '../../domain/constants/policy';
import { MESSAGES } from '../../domain/messages';
import { isAdmin } from '../../domain/rules/access';
import {
  checkTickets,
  fieldErrors,
  isChanged,
  ticketingSave,
  toValues,
  type TicketingKey,
  type TicketingValues,
} from './ticketing-form';
import { saveTicketing } from './ticketing-writes';
import { ticketingRowId, useTicketing } from './use-ticketing-data';
import { useRowRefusal } from '../../components/use-row-refusal';
import { RefusalNotice } from '../../components/refusal-notice';

const LOCKED_MESSAGE = 'This event is locked: tickets can be viewed but not changed.';
export const WAITING_MESSAGE = 'Saved on this device: waiting to be sent to the server.';
export const tooManyMessage = (total: number, passes: number) =>
  `Too many tickets: ${total} asked for, but only ${passes} team manager ${passes === 1 ? 'pass is' : 'passes are'} available.`;

export default function TicketingPage({ db = getDb() }: { db?: InterschoolsDb }) {
  const { user } = useSession();
  const status = useSyncStatus();
  const schoolId = user?.SchoolId ?? null;
  const eventId = user?.EventId ?? null;
  const loaded = useTicketing(db, schoolId, eventId);
  const refusal = useRowRefusal(db, 'ticketing', schoolId && eventId ? ticketingRowId(schoolId, eventId) : null);
  const saved = loaded?.row ?? null;

  const [draft, setDraft] = useState<TicketingValues | null>(null);
  const [updating, setUpdating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const savedValues = useMemo(() => toValues(saved), [saved]);
  const values = draft ?? savedValues;
  const errors = fieldErrors(values);
  const check = checkTickets(values);
  const admin = !!user && isAdmin(user.type);
  const locked = Boolean(status.locked || user?.locked);
  const dirty = draft !== null && isChanged(draft, savedValues);
  const blockedReason =
    Object.keys(errors).length > 0 ? 'Fix the numbers before saving.' : check.tooMany ? 'Too many tickets.' : null;

  function change(key: TicketingKey, text: string) {
    setNotice(null);
    setDraft({ ...values, [key]: text });
  }

  async function save() {
    if (!user || !schoolId || !eventId || locked) return;
    setUpdating(true);
    setError(null);
    try {
      await saveTicketing(
        db,
        ticketingSave(values, saved, { SchoolId: schoolId, EventId: eventId }, admin),
        saved,
        user,
      );
      setDraft(null);
      setNotice(MESSAGES.ticketingSaved);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setUpdating(false);
    }
  }

  if (!user)
    return (
      <PageMain className="page">
        <p>Sign in to see ticketing.</p>
      </PageMain>
    );
  if (!schoolId || !eventId) {
    return (
      <PageMain className="page">
        <h1>Ticketing</h1>
        <p>Choose a school and an event to see their tickets.</p>
      </PageMain>
    );
  }

  const field = (key: TicketingKey, label: string, readOnly: boolean, hint?: string) => (
    <TextField
      key={key}
      label={label}
      value={values[key]}
      onChange={(text) => change(key, text)}
      error={errors[key]}
      hint={hint}
      inputMode="numeric"
      readOnly={readOnly}
    />
  );

  return (
    <PageMain className="ticketing-page">
      <h1>Ticketing</h1>
      <p>How many team manager tickets the school needs for this event.</p>
      {locked && (
        <p role="status" className="locked-note">
          {LOCKED_MESSAGE}
        </p>
      )}
      {loaded === undefined ? (
        <p role="status">Loading tickets…</p>
      ) : (
        <form onSubmit={(event) => event.preventDefault()} aria-label="Team manager tickets">
          <div className="ticketing-fields">
            {TICKET_FIELDS.map((key) => field(key, TICKET_FIELD_LABELS[key], locked))}
            {field(
              'noAvailableTeamManagerPasses',
              TEAM_MANAGER_PASSES_LABEL,
              locked || !admin,
              admin ? undefined : 'Set by the association.',
            )}
          </div>
          <p>Tickets asked for: {check.total}</p>
          {check.tooMany && (
            <p role="alert" className="field-error">
              {tooManyMessage(check.total, check.passes)}
            </p>
          )}
          {!locked && <SaveButton dirty={dirty} updating={updating} blockedReason={blockedReason} onSave={save} />}
        </form>
      )}
      {notice && <p role="status">{notice}</p>}
      {saved?._pending && <p role="status">{WAITING_MESSAGE}</p>}
      <RefusalNotice db={db} refusal={refusal} />
      {error && <p role="alert">{error}</p>}
    </PageMain>
  );
}
