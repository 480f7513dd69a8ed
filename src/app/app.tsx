// The first client: checks the host, signs in and shows who is signed in. The offline shell with
// its routes, Dexie mirror and outbox replaces this (see the offline-core issue).
import { useEffect, useState, type FormEvent } from 'react';
import { http } from '../api/http';

type SessionUser = { type: string; username: string; schoolName?: string | null; eventName?: string | null };

export function App() {
  const [host, setHost] = useState<'checking' | 'ok' | 'down'>('checking');
  const [user, setUser] = useState<SessionUser | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    http.get('utils/host').json<{ allowed: boolean }>()
      .then((r) => setHost(r.allowed ? 'ok' : 'down'))
      .catch(() => setHost('ok'));
  }, []);

  async function signIn(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const res = await http.post('api/login', { json: { username: form.get('username'), password: form.get('password') } });
    const body = await res.json<SessionUser & { error?: string; message?: string }>();
    if (res.ok && body.username) {
      setUser(body);
      setError('');
    } else {
      setError(body.error ?? body.message ?? 'Sign in failed');
    }
  }

  async function signOut() {
    await http.get('api/logout');
    setUser(null);
  }

  if (host === 'down') return <main><h1>Interschools is not available at this address</h1></main>;
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 420, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Interschools</h1>
      {user ? (
        <section>
          <p>Signed in as <strong>{user.username}</strong> ({user.type}){user.schoolName ? `, ${user.schoolName}` : ''}</p>
          {user.eventName && <p>Event: {user.eventName}</p>}
          <button type="button" onClick={signOut}>Log out</button>
        </section>
      ) : (
        <form onSubmit={signIn}>
          <p><label>Username<br /><input name="username" autoComplete="username" required /></label></p>
          <p><label>Password<br /><input name="password" type="password" autoComplete="current-password" required /></label></p>
          {error && <p role="alert" style={{ color: '#b00020' }}>{error}</p>}
          <button type="submit">Sign in</button>
        </form>
      )}
    </main>
  );
}
