// /reset?email=&resetToken=: choose a new password with the emailed token (POST /api/newPassword).
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { setNewPassword } from '../../api/session';
import { MIN_PASSWORD_LENGTH } from '../../domain/constants/policy';
import { PageMain } from '../../components/page-main';

export function ResetPage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('resetToken') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (password !== repeat) {
      setResult({ ok: false, message: 'The two passwords do not match.' });
      return;
    }
    setBusy(true);
    const answer = await setNewPassword({ email, password, token });
    setResult(answer.ok ? { ok: true, message: answer.data } : { ok: false, message: answer.message });
    setBusy(false);
  }

  if (!email || !token) {
    return (
      <PageMain className="page page-narrow">
        <h1>Reset your password</h1>
        <p className="notice notice-error" role="alert">
          This reset link is incomplete. Ask for a new one from the sign-in page.
        </p>
        <p>
          <Link to="/login" className="button">
            Go to sign in
          </Link>
        </p>
      </PageMain>
    );
  }

  return (
    <PageMain className="page page-narrow">
      <h1>Choose a new password</h1>
      <p>
        For <strong>{email}</strong>
      </p>
      {result?.ok ? (
        <>
          <p className="notice notice-success" role="status">
            {result.message}
          </p>
          <p>
            <Link to="/login" className="button button-primary">
              Sign in
            </Link>
          </p>
        </>
      ) : (
        <form className="form" onSubmit={(e) => void submit(e)} aria-label="Choose a new password">
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <div className="field">
            <label htmlFor="new-password">New password</label>
            <input
              id="new-password"
              type="password"
              autoComplete="new-password"
              minLength={MIN_PASSWORD_LENGTH}
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <span className="hint">At least {MIN_PASSWORD_LENGTH} characters.</span>
          </div>
          <div className="field">
            <label htmlFor="repeat-password">Repeat the new password</label>
            <input
              id="repeat-password"
              type="password"
              autoComplete="new-password"
              required
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
            />
          </div>
          {result && (
            <p className="notice notice-error" role="alert">
              {result.message}
            </p>
          )}
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Set password'}
          </button>
        </form>
      )}
    </PageMain>
  );
}
