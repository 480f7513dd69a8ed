// /login (spec sections 2 and 4): on success the user is stored (Dexie meta and the session
// context), the outbox resumes for this user, persistent storage is requested, and after
// LOGIN_REDIRECT_DELAY_MS the app goes to /startlists (racedept) or /. A refusal shows the
// response's error; a user with no open event is told so, not signed in. A user changing event
// arrives here with the username kept. The event is chosen on the form (login-event-choice.tsx). Also offers the
// password reset by email.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { login, logout } from '../../api/session';
import { useSession } from '../../components/session-context';
import { useSyncStatus } from '../../components/use-sync-status';
import { LOGIN_REDIRECT_DELAY_MS } from '../../domain/constants/ui';
import { postLoginRoute } from '../../domain/rules/session';
import type { SyncEngine } from '../../sync/engine';
import { LoginEventChoice, rememberLoginEvent, useLoginEventChoice } from './login-event-choice';
import { PasswordResetRequest } from './password-reset-request';
import { useAutofillPoll } from './use-autofill-poll';
import { PageMain } from '../../components/page-main';

/** Said to a coordinator whose school has no event open at the moment: signed in, there would
 *  be nothing to enter, and every screen would send them back here without a word. */
export const NO_OPEN_EVENT_MESSAGE =
  "No event is open to your school at the moment, so there is nothing to enter yet. You can sign in once the association opens this season's event.";

const CHANGE_EVENT_MESSAGE = 'Choose the event, then sign in again.';

const SESSION_EXPIRED_MESSAGE =
  'Your session has expired. Sign in again: your unsent changes are kept and sent once you are back.';

function requestPersistentStorage(): void {
  try {
    void navigator.storage?.persist?.().catch(() => undefined);
  } catch {
    // not offered here: the data stays best-effort
  }
}

export function LoginPage({ engine }: { engine: SyncEngine }) {
  const { setUser } = useSession();
  const status = useSyncStatus();
  const navigate = useNavigate();
  const location = useLocation();
  const arrival = location.state as { expired?: boolean; changeEvent?: boolean; username?: string } | null;
  const expired = arrival?.expired === true || status.needsLogin;
  const changingEvent = arrival?.changeEvent === true;

  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [username, setUsername] = useState(changingEvent ? (arrival?.username ?? '') : '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [showReset, setShowReset] = useState(false);
  const eventChoice = useLoginEventChoice();

  useAutofillPoll([
    { ref: usernameRef, value: username, set: setUsername },
    { ref: passwordRef, value: password, set: setPassword },
  ]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    setError('');
    const answer = await login(username.trim(), password, eventChoice.chosen || null);
    if (!answer.ok) {
      setError(answer.message);
      setBusy(false);
      return;
    }
    const user = answer.data;
    if (!user.EventId && user.type === 'school') {
      // The sign-in worked but leads nowhere: end it here and say why.
      await logout();
      setError(NO_OPEN_EVENT_MESSAGE);
      setBusy(false);
      return;
    }
    rememberLoginEvent(eventChoice.chosen);
    await setUser(user);
    // Resumes the outbox for this user only, then syncs (flush and pull) in the background.
    void engine.resumeFor(user.username).catch(() => undefined);
    requestPersistentStorage();
    setTimeout(() => navigate(postLoginRoute(user.type), { replace: true }), LOGIN_REDIRECT_DELAY_MS);
  }

  return (
    <PageMain className="page page-narrow">
      <h1>Sign in</h1>
      {expired && (
        <p className="notice notice-warning" role="status">
          {SESSION_EXPIRED_MESSAGE}
        </p>
      )}
      {changingEvent && (
        <p className="notice notice-warning" role="status">
          {CHANGE_EVENT_MESSAGE}
        </p>
      )}
      <form className="form" onSubmit={(e) => void submit(e)} aria-label="Sign in">
        <div className="field">
          <label htmlFor="login-username">Username</label>
          <input
            id="login-username"
            ref={usernameRef}
            name="username"
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            ref={passwordRef}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <LoginEventChoice
          events={eventChoice.events}
          chosen={eventChoice.chosen}
          onChange={eventChoice.setChosen}
          focus={changingEvent}
        />
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p>
        <button
          type="button"
          className="button button-link"
          aria-expanded={showReset}
          onClick={() => setShowReset((v) => !v)}
        >
          Forgot your password?
        </button>
      </p>
      {showReset && <PasswordResetRequest initialEmail={username.includes('@') ? username : ''} />}
      <p>
        New school? <Link to="/register">Register your school</Link>.
      </p>
      <p className="muted">Signed in before on this device? Your data stays available offline until you log out.</p>
    </PageMain>
  );
}
