// The add-participant dialog: look a snow id up in the athlete registry (names, gender and date of
// birth are filled in; until then those fields are read-only and say so), choose the year level,
// Add. Offline (or when the registry cannot be reached) the lookup is not possible: the details are
// typed by hand and the row is marked 'lookup pending'; the server checks the snow id when the
// write arrives.
import { useId, useState, type FormEvent } from 'react';
import { lookupSnowId } from '../../api/registry';
import { RequiredNote, SelectField, TextField } from '../../components/fields';
import type { InterschoolsDb } from '../../db/database';
import { GENDERS, YEAR_LEVELS, type Gender, type YearLevel } from '../../domain/constants/choices';
import { MESSAGES } from '../../domain/messages';
import { isoDateToDisplay, parseGridDate } from '../../domain/rules/grid-date';
import type { SessionUser } from '../../domain/schemas/entities';
import { Dialog } from '../../components/dialog';
import { addParticipant, type AddResult } from './participant-writes';
import { SnowIdNotFoundHelp } from './snow-id-not-found-help';
import './participants.css';

type Lookup =
  | { state: 'idle' }
  | { state: 'looking' }
  | { state: 'found'; snowIdActive: 0 | 1 }
  | { state: 'failed'; message: string; byHand: boolean; notFound: boolean };

export interface AddParticipantDialogProps {
  db: InterschoolsDb;
  user: Pick<SessionUser, 'username' | 'EventId' | 'SchoolId'>;
  online: boolean;
  currentYear: number;
  onClose: () => void;
  onAdded: (result: AddResult, name: string) => void;
  /** Injected in tests. */
  lookup?: typeof lookupSnowId;
}

export const OFFLINE_LOOKUP_NOTE =
  'You are offline, so the snow id cannot be looked up now. Type the details by hand: the participant is added marked "lookup pending" and the snow id is checked when the change reaches the server.';
const FIRST_STEP =
  "Start with the student's Snow Id: look it up and their name, gender and date of birth are filled in for you.";
const FILLED_FROM_SNOW_ID = 'Filled in from the Snow Id';
const REGISTRY_DOWN_NOTE =
  'You can type the details by hand: the participant is added marked "lookup pending" and checked when the change reaches the server.';

/** The first step: the Snow Id and Look up, then what the lookup answered. */
function SnowIdStep({
  snowId,
  onChange,
  online,
  result,
  failureId,
  helpId,
  onLookup,
}: {
  snowId: string;
  onChange: (value: string) => void;
  online: boolean;
  result: Lookup;
  failureId: string;
  helpId: string;
  onLookup: () => void;
}) {
  const found = result.state === 'found';
  const notFound = result.state === 'failed' && result.notFound;
  const snowIdDescribedBy = result.state !== 'failed' ? undefined : notFound ? `${failureId} ${helpId}` : failureId;
  return (
    <>
      <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <TextField
          label="Snow Id"
          required
          value={snowId}
          onChange={onChange}
          autoComplete="off"
          inputMode="numeric"
          aria-describedby={snowIdDescribedBy}
        />
        <button
          type="button"
          onClick={onLookup}
          disabled={!online || snowId.trim() === '' || result.state === 'looking'}
          className="button"
        >
          {result.state === 'looking' ? 'Looking up…' : 'Look up'}
        </button>
      </div>
      {!online && <p className="note">{OFFLINE_LOOKUP_NOTE}</p>}
      {result.state === 'failed' && (
        <p id={failureId} role="alert" className="field-error">
          {result.message}
        </p>
      )}
      {notFound && <SnowIdNotFoundHelp id={helpId} />}
      {result.state === 'failed' && result.byHand && online && <p className="note">{REGISTRY_DOWN_NOTE}</p>}
      {found && <p role="status">Snow Id found in the athlete registry.</p>}
    </>
  );
}

type DetailKey = 'firstname' | 'lastname' | 'gender' | 'dob' | 'yearLevel';

/** The participant's details: filled in from the Snow Id (read-only until the lookup answers,
 *  unless they are typed by hand), and the year level. */
