import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { v7 as uuidv7 } from 'uuid';
import { SessionContext } from '../../src/components/session-context';
import { InterschoolsDb, type ParticipantRow } from '../../src/db/database';
import type { SessionUser } from '../../src/domain/schemas/entities';
import { OFFLINE_LOOKUP_NOTE } from '../../src/features/participants/add-participant-dialog';
import ParticipantsPage from '../../src/features/participants/participants-page';
import { syncStatus } from '../../src/sync/status';
import { sessionUser } from './support/factories';

const SCHOOL = uuidv7();
const EVENT = uuidv7();
let db: InterschoolsDb;

const USER: SessionUser = sessionUser(SCHOOL, EVENT);

beforeEach(() => {
  db = new InterschoolsDb(`participants-add-${crypto.randomUUID()}`);
  syncStatus.set({ online: true, locked: false });
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await db.delete();
});

function renderPage() {
  return render(
    <SessionContext.Provider value={{ user: USER, setUser: async () => {} }}>
      <ParticipantsPage db={db} currentYear={2025} />
    </SessionContext.Provider>,
  );
}

async function openDialog() {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Add participant' }));
  return screen.getByRole('dialog', { name: 'Add participant' });
}

function type(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

function stubFetch(answer: (input?: RequestInfo | URL) => Promise<Response>) {
  const fetch = vi.fn(answer);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function lookUp(dialog: HTMLElement, snowId: string) {
  type(dialog, 'Snow Id', snowId);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Look up' }));
}

/** What assistive technology reads after a field's name: its aria-describedby elements' text. */
function description(field: HTMLElement) {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const NEXT_STEP = /Check the number with the student or their family\./;
const NO_SNOW_ID_YET = /no Snow Id yet can be added without one: open Entries > Import spreadsheet/;

describe('add participant dialog: first steps', () => {
  it('says to start with the Snow Id, which is required', async () => {
    const dialog = await openDialog();
    expect(
      within(dialog).getByText(
        "Start with the student's Snow Id: look it up and their name, gender and date of birth are filled in for you.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText('Snow Id').getAttribute('aria-required')).toBe('true');
  });

  it('shows the details the lookup fills in as read-only, filled in from the Snow Id', async () => {
    const dialog = await openDialog();
    for (const label of ['Given name', 'Surname', 'Date of birth']) {
      const field = within(dialog).getByLabelText(label) as HTMLInputElement;
      expect(field.readOnly, label).toBe(true);
      expect(description(field), label).toContain('Filled in from the Snow Id');
    }
    const gender = within(dialog).getByLabelText('Gender') as HTMLSelectElement;
    expect(gender.disabled).toBe(true);
    expect(description(gender)).toContain('Filled in from the Snow Id');
  });
});

describe('add participant dialog: snow id lookup', () => {
  it('fills names, gender and date of birth from the registry', async () => {
    const fetch = stubFetch(async () =>
      Response.json({
        snowId: '5001',
        firstname: 'Mikaela',
        lastname: 'Shiff',
        gender: 'Female',
        dob: '2012-03-13',
        active: true,
      }),
    );
    const dialog = await openDialog();
    await lookUp(dialog, '5001');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Given name') as HTMLInputElement).value).toBe('Mikaela'),
    );
    const input = fetch.mock.calls[0]![0];
    expect(input instanceof Request ? input.url : String(input)).toContain('/api/snowracer/5001');
    expect((within(dialog).getByLabelText('Surname') as HTMLInputElement).value).toBe('Shiff');
    expect((within(dialog).getByLabelText('Gender') as HTMLSelectElement).value).toBe('Female');
    expect((within(dialog).getByLabelText('Date of birth') as HTMLInputElement).value).toBe('13/03/2012');
  });

  it("shows 'Snow Id not found or is inactive' on a 404", async () => {
    stubFetch(async () => new Response('Not found', { status: 404 }));
    const dialog = await openDialog();
    await lookUp(dialog, '404404');
    expect(await within(dialog).findByText('Snow Id not found or is inactive')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says what to do next when the Snow Id is not found', async () => {
    stubFetch(async () => new Response('Not found', { status: 404 }));
    const dialog = await openDialog();
    await lookUp(dialog, '404404');
    expect(await within(dialog).findByText('Snow Id not found or is inactive')).toBeTruthy();
    const help = within(dialog).getByText(NEXT_STEP);
    expect(help.textContent).toMatch(/A Snow Id is a racer's member number in Snowracer/);
    expect(help.textContent).toMatch(NO_SNOW_ID_YET);
    const snowId = within(dialog).getByLabelText('Snow Id');
    expect(description(snowId)).toContain('Snow Id not found or is inactive');
    expect(description(snowId)).toMatch(NEXT_STEP);
  });

  it("shows 'Error connecting to the athlete registry' on other failures", async () => {
    stubFetch(async () => new Response('boom', { status: 502 }));
    const dialog = await openDialog();
    await lookUp(dialog, '5002');
    expect(await within(dialog).findByText('Error connecting to the athlete registry')).toBeTruthy();
  });

  it("shows 'Error connecting to the athlete registry' when the network fails", async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const dialog = await openDialog();
    await lookUp(dialog, '5003');
    expect(await within(dialog).findByText('Error connecting to the athlete registry')).toBeTruthy();
  });

  it("shows 'Snow Id not found' on an empty answer", async () => {
    stubFetch(async () => new Response('', { status: 200 }));
    const dialog = await openDialog();
    await lookUp(dialog, '5004');
    expect(await within(dialog).findByText('Snow Id not found')).toBeTruthy();
    expect(within(dialog).getByText(NEXT_STEP)).toBeTruthy();
  });

  it('adds a looked-up participant with a POST and a new UUIDv7 id', async () => {
    stubFetch(async () =>
      Response.json({
        snowId: '5001',
        firstname: 'Mikaela',
        lastname: 'Shiff',
        gender: 'Female',
        dob: '2012-03-13',
        active: true,
      }),
    );
    const dialog = await openDialog();
    await lookUp(dialog, '5001');
    await within(dialog).findByText('Snow Id found in the athlete registry.');
    fireEvent.change(within(dialog).getByLabelText('Year level'), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({
      method: 'POST',
      path: '/api/v2/participants',
      body: {
        snowId: '5001',
        snowIdActive: 1,
        firstname: 'Mikaela',
        lastname: 'Shiff',
        gender: 'Female',
        dob: '2012-03-13',
        yearLevel: '7',
        archived: 0,
        SchoolId: SCHOOL,
      },
    });
    const id = (item!.body as { id: string }).id;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    const row = (await db.participants.get(id)) as ParticipantRow & { _lookupPending?: boolean };
    expect(row._lookupPending).toBeFalsy();
    expect(await screen.findByText('Shiff', { selector: 'td' })).toBeTruthy();
  });
});

describe('add participant dialog: offline', () => {
  async function addByHand(snowId: string) {
    syncStatus.set({ online: false });
    const dialog = await openDialog();
    expect((within(dialog).getByRole('button', { name: 'Look up' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText(OFFLINE_LOOKUP_NOTE)).toBeTruthy();
    type(dialog, 'Snow Id', snowId);
    type(dialog, 'Given name', 'Jakara');
    type(dialog, 'Surname', 'Anthony');
    fireEvent.change(within(dialog).getByLabelText('Gender'), { target: { value: 'Male' } });
    type(dialog, 'Date of birth', '20/4/2011');
    fireEvent.change(within(dialog).getByLabelText('Year level'), { target: { value: 'K' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }

  it('accepts the details typed by hand and marks the row lookup pending', async () => {
    await addByHand('7007');
    const rows = (await db.participants.toArray()) as (ParticipantRow & { _lookupPending?: boolean })[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      snowId: '7007',
      firstname: 'Jakara',
      dob: '2011-04-20',
      yearLevel: 'K',
      _lookupPending: true,
    });
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({
      method: 'POST',
      path: '/api/v2/participants',
      body: { snowId: '7007', dob: '2011-04-20' },
    });
    expect(item!.body).not.toHaveProperty('snowIdActive');
    expect(await screen.findByText('lookup pending', { selector: 'td' })).toBeTruthy();
  });

  it('updates the participant with the same snow id in the school instead of duplicating it', async () => {
    const existing: ParticipantRow = {
      id: uuidv7(),
      snowId: '7007',
      snowIdActive: 1,
      firstname: 'Jak',
      lastname: 'Anthony',
      yearLevel: '12',
      gender: 'Male',
      dob: null,
      email: 'jak@example.com',
      SchoolId: SCHOOL,
      archived: 1,
      version: 3,
    };
    await db.participants.add(existing);
    await addByHand('7007');
    const rows = await db.participants.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: existing.id,
      firstname: 'Jakara',
      yearLevel: 'K',
      archived: 0,
      email: 'jak@example.com',
    });
    const items = await db.outbox.toArray();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      method: 'PATCH',
      path: `/api/v2/participants/${existing.id}`,
      rowId: existing.id,
      body: { snowId: '7007', firstname: 'Jakara', yearLevel: 'K', archived: 0, version: 3 },
    });
    expect(await screen.findByText('Jakara', { selector: 'td' })).toBeTruthy();
  });
});
