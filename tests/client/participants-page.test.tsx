import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { v7 as uuidv7 } from 'uuid';
import { SessionContext } from '../../src/components/session-context';
import { InterschoolsDb, type ParticipantRow, type TeamEntryRow, type TeamRow } from '../../src/db/database';
import type { SessionUser } from '../../src/domain/schemas/entities';
import ParticipantsPage, { LOCKED_MESSAGE } from '../../src/features/participants/participants-page';
import { syncStatus } from '../../src/sync/status';
import { participantRow, sessionUser } from './support/factories';

const SCHOOL = uuidv7();
const OTHER_SCHOOL = uuidv7();
const EVENT = uuidv7();
const PAST_EVENT = uuidv7();
let db: InterschoolsDb;

beforeEach(() => {
  db = new InterschoolsDb(`participants-page-${crypto.randomUUID()}`);
  syncStatus.set({ online: true, locked: false });
});

afterEach(async () => {
  cleanup();
  await db.delete();
});

function user(overrides: Partial<SessionUser> = {}): SessionUser {
  return sessionUser(SCHOOL, EVENT, overrides);
}

function participant(overrides: Partial<ParticipantRow> = {}): ParticipantRow {
  return participantRow<ParticipantRow>(SCHOOL, overrides);
}

function team(overrides: Partial<TeamRow> = {}): TeamRow {
  return {
    id: uuidv7(),
    DisciplineId: 1,
    division: 2,
    teamRank: 'A',
    gender: 'Female',
    EventId: EVENT,
    SchoolId: SCHOOL,
    ...overrides,
  };
}

function entry(teamId: string, participantId: string, overrides: Partial<TeamEntryRow> = {}): TeamEntryRow {
  return { id: uuidv7(), TeamId: teamId, ParticipantId: participantId, position: 1, bib: null, ...overrides };
}

