// The app shell in happy-dom: routes and guards, the host check, login (server error text,
// autofill, racedept landing), offline start from the stored user. The network is a fetch stub;
// the server's own behaviour is tested in tests/api.
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listActiveEvents, listSchools } from '../../src/api/session';
import { App } from '../../src/app/app';
import { InterschoolsDb } from '../../src/db/database';
import { AUTOFILL_POLL_MS } from '../../src/domain/constants/ui';
import { getSessionUser, setSessionUser } from '../../src/db/meta';
import type { SessionUser } from '../../src/domain/schemas/entities/user';
import type { SyncEngine } from '../../src/sync/engine';
import { syncStatus } from '../../src/sync/status';
import { queueWrite } from '../../src/sync/writes';

type Reply = { status?: number; body?: unknown } | 'offline';
type Handler = (path: string, init: { method: string; body: unknown }) => Reply | undefined;

let db: InterschoolsDb;
let calls: { method: string; path: string; body: unknown }[];

function stubNetwork(handler: Handler = () => undefined) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const path = new URL(request.url, 'http://localhost').pathname;
      const text = await request.text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      calls.push({ method: request.method, path, body });
      const reply =
        handler(path, { method: request.method, body }) ??
        (path === '/utils/host'
          ? { body: { host: 'localhost', allowed: true } }
          : { status: 404, body: { message: 'Not Found' } });
      if (reply === 'offline') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body ?? {}), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function fakeEngine(): SyncEngine {
  return {
    flush: vi.fn(async () => undefined),
    pull: vi.fn(async () => undefined),
    syncNow: vi.fn(async () => undefined),
    start: vi.fn(() => () => undefined),
    resumeFor: vi.fn(async () => undefined),
  };
}

function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  const school = crypto.randomUUID();
  return {
    type: 'school',
    SchoolId: school,
    EventId: crypto.randomUUID(),
    eventName: 'NSW Interschools 2025',
    schoolName: 'Snowy Mountains High',
    eventType: 'State',
    invoiceType: 'NSW',
    eventStates: [{ id: 3 }],
    selectedSchool: school,
    username: 'coord@snowy.test',
    firstSeasonLogin: false,
    locked: false,
    ...overrides,
  };
}

function openAt(hash: string, engine: SyncEngine = fakeEngine()) {
  window.location.hash = hash;
  render(<App services={{ db, engine }} />);
  return engine;
}

beforeEach(() => {
  db = new InterschoolsDb(`app-shell-${crypto.randomUUID()}`);
  localStorage.clear();
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  syncStatus.set({
    locked: false,
    needsLogin: false,
    syncing: false,
    message: null,
    online: true,
  });
  await db.delete();
});

