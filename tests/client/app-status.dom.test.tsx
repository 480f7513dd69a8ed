// The always-visible sync status, the locked banner, the blocked list and logout's warning, read
// from the status store and the Dexie outbox. The network is a fetch stub.
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { InterschoolsDb, type OutboxItem } from '../../src/db/database';
import { getSessionUser, setSessionUser } from '../../src/db/meta';
import type { SessionUser } from '../../src/domain/schemas/entities/user';
import type { SyncEngine } from '../../src/sync/engine';
import { syncStatus } from '../../src/sync/status';

let db: InterschoolsDb;
let paths: string[];

function stubNetwork() {
  paths = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname;
      paths.push(path);
      const body = path === '/utils/host' ? { host: 'localhost', allowed: true } : { ok: true };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

const engine = (): SyncEngine => ({
  flush: vi.fn(async () => undefined),
  pull: vi.fn(async () => undefined),
  syncNow: vi.fn(async () => undefined),
  start: vi.fn(() => () => undefined),
  resumeFor: vi.fn(async () => undefined),
});

function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  const school = crypto.randomUUID();
  return {
    type: 'school',
    SchoolId: school,
    EventId: crypto.randomUUID(),
    eventName: 'VIC Interschools 2025',
    schoolName: 'Alpine College',
    eventType: 'State',
    invoiceType: 'VIC',
    eventStates: [{ id: 2 }],
    selectedSchool: school,
    username: 'coord@alpine.test',
    firstSeasonLogin: false,
    locked: false,
    ...overrides,
  };
}

function blockedItem(seq: number, status: OutboxItem['status'] = 'blocked'): OutboxItem {
  return {
    seq,
    clientId: 'client-1',
    userId: 'coord@alpine.test',
    method: 'PUT',
    path: '/api/teams',
    body: { multi: true, teams: [], teamsDeleted: [] },
    idempotencyKey: crypto.randomUUID(),
    entity: 'teams',
    rowId: null,
    eventId: 'event-1',
    createdAt: new Date().toISOString(),
    status,
    error: status === 'pending' ? undefined : 'This event is locked',
    attempts: 1,
    nextAttemptAt: 0,
    scope: 'event:event-1',
  };
}

async function openHome() {
  await setSessionUser(db, sessionUser());
  window.location.hash = '#/';
  render(<App services={{ db, engine: engine() }} />);
  await screen.findByRole('heading', { name: /Welcome/ });
}

beforeEach(() => {
  db = new InterschoolsDb(`app-status-${crypto.randomUUID()}`);
  localStorage.clear();
  stubNetwork();
});

afterEach(async () => {
  cleanup();
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

describe('status bar', () => {
  it('counts the changes on this device as they are queued, and lists them from the bar', async () => {
    await db.outbox.bulkAdd([1, 2, 3].map((seq) => blockedItem(seq, 'pending')));
    await db.outbox.bulkAdd([blockedItem(4), blockedItem(5), blockedItem(6, 'failed')]);
    syncStatus.set({ online: true });
    await openHome();
    const bar = screen.getByRole('status', { name: 'Sync status' });
    expect(within(bar).getByText('Online')).toBeTruthy();
    expect(await within(bar).findByRole('button', { name: '3 changes waiting to be sent' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: '2 blocked' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: '1 need attention' })).toBeTruthy();
    expect(within(bar).queryByText('All changes saved')).toBeNull();
    // A change queued now shows at once (the engine's counts lagged behind the rows' marks).
    await db.outbox.add(blockedItem(7, 'pending'));
    expect(await within(bar).findByRole('button', { name: '4 changes waiting to be sent' })).toBeTruthy();
    act(() => syncStatus.set({ online: false, syncing: true }));
    expect(within(bar).getByText('Offline')).toBeTruthy();
    expect(within(bar).getByText('Syncing…')).toBeTruthy();

    fireEvent.click(within(bar).getByRole('button', { name: '4 changes waiting to be sent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes on this device' });
    expect(await within(dialog).findByRole('heading', { name: 'Waiting to be sent (4)' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Blocked by the event lock (2)' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Need attention (1)' })).toBeTruthy();
    expect(within(dialog).getAllByText(/^Teams, changed /)).toHaveLength(7);
  });

  it('lists blocked changes with an Export as CSV action', async () => {
    await db.outbox.add(blockedItem(1));
    await openHome();
    fireEvent.click(await screen.findByRole('button', { name: '1 blocked' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes on this device' });
    expect(await within(dialog).findByText('Teams changed')).toBeTruthy();
    expect(within(dialog).queryByText(/api/)).toBeNull();
    const exportButton = within(dialog).getByRole('button', { name: 'Export as CSV' }) as HTMLButtonElement;
    expect(exportButton.disabled).toBe(false);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the locked banner when the event is locked', async () => {
    await openHome();
    expect(screen.queryByText('This event is locked. Changes can no longer be made.')).toBeNull();
    act(() => syncStatus.set({ locked: true }));
    expect(await screen.findByText('This event is locked. Changes can no longer be made.')).toBeTruthy();
    // The 410 also marks the stored user locked.
    await waitFor(async () => expect((await getSessionUser(db))?.locked).toBe(true));
  });
});

describe('logout', () => {
  it('asks first while changes are pending, and keeps the outbox', async () => {
    await db.outbox.bulkAdd([blockedItem(1, 'pending'), blockedItem(2)]);
    await openHome();
    await screen.findByRole('button', { name: '1 blocked' });
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out with unsent changes?' });
    expect(within(dialog).getByText(/2 changes have not reached the server yet/)).toBeTruthy();
    expect(paths).not.toContain('/api/logout');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await getSessionUser(db)).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText('Choose the event, then sign in again.')).toBeNull();
    expect(paths).toContain('/api/logout');
    expect(await getSessionUser(db)).toBeNull();
    expect(await db.outbox.count()).toBe(2);
  });

  it('lets a school change event: back to the event choice with its username, after the same warning', async () => {
    await db.outbox.add(blockedItem(1, 'pending'));
    await openHome();
    await screen.findByRole('button', { name: '1 change waiting to be sent' });
    fireEvent.click(screen.getByRole('button', { name: 'Change event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change event with unsent changes?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change event' }));
    expect(await screen.findByText('Choose the event, then sign in again.')).toBeTruthy();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('coord@alpine.test');
    expect(paths).toContain('/api/logout');
    expect(await getSessionUser(db)).toBeNull();
    expect(await db.outbox.count()).toBe(1);
  });

  it('logs out at once when nothing is pending, even offline', async () => {
    await openHome();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await getSessionUser(db)).toBeNull();
  });
});
