// #/school: the school profile (spec sections 2, 4 and 5): the session's school (a coordinator's
// own, the school an admin picked) read from the mirror, saved like the grids: into the mirror and
// the outbox at once, so it works offline and syncs. A new sign-in email or password is the one
// thing that needs the network and the current password: it goes straight to the server, and no
// password is ever kept on the device; the queued saves carry no sign-in at all, so one sent late
// can never put back an email changed meanwhile. An admin may
// remove the school after the spec's confirmation; the session then has no school and the app
// goes home. Only an admin changes the school's state; a school user reads it (docs/decisions.md
// "A school's state is the association's to set").
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { v7 as uuidv7 } from 'uuid';
import { OFFLINE_MESSAGE, failure } from '../../api/call';
import { callRoute } from '../../api/route-call';
import { ConfirmDialog } from '../../components/dialog';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { RefusalNotice } from '../../components/refusal-notice';
import { useRowRefusal } from '../../components/use-row-refusal';
import { useSyncStatus } from '../../components/use-sync-status';
import type { InterschoolsDb, SchoolRow } from '../../db/database';
import { MESSAGES } from '../../domain/messages';
import { isAdmin } from '../../domain/rules/access';
import { isoDateToDisplay } from '../../domain/rules/grid-date';
import {
  changesLogin,
  profileLoginChange,
  profileLoginErrors,
  schoolFormBody,
  schoolFormChanged,
  schoolFormErrors,
  schoolFormFromSchool,
  type SchoolFormValues,
} from '../../domain/rules/school-form';
import { sessionAfterSchoolDeleted } from '../../domain/rules/session';
import { schoolsApi } from '../../domain/schemas/api/schools';
import { WRITE_HEADERS } from '../../domain/schemas/api/sync';
import { storeAnsweredRows } from '../../sync/answered-rows';
import { SERVER_MESSAGES } from '../../domain/server-messages';
import { SchoolFormFields } from './school-form';
import { queueSchoolProfile } from './school-writes';

export const SAVED_ON_DEVICE = 'Saved on this device: it will be sent when the connection returns.';
const SENDING = 'Saved on this device: sending it to the server…';
export const PASSWORD_NEEDS_NETWORK =
  'Changing the password needs the network. Clear the password field to save the rest now.';
export const EMAIL_NEEDS_NETWORK =
  'Changing the sign-in email needs the network. Put the current email back to save the rest now.';

const scrollTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

function registeredLine(createdAt: string | null): string {
  return createdAt ? `Registered ${isoDateToDisplay(createdAt.slice(0, 10))}` : MESSAGES.registeredPre2013;
}

/** A new sign-in email or password goes straight to the server (never queued); the device's copy
 *  takes the saved school at once. Answers what to say. */
async function sendProfileWithLogin(
  db: InterschoolsDb,
  body: { school: ReturnType<typeof schoolFormBody> },
  school: SchoolRow,
): Promise<{ text: string; error: boolean }> {
  const answer = await callRoute(schoolsApi.saveProfile, {
    body,
    headers: { [WRITE_HEADERS.idempotencyKey]: uuidv7() },
  });
  if (answer?.status !== 200 || typeof answer.body?.err === 'string') {
    return {
      text:
        typeof answer?.body?.err === 'string'
          ? answer.body.err
          : failure(answer, 'The school could not be saved.').message,
      error: true,
    };
  }
  // The device's copy takes the saved school (its new sign-in email) at once, not at the next
  // pull; a copy with queued edits waits for the pull, which lays them over it.
  const saved = answer.data && 'school' in answer.data ? answer.data.school : undefined;
  if (saved && !school._pending) await storeAnsweredRows(db, 'schools', [saved]);
  return { text: SERVER_MESSAGES.schoolSaved, error: false };
}

/** While there is no profile to show: why. */
function ProfileWaiting({ text, status }: { text: string; status?: boolean }) {
  return (
    <PageMain className="page">
      <h1>School profile</h1>
      <p role={status ? 'status' : undefined}>{text}</p>
    </PageMain>
  );
}

/** What happened to the last save: the message, a refusal, sending or sent. */
function ProfileMessages({
  db,
  message,
  refusal,
  pending,
  online,
  savedHere,
}: {
  db: InterschoolsDb;
  message: { text: string; error: boolean } | null;
  refusal: ReturnType<typeof useRowRefusal>;
  /** The school's row has edits not sent yet. */
  pending: boolean;
  online: boolean;
  savedHere: boolean;
}) {
  return (
    <>
      {message && (
        <p
          className={message.error ? 'school-form-error' : 'school-form-message'}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      <RefusalNotice db={db} refusal={refusal} className="school-form-error" />
      {!refusal && pending && (
        <p className="school-form-message" role="status">
          {online ? SENDING : SAVED_ON_DEVICE}
        </p>
      )}
      {!refusal && !pending && savedHere && !message && (
        <p className="school-form-message" role="status">
          {SERVER_MESSAGES.schoolSaved}
        </p>
      )}
    </>
  );
}

/** The profile's fields with Save, Undo changes and (for an admin) Delete school. */
function ProfileForm({
  values,
  errors,
  states,
  busy,
  stateLocked,
  dirty,
  admin,
  online,
  onSubmit,
  onChange,
  onUndo,
  onDelete,
}: {
  values: SchoolFormValues;
  errors: ReturnType<typeof schoolFormErrors>;
  states: readonly { id: number; name: string }[];
  busy: boolean;
  stateLocked: boolean;
  dirty: boolean;
  admin: boolean;
  online: boolean;
  onSubmit: () => void;
  onChange: (values: SchoolFormValues) => void;
  onUndo: () => void;
  onDelete: () => void;
}) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
      aria-label="School profile"
    >
      <SchoolFormFields
        mode="profile"
        values={values}
        onChange={onChange}
        errors={errors}
        states={states}
        disabled={busy}
        stateLocked={stateLocked}
      />
      <div className="school-form-actions">
        <button type="submit" className="button button-save" disabled={busy || !dirty}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        {dirty && (
          <button type="button" className="button" disabled={busy} onClick={onUndo}>
            Undo changes
          </button>
        )}
        {admin && (
          <button
            type="button"
            className="button button-danger"
            disabled={busy || !online}
            title={online ? undefined : OFFLINE_MESSAGE}
            onClick={onDelete}
          >
            Delete school
          </button>
        )}
      </div>
    </form>
  );
}

