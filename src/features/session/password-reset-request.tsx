// 'Forgot your password?': asks for a reset link by email (POST /api/reset) and shows the spec's
// success or failure message word for word.
import { useState, type FormEvent } from 'react';
import { requestPasswordReset } from '../../api/session';

export function PasswordResetRequest({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    const answer = await requestPasswordReset(email.trim());
    setResult(answer.ok ? { ok: true, message: answer.data } : { ok: false, message: answer.message });
    setBusy(false);
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)} aria-label="Reset password">
      <h2>Reset your password</h2>
      <div className="field">
        <label htmlFor="reset-email">Email</label>
        <input
          id="reset-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      {result && (
        <p
          className={result.ok ? 'notice notice-success' : 'notice notice-error'}
          role={result.ok ? 'status' : 'alert'}
        >
          {result.message}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Sending…' : 'Email me a reset link'}
      </button>
    </form>
  );
}
