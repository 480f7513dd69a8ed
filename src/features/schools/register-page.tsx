// #/register (public): a new school registers itself, its coordinator, principal and the
// coordinator's sign-in (POST /api/schools). The button is disabled from submit; success shows the
// server's message and leads to sign-in; a refusal shows the server's message and re-enables it.
// Fields found wrong before sending are marked, and the first of them takes the focus.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { failure, text } from '../../api/call';
import { callRoute } from '../../api/route-call';
import { PageMain } from '../../components/page-main';
import { MESSAGES } from '../../domain/messages';
import {
  emptySchoolForm,
  schoolFormBody,
  schoolFormErrors,
  type SchoolFormValues,
} from '../../domain/rules/school-form';
import type { stateSchema } from '../../domain/schemas';
import { eventsApi } from '../../domain/schemas/api/events';
import { schoolsApi } from '../../domain/schemas/api/schools';
import { SchoolFormFields } from './school-form';

type State = z.infer<typeof stateSchema>;

export default function RegisterPage() {
  // One id for this registration, so a resend after a lost answer is recognised by the server.
  const [id] = useState(() => uuidv7());
  const [values, setValues] = useState<SchoolFormValues>(emptySchoolForm);
  const [states, setStates] = useState<State[]>([]);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const errors = useMemo(() => schoolFormErrors(values, 'register'), [values]);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusFirstError, setFocusFirstError] = useState(0);

  // After a refused submit, the first field marked wrong takes the focus (once its message is drawn).
  useEffect(() => {
    if (focusFirstError > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusFirstError]);

  useEffect(() => {
    let current = true;
    void callRoute(eventsApi.states).then((answer) => {
      if (!current) return;
      if (answer?.status === 200 && answer.data) setStates(answer.data);
      else
        setOutcome({
          ok: false,
          message: failure(answer, 'The list of states could not be loaded. Reload the page to try again.').message,
        });
    });
    return () => {
      current = false;
    };
  }, []);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(errors).length > 0) {
      setOutcome({ ok: false, message: 'Some fields need attention: see the messages next to them.' });
      setFocusFirstError((n) => n + 1);
      return;
    }
    setBusy(true);
    setOutcome(null);
    const answer = await callRoute(schoolsApi.register, { body: { school: schoolFormBody(values, id) } });
    if (answer?.status === 200) {
      setOutcome({ ok: true, message: text(answer.body?.message) ?? 'Registered.' });
      return;
    }
    setOutcome({
      ok: false,
      message: failure(answer, 'The registration could not be sent. Please try again.').message,
    });
    setBusy(false);
  }

  const registered = outcome?.ok === true;
  return (
    <PageMain className="page school-form">
      <h1>{MESSAGES.registrationTitle}</h1>
      <p>
        Register your school to enter its students in the interschools. Already registered?{' '}
        <Link to="/login">Sign in</Link>.
      </p>
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label="School registration">
        <SchoolFormFields
          mode="register"
          values={values}
          onChange={setValues}
          errors={tried ? errors : {}}
          states={states}
          disabled={registered}
        />
        <div className="school-form-actions">
          <button type="submit" className="button button-primary" disabled={busy || registered}>
            {busy && !registered ? 'Registering…' : 'Register'}
          </button>
        </div>
      </form>
      {outcome && (
        <p className={outcome.ok ? 'school-form-message' : 'school-form-error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.message}
          {outcome.ok && (
            <>
              {' '}
              <Link to="/login">Sign in</Link>
            </>
          )}
        </p>
      )}
    </PageMain>
  );
}