export default function SchoolPage({ db }: { db: InterschoolsDb }) {
  const { user, setUser } = useSession();
  const { online } = useSyncStatus();
  const navigate = useNavigate();
  const schoolId = user?.SchoolId ?? null;
  const row = useLiveQuery(async () => (schoolId ? ((await db.schools.get(schoolId)) ?? null) : null), [db, schoolId]);
  const states = useLiveQuery(() => db.states.toArray(), [db]) ?? [];
  const refusal = useRowRefusal(db, 'schools', schoolId);
  const [draft, setDraft] = useState<SchoolFormValues | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);
  // A save was made on this screen: once the server has it (the row no longer pending and not
  // refused) the page says so.
  const [savedHere, setSavedHere] = useState(false);

  const baseline = useMemo(() => (row ? schoolFormFromSchool(row) : null), [row]);
  const values = draft ?? baseline;
  const stateLocked = !user || !isAdmin(user.type);
  const errors = useMemo(() => {
    if (!values || !baseline) return {};
    const { StateId: stateError, ...others } = schoolFormErrors(values, 'profile');
    // A state the school cannot choose is no problem of the school's (one not placed yet saves).
    const fieldErrors = stateLocked || !stateError ? others : { ...others, StateId: stateError };
    return { ...fieldErrors, ...profileLoginErrors(values, baseline) };
  }, [values, baseline, stateLocked]);

  if (!user) return null;
  if (!schoolId) return <ProfileWaiting text="Choose a school first." />;
  if (row === undefined) return <ProfileWaiting text="Loading…" status />;
  if (row === null || !values || !baseline) {
    return <ProfileWaiting text="Downloading the school's details to this device…" status />;
  }

  const dirty = schoolFormChanged(values, baseline);

  async function save(current: SchoolFormValues, school: SchoolRow, start: SchoolFormValues) {
    const login = profileLoginChange(current, start);
    if (changesLogin(login) && !online) {
      setMessage({ text: login.password ? PASSWORD_NEEDS_NETWORK : EMAIL_NEEDS_NETWORK, error: true });
      scrollTop();
      return;
    }
    setTried(true);
    if (Object.keys(errors).length > 0) {
      setMessage({ text: 'Some fields need attention: see the messages next to them.', error: true });
      scrollTop();
      return;
    }
    const body = { school: schoolFormBody(current, school.id, school.version) };
    setBusy(true);
    setMessage(null);
    try {
      if (changesLogin(login)) {
        const answered = await sendProfileWithLogin(db, body, school);
        setMessage(answered);
        if (answered.error) return;
      } else {
        const { user: _login, ...fields } = body.school;
        await queueSchoolProfile(db, school, fields);
      }
      setDraft(null);
      setTried(false);
      setSavedHere(true);
    } catch (cause) {
      setMessage({ text: cause instanceof Error ? cause.message : String(cause), error: true });
    } finally {
      setBusy(false);
      scrollTop();
    }
  }

  async function remove(school: SchoolRow) {
    setConfirming(false);
    setBusy(true);
    const answer = await callRoute(schoolsApi.remove, {
      params: { id: school.id },
      headers: { [WRITE_HEADERS.idempotencyKey]: uuidv7() },
    });
    setBusy(false);
    if (answer?.status !== 200) {
      setMessage({ text: failure(answer, 'The school could not be removed.').message, error: true });
      return;
    }
    if (user) await setUser(sessionAfterSchoolDeleted(user));
    navigate('/');
  }

  return (
    <PageMain className="page school-form">
      <h1>{row.name || 'School profile'}</h1>
      <p>{registeredLine(row.createdAt)}</p>
      <ProfileMessages
        db={db}
        message={message}
        refusal={refusal}
        pending={Boolean(row._pending)}
        online={online}
        savedHere={savedHere}
      />
      <ProfileForm
        values={values}
        errors={tried ? errors : {}}
        states={states}
        busy={busy}
        stateLocked={stateLocked}
        dirty={dirty}
        admin={isAdmin(user.type)}
        online={online}
        onSubmit={() => void save(values, row, baseline)}
        onChange={(v) => {
          setMessage(null);
          setSavedHere(false);
          setDraft(v);
        }}
        onUndo={() => {
          setDraft(null);
          setTried(false);
        }}
        onDelete={() => setConfirming(true)}
      />
      {confirming && (
        <ConfirmDialog
          title={`Delete ${row.name}?`}
          message={<p>{MESSAGES.deleteSchoolWarning}</p>}
          cancelLabel={MESSAGES.cancel}
          confirmLabel={MESSAGES.remove}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void remove(row)}
        />
      )}
    </PageMain>
  );
}