describe('routes and guards', () => {
  it('sends an unknown route to / and then to /login without a user', async () => {
    stubNetwork();
    openAt('#/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(window.location.hash).toBe('#/login');
  });

  it('opens / from the stored user without the network', async () => {
    stubNetwork(() => 'offline');
    await setSessionUser(db, sessionUser({ firstname: 'Jo' }));
    openAt('#/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Jo' })).toBeTruthy();
    expect(screen.getAllByText('Snowy Mountains High').length).toBeGreaterThan(0);
    expect(window.location.hash).toBe('#/');
    expect(screen.queryByText(/not available here/)).toBeNull();
  });

  it('sends others to /login from the screens the spec says (payments, schools, reports)', async () => {
    stubNetwork(() => 'offline');
    await setSessionUser(db, sessionUser());
    for (const hash of ['#/payments', '#/schools', '#/reports', '#/reports/coordinator-details-state']) {
      openAt(hash);
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
      expect(window.location.hash).toBe('#/login');
      cleanup();
    }
  });

  it('tells a user a screen typed in is not for their role, and leads home', async () => {
    stubNetwork(() => 'offline');
    await setSessionUser(db, sessionUser({ type: 'auditor' }));
    openAt('#/accounting');
    expect(await screen.findByRole('heading', { name: 'Accounting sync is not available for your role' })).toBeTruthy();
    expect(
      screen.getByText('Accounting sync is for administrators. You are signed in as one of the auditors.'),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Accounting sync · Interschools'));
    cleanup();
    await setSessionUser(db, sessionUser({ type: 'racedept' }));
    openAt('#/participant/index');
    expect(await screen.findByRole('heading', { name: 'Participants is not available for your role' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to home' }));
    await waitFor(() => expect(window.location.hash).toBe('#/'));
  });

  it('sends / to /login when the session has no event', async () => {
    stubNetwork();
    await setSessionUser(db, sessionUser({ EventId: null, eventName: null }));
    openAt('#/');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('goes to /down when the server does not serve this host', async () => {
    stubNetwork((path) => (path === '/utils/host' ? { body: { host: 'evil.test', allowed: false } } : undefined));
    openAt('#/login');
    expect(await screen.findByRole('heading', { name: 'Interschools is not available here' })).toBeTruthy();
    expect(window.location.hash).toBe('#/down');
  });

  it('uses the last known host answer when the server cannot be reached', async () => {
    localStorage.setItem('interschools:hostAllowed', 'true');
    stubNetwork(() => 'offline');
    openAt('#/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    // The check was asked and failed; what it leads to runs before the next turn of the loop.
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/utils/host'));
    await act(() => new Promise((resolve) => setImmediate(resolve)));
    expect(window.location.hash).toBe('#/login');
  });
});

describe('login', () => {
  it('shows the server’s error text on a refused login', async () => {
    stubNetwork((path) =>
      path === '/api/login'
        ? {
            status: 401,
            body: {
              statusCode: 401,
              error: 'Incorrect email or password',
              message: 'Unauthorized',
              code: 'UNAUTHENTICATED',
            },
          }
        : undefined,
    );
    openAt('#/login');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'someone@school.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect email or password');
    expect(calls.find((c) => c.path === '/api/login')?.body).toEqual({
      username: 'someone@school.test',
      password: 'wrong-password',
    });
    expect(await getSessionUser(db)).toBeNull();
  });

  it('lands racedept on /startlists, stores the user and resumes the outbox for them', async () => {
    const user = sessionUser({
      type: 'racedept',
      SchoolId: null,
      selectedSchool: null,
      schoolName: null,
      username: 'race@dept.test',
    });
    stubNetwork((path) => (path === '/api/login' ? { body: user } : undefined));
    const engine = openAt('#/login');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'race@dept.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Start lists' })).toBeTruthy();
    expect(window.location.hash).toBe('#/startlists');
    expect((await getSessionUser(db))?.username).toBe('race@dept.test');
    expect(engine.resumeFor).toHaveBeenCalledWith('race@dept.test');
    expect(engine.start).toHaveBeenCalled();
    // Without a school, the header names the role rather than 'No school'.
    expect(screen.getByText('Race official · NSW Interschools 2025')).toBeTruthy();
    expect(screen.queryByText(/No school/)).toBeNull();
  });

  it('takes browser-filled values found by the autofill poll', async () => {
    stubNetwork((path) => (path === '/api/login' ? { status: 401, body: { error: 'Nope' } } : undefined));
    // Only the poll's interval is faked: the findBy* waits run on real timeouts and DOM changes.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    openAt('#/login');
    const username = (await screen.findByLabelText('Username')) as HTMLInputElement;
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    // Autofill sets the fields without input events.
    username.value = 'filled@school.test';
    password.value = 'filled-secret';
    act(() => {
      vi.advanceTimersByTime(AUTOFILL_POLL_MS);
    });
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('alert');
    expect(calls.find((c) => c.path === '/api/login')?.body).toEqual({
      username: 'filled@school.test',
      password: 'filled-secret',
    });
  });

  it('shows the spec’s messages for a password reset request', async () => {
    stubNetwork((path, init) => {
      if (path !== '/api/reset') return undefined;
      const { email } = init.body as { email: string };
      return email === 'known@school.test'
        ? { body: { message: 'An email containing a link to reset your password has been sent to your inbox' } }
        : {
            status: 404,
            body: {
              statusCode: 404,
              error: 'Not Found',
              message: "Sorry, we don't have that email address in our records",
            },
          };
    });
    openAt('#/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'unknown@school.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Sorry, we don't have that email address in our records",
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'known@school.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    expect(
      await screen.findByText('An email containing a link to reset your password has been sent to your inbox'),
    ).toBeTruthy();
  });

  it('sets a new password from the reset link', async () => {
    stubNetwork((path) =>
      path === '/api/newPassword' ? { body: { message: 'Your password has been changed.' } } : undefined,
    );
    openAt('#/reset?email=a%40school.test&resetToken=tok123');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'new-password-1' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'new-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/newPassword')?.body).toEqual({
      email: 'a@school.test',
      password: 'new-password-1',
      token: 'tok123',
    });
  });

  it('goes to /login and says the session expired when the outbox needs a login', async () => {
    stubNetwork();
    await setSessionUser(db, sessionUser());
    openAt('#/');
    await screen.findByRole('heading', { name: /Welcome/ });
    act(() => syncStatus.set({ needsLogin: true }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText(/Your session has expired/)).toBeTruthy();
  });
});

describe('admin school switch with unsent changes', () => {
  it('asks first, says the changes stay with the school they were made for, and switches only when told', async () => {
    const event = crypto.randomUUID();
    const schoolA = crypto.randomUUID();
    const schoolB = crypto.randomUUID();
    stubNetwork((path) => {
      if (path === '/api/events') return { body: [{ id: event, name: 'Current event' }] };
      if (path === '/api/school/list')
        return {
          body: [
            { id: schoolA, name: 'Alpine High' },
            { id: schoolB, name: 'Blue Lake School' },
          ],
        };
      if (path === '/api/session/')
        return {
          body: {
            SchoolId: schoolB,
            EventId: event,
            eventName: 'Current event',
            schoolName: 'Blue Lake School',
            eventType: 'State',
            invoiceType: 'NSW',
            eventStates: [{ id: 3 }],
          },
        };
      if (path === '/api/sync/changes' || path === '/api/sync/batch') return 'offline';
      return undefined;
    });
    const admin = sessionUser({
      type: 'admin',
      username: 'admin@test',
      EventId: event,
      eventName: 'Current event',
      SchoolId: schoolA,
      selectedSchool: schoolA,
      schoolName: 'Alpine High',
    });
    await setSessionUser(db, admin);
    await queueWrite(db, {
      method: 'PATCH',
      path: `/api/v2/participants/${crypto.randomUUID()}`,
      body: { firstname: 'Ava' },
      entity: 'participants',
      rowId: crypto.randomUUID(),
      eventId: event,
    });
    openAt('#/');
    await screen.findByRole('heading', { name: /Welcome/ });
    await screen.findByRole('option', { name: 'Blue Lake School' });
    await screen.findByRole('button', { name: '1 change waiting to be sent' });

    fireEvent.change(screen.getByLabelText('School'), { target: { value: schoolB } });
    const dialog = await screen.findByRole('dialog', { name: 'Switch with unsent changes?' });
    expect(dialog.textContent).toContain(
      '1 change has not reached the server yet. It is still saved to the school and event it was made for',
    );
    expect(calls.some((c) => c.path === '/api/session/')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === '/api/session/')).toBe(false);
    expect((await getSessionUser(db))?.SchoolId).toBe(schoolA);

    fireEvent.change(screen.getByLabelText('School'), { target: { value: schoolB } });
    fireEvent.click(await screen.findByRole('button', { name: 'Switch' }));
    await waitFor(async () => expect((await getSessionUser(db))?.SchoolId).toBe(schoolB));
    expect(calls.find((c) => c.path === '/api/session/')?.body).toMatchObject({ SchoolId: schoolB });
    expect((await db.outbox.toArray()).map((item) => item.schoolId)).toEqual([schoolA]);
  });
});

describe('pick lists', () => {
  // The sign-in page and the admin's pickers load a list's routes before asking for it; a screen
  // left meanwhile (its effect aborts the signal) must not send the call. Sent anyway, it went out
  // after the test had removed its network stub, to happy-dom's own origin (localhost:3000).
  it('sends no call for a list whose screen has gone while its routes loaded', async () => {
    stubNetwork((path) =>
      path === '/api/events' ? { body: [{ id: crypto.randomUUID(), name: 'Open event' }] } : undefined,
    );
    const leaving = new AbortController();
    const events = listActiveEvents(leaving.signal);
    const schools = listSchools(crypto.randomUUID(), leaving.signal);
    leaving.abort();
    await Promise.all([events, schools]);
    expect(calls).toEqual([]);
    expect(await listActiveEvents(new AbortController().signal)).toEqual({
      ok: true,
      // A row without a close (or states) still offers its event.
      data: [{ id: expect.any(String), name: 'Open event', entriesCloseAt: null, states: [] }],
    });
    expect(calls.map((c) => c.path)).toEqual(['/api/events']);
  });
});