function ParticipantDetails({
  firstname,
  lastname,
  gender,
  dob,
  yearLevel,
  set,
  locked,
  dobError,
  genderHintId,
}: Record<DetailKey, string> & {
  set: Record<DetailKey, (value: string) => void>;
  locked: boolean;
  dobError: string | null;
  genderHintId: string;
}) {
  const filled = locked ? { readOnly: true, className: 'participant-filled', hint: FILLED_FROM_SNOW_ID } : {};
  return (
    <>
      <TextField
        label="Given name"
        required
        value={firstname}
        onChange={set.firstname}
        autoComplete="off"
        {...filled}
      />
      <TextField label="Surname" required value={lastname} onChange={set.lastname} autoComplete="off" {...filled} />
      <div className="field">
        <SelectField
          label="Gender"
          required
          value={gender}
          options={GENDERS}
          onChange={set.gender}
          placeholder="Choose…"
          disabled={locked}
          className={locked ? 'participant-filled' : undefined}
          aria-describedby={locked ? genderHintId : undefined}
        />
        {locked && (
          <small id={genderHintId} className="field-hint">
            {FILLED_FROM_SNOW_ID}
          </small>
        )}
      </div>
      <TextField
        label="Date of birth"
        required
        value={dob}
        onChange={set.dob}
        placeholder={locked ? undefined : 'dd/mm/yyyy'}
        hint="dd/mm/yyyy"
        error={dobError}
        autoComplete="off"
        // Locked, the hint says where the date comes from rather than how to type it.
        {...filled}
      />
      <SelectField
        label="Year level"
        required
        value={yearLevel}
        options={YEAR_LEVELS}
        onChange={set.yearLevel}
        placeholder="Choose…"
      />
    </>
  );
}

export function AddParticipantDialog({
  db,
  user,
  online,
  currentYear,
  onClose,
  onAdded,
  lookup = lookupSnowId,
}: AddParticipantDialogProps) {
  const [snowId, setSnowId] = useState('');
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [gender, setGender] = useState('');
  const [dob, setDob] = useState('');
  const [yearLevel, setYearLevel] = useState('');
  const [result, setResult] = useState<Lookup>({ state: 'idle' });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const failureId = `${ids}-failure`;
  const helpId = `${ids}-help`;
  const genderHintId = `${ids}-gender-hint`;

  const byHand = !online || (result.state === 'failed' && result.byHand);
  const found = result.state === 'found';
  // Until the lookup answers (or is impossible), what the registry fills in cannot be typed.
  const locked = !byHand && !found;
  const dobCheck = dob.trim() === '' ? null : parseGridDate(dob, currentYear);
  const dobError = dobCheck && !dobCheck.ok ? dobCheck.message : null;
  const complete =
    snowId.trim() !== '' &&
    firstname.trim() !== '' &&
    lastname.trim() !== '' &&
    (GENDERS as readonly string[]).includes(gender) &&
    (YEAR_LEVELS as readonly string[]).includes(yearLevel) &&
    !dobError;
  const canAdd = complete && (found || byHand) && !saving;

  function changeSnowId(value: string) {
    setSnowId(value);
    if (result.state !== 'idle') setResult({ state: 'idle' });
  }

  async function runLookup() {
    setResult({ state: 'looking' });
    const answer = await lookup(snowId);
    if (!answer.ok) {
      const byHandAllowed = answer.message === MESSAGES.registryConnectionError;
      const notFound =
        answer.message === MESSAGES.snowIdNotFound || answer.message === MESSAGES.snowIdNotFoundOrInactive;
      setResult({ state: 'failed', message: answer.message, byHand: byHandAllowed, notFound });
      return;
    }
    const athlete = answer.athlete;
    setFirstname(athlete.firstname);
    setLastname(athlete.lastname);
    if ((GENDERS as readonly string[]).includes(athlete.gender)) setGender(athlete.gender);
    setDob(isoDateToDisplay(athlete.dob));
    setResult({ state: 'found', snowIdActive: athlete.active ? 1 : 0 });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canAdd) return;
    setSaving(true);
    setError(null);
    try {
      const added = await addParticipant(
        db,
        {
          snowId,
          firstname,
          lastname,
          gender: gender as Gender,
          yearLevel: yearLevel as YearLevel,
          dob: dobCheck?.ok ? dobCheck.iso : null,
          snowIdActive: result.state === 'found' ? result.snowIdActive : undefined,
          lookupPending: !found,
        },
        user,
      );
      onAdded(added, `${firstname.trim()} ${lastname.trim()}`);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
      setSaving(false);
    }
  }

  return (
    <Dialog title="Add participant" onCancel={onClose}>
      <form onSubmit={submit} noValidate>
        <p>{FIRST_STEP}</p>
        <RequiredNote />
        <SnowIdStep
          snowId={snowId}
          onChange={changeSnowId}
          online={online}
          result={result}
          failureId={failureId}
          helpId={helpId}
          onLookup={() => void runLookup()}
        />

        <ParticipantDetails
          firstname={firstname}
          lastname={lastname}
          gender={gender}
          dob={dob}
          yearLevel={yearLevel}
          set={{
            firstname: setFirstname,
            lastname: setLastname,
            gender: setGender,
            dob: setDob,
            yearLevel: setYearLevel,
          }}
          locked={locked}
          dobError={dobError}
          genderHintId={genderHintId}
        />
        {byHand && !found && <p className="note">This participant will be marked lookup pending.</p>}
        {error && <p role="alert">{error}</p>}
        <div style={{ display: 'flex', gap: '0.5rem', marginTop: '1rem' }}>
          <button type="submit" disabled={!canAdd} className="button button-primary">
            Add
          </button>
          <button type="button" onClick={onClose} className="button">
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