function renderPage(sessionUser: SessionUser = user()) {
  return render(
    <SessionContext.Provider value={{ user: sessionUser, setUser: async () => {} }}>
      <ParticipantsPage db={db} currentYear={2025} />
    </SessionContext.Provider>,
  );
}

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('participants page', () => {
  it("lists the school's participants with dates of birth shown dd/mm/yyyy", async () => {
    await db.participants.bulkAdd([
      participant({ firstname: 'Ada', lastname: 'Lovelace', dob: '2011-02-03' }),
      participant({ snowId: '1002', firstname: 'Grace', lastname: 'Hopper', dob: '2012-12-25' }),
      participant({ snowId: '1003', firstname: 'Other', lastname: 'School', SchoolId: OTHER_SCHOOL }),
      participant({ snowId: '1004', firstname: 'Gone', lastname: 'Archived', archived: 1 }),
    ]);
    renderPage();
    expect(await screen.findByText('Lovelace', { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('Hopper', { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('03/02/2011', { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('25/12/2012', { selector: 'td' })).toBeTruthy();
    expect(screen.queryByText('School', { selector: 'td' })).toBeNull();
    expect(screen.queryByText('Archived', { selector: 'td' })).toBeNull();
    expect(saveButton().disabled).toBe(true);
  });

  it('highlights an inactive snow id', async () => {
    await db.participants.bulkAdd([
      participant({ snowId: 'ACTIVE1', snowIdActive: 1 }),
      participant({ snowId: 'INACTIVE1', snowIdActive: 0, firstname: 'Ina', lastname: 'Ctive' }),
    ]);
    renderPage();
    await waitFor(() => expect(screen.getByText('INACTIVE1', { selector: 'td' }).className).toContain('cell-warning'));
    expect(screen.getByText('ACTIVE1', { selector: 'td' }).className).not.toContain('cell-warning');
    expect(screen.getByText('inactive snow id', { selector: 'td' })).toBeTruthy();
  });

  it("shows the server's refusal on the row of a failed outbox item", async () => {
    const row = participant({ snowId: '999', _pending: true });
    await db.participants.add(row);
    await db.outbox.add({
      seq: 1,
      clientId: 'c',
      userId: 'coordinator@alpine.edu.au',
      method: 'POST',
      path: '/api/v2/participants',
      body: { id: row.id },
      idempotencyKey: uuidv7(),
      entity: 'participants',
      rowId: row.id,
      eventId: EVENT,
      createdAt: new Date().toISOString(),
      status: 'failed',
      error: 'Snow Id not found or is inactive',
      attempts: 1,
      nextAttemptAt: 0,
      scope: `event:${EVENT}`,
    });
    renderPage();
    const refused = await screen.findByRole('region', { name: 'Changes the server refused' });
    expect(within(refused).getByText(/Snow Id not found or is inactive/)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText('Snow Id not found or is inactive', { selector: 'td' }).className).toContain('cell-error'),
    );
  });

  it('removing marks the participant archived, queues a PATCH with archived 1 and drops its entries in this event', async () => {
    const ada = participant();
    const grace = participant({ snowId: '1002', firstname: 'Grace', lastname: 'Hopper' });
    const current = team();
    const past = team({ EventId: PAST_EVENT });
    const currentEntry = entry(current.id, ada.id);
    const pastEntry = entry(past.id, ada.id);
    const graceEntry = entry(current.id, grace.id, { position: 2 });
    await db.participants.bulkAdd([ada, grace]);
    await db.teams.bulkAdd([current, past]);
    await db.teamEntries.bulkAdd([currentEntry, pastEntry, graceEntry]);

    renderPage();
    await screen.findByText('Lovelace', { selector: 'td' });
    const removeButtons = await screen.findAllByRole('button', { name: 'Remove' });
    expect(removeButtons).toHaveLength(2);
    fireEvent.click(removeButtons[0]!); // rows are sorted by surname: Hopper, Lovelace
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' }).at(-1)!);
    await waitFor(() => expect(screen.queryByText('Lovelace', { selector: 'td' })).toBeNull());
    // Hopper removed first, then Lovelace; undo Hopper so exactly one row is saved.
    fireEvent.click(screen.getAllByRole('button', { name: 'Undo remove' })[0]!);
    await screen.findByText('Hopper', { selector: 'td' });

    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(saveButton().disabled).toBe(true));

    const items = await db.outbox.toArray();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      method: 'PATCH',
      path: `/api/v2/participants/${ada.id}`,
      body: { archived: 1, version: 1 },
      entity: 'participants',
      rowId: ada.id,
      eventId: EVENT,
      userId: 'coordinator@alpine.edu.au',
    });
    expect(items[0]!.base).toMatchObject({ id: ada.id, archived: 0, version: 1 });
    expect((await db.participants.get(ada.id))?.archived).toBe(1);
    expect(await db.teamEntries.get(currentEntry.id)).toBeUndefined();
    expect(await db.teamEntries.get(pastEntry.id)).toBeDefined();
    expect(await db.teamEntries.get(graceEntry.id)).toBeDefined();
    expect(screen.queryByText('Lovelace', { selector: 'td' })).toBeNull();
  });

  it('saving several removed rows queues one PUT of the participants', async () => {
    const ada = participant();
    const grace = participant({ snowId: '1002', firstname: 'Grace', lastname: 'Hopper', version: 4 });
    await db.participants.bulkAdd([ada, grace]);
    renderPage();
    await screen.findByText('Lovelace', { selector: 'td' });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Remove' }))[0]!);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    const [item, ...rest] = await db.outbox.toArray();
    expect(rest).toHaveLength(0);
    expect(item).toMatchObject({ method: 'PUT', path: '/api/v2/participants' });
    const body = item!.body as { participants: { id: string; archived: number; version?: number }[] };
    expect(body.participants.map((p) => [p.id, p.archived, p.version]).sort()).toEqual(
      [
        [ada.id, 1, 1],
        [grace.id, 1, 4],
      ].sort(),
    );
  });

  it('lists race entries of the current event and deletes one', async () => {
    const ada = participant();
    await db.participants.add(ada);
    await db.disciplines.add({ id: 4, name: 'Snowboard Giant Slalom', divisionFrom: 1, divisionTo: 5, male: true, female: true } as never);
    const current = team({ DisciplineId: 4, division: 3, teamRank: 'B' });
    const past = team({ EventId: PAST_EVENT, DisciplineId: 1 });
    const currentEntry = entry(current.id, ada.id, { position: 2 });
    await db.teams.bulkAdd([current, past]);
    await db.teamEntries.bulkAdd([currentEntry, entry(past.id, ada.id)]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Race entries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Race entries: Ada Lovelace' });
    expect(await within(dialog).findByText('Snowboard Giant Slalom')).toBeTruthy();
    expect(within(dialog).getAllByRole('row')).toHaveLength(2); // header + the one entry of this event
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Snowboard Giant Slalom entry' }));
    await within(dialog).findByText('No race entries in this event.');
    expect(await db.teamEntries.get(currentEntry.id)).toBeUndefined();
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ method: 'DELETE', path: `/api/v2/team-entries/${currentEntry.id}`, entity: 'teamEntries', rowId: currentEntry.id });
  });

  it('is read-only with the reason shown when the event is locked', async () => {
    await db.participants.add(participant());
    syncStatus.set({ locked: true });
    renderPage();
    expect(await screen.findByText(LOCKED_MESSAGE)).toBeTruthy();
    await screen.findByText('Lovelace', { selector: 'td' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add participant' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('is read-only when the session user is locked', async () => {
    await db.participants.add(participant());
    renderPage(user({ locked: true }));
    expect(await screen.findByText(LOCKED_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add participant' })).toBeNull();
  });
});
