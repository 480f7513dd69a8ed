// The team managers screen in the DOM: the season pass column is there for a VIC event only, a
// new row says nothing is wrong before the user has typed in it, and on Save asks for names and a
// mobile (the spec's phone message) before anything is saved, and a
// row added on the screen is simply dropped by Remove; unsaved work outlives leaving the screen. (Syncing with the real server:
// team-managers-sync.test.tsx; editing cells in a real browser: tests/e2e/team-managers.test.ts.)
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionContext } from '../../src/components/session-context';
import { InterschoolsDb } from '../../src/db/database';
import { unsavedEditCount } from '../../src/db/drafts';
import { MESSAGES } from '../../src/domain/messages';
import type { SessionUser } from '../../src/domain/schemas/entities';
import TeamManagersPage, { LOCKED_MESSAGE } from '../../src/features/team-managers/team-managers-page';
import { syncStatus } from '../../src/sync/status';
import { sessionUser } from './support/factories';

let db: InterschoolsDb;
const USER = sessionUser(uuidv7(), uuidv7());

beforeEach(() => {
  db = new InterschoolsDb(`team-managers-page-${crypto.randomUUID()}`);
  syncStatus.set({ online: true, locked: false });
});
afterEach(async () => {
  cleanup();
  await db.delete();
});

function renderPage(user: SessionUser = USER) {
  return render(
    <SessionContext.Provider value={{ user, setUser: async () => {} }}>
      <TeamManagersPage db={db} />
    </SessionContext.Provider>,
  );
}

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const headers = () => screen.queryAllByRole('columnheader').map((th) => th.textContent?.trim());

async function addRow() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add team manager' }));
  await screen.findByRole('button', { name: 'Remove' });
}
const invalidList = () => screen.queryByRole('list', { name: 'Invalid cells in Team managers' });

describe('team managers page', () => {
  it('shows the season pass column for a VIC event', async () => {
    renderPage({ ...USER, invoiceType: 'VIC' });
    await addRow();
    await waitFor(() => expect(headers()).toContain('Season pass'));
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes).toHaveLength(1);
    expect((boxes[0] as HTMLInputElement).checked).toBe(false);
  });

  it('has no season pass column for an NSW event', async () => {
    renderPage({ ...USER, invoiceType: 'NSW' });
    await addRow();
    await waitFor(() => expect(headers()).toContain('Mobile'));
    expect(headers()).not.toContain('Season pass');
  });

  it("shows nothing wrong with a new row before it is touched, then on Save asks for names and a mobile, with the spec's phone message", async () => {
    renderPage();
    expect(saveButton().disabled).toBe(true);
    await addRow();
    // Nothing red before the user has typed: following the screen is not a mistake.
    expect(invalidList()).toBeNull();
    expect(screen.queryByText('Fix the invalid cells before saving.')).toBeNull();
    expect(document.querySelector('.htInvalid')).toBeNull();
    expect(saveButton().disabled).toBe(false);

    fireEvent.click(saveButton());
    const invalid = await screen.findByRole('list', { name: 'Invalid cells in Team managers' });
    expect(invalid.textContent).toContain(`Mobile: ${MESSAGES.teamManagerPhoneRequired}`);
    expect(invalid.textContent).toContain('Given name: Required');
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText('Fix the invalid cells before saving.')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.htInvalid')).not.toBeNull());
    expect(await db.outbox.count()).toBe(0);
  });

  it('opens a row as a form: the fields one under the other, problems once a field is left, the values in the grid on Done', async () => {
    renderPage();
    await addRow();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit New team manager' });
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    // Nothing wrong is said before a field is left.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.change(field('Given name'), { target: { value: 'Robin' } });
    fireEvent.change(field('Surname'), { target: { value: 'Formfield' } });
    fireEvent.blur(field('Mobile'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.teamManagerPhoneRequired);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('dialog', { name: 'Edit New team manager' })).toBeTruthy();
    fireEvent.change(field('Mobile'), { target: { value: '0400 555 123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('Formfield', { selector: 'td' });
    expect(screen.getByText('0400 555 123', { selector: 'td' })).toBeTruthy();
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
  });

  it('drops a row added on the screen when it is removed, and Save goes back to disabled', async () => {
    renderPage();
    await addRow();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull());
    expect(saveButton().disabled).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps a row added and not saved when the screen is left and opened again, with a note, until it is discarded', async () => {
    renderPage();
    await addRow();
    await waitFor(async () => expect(await unsavedEditCount(db, USER.username)).toBe(1));
    cleanup();
    renderPage();
    await screen.findByRole('button', { name: 'Remove' });
    expect(screen.getByText('An edit you had not saved was kept on this device.', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard unsaved edits' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull());
    await waitFor(async () => expect(await unsavedEditCount(db, USER.username)).toBe(0));
    expect(await db.outbox.count()).toBe(0);
  });

  it('is read-only with the reason shown when the event is locked', async () => {
    renderPage({ ...USER, locked: true });
    expect(await screen.findByText(LOCKED_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add team manager' })).toBeNull();
  });
});
