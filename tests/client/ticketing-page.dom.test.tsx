// The ticketing screen: the sum of the seven ticket fields over the passes available shows as too
// many and keeps Save disabled; a school cannot change the passes; Save commits locally (one
// POST /api/ticketings in the outbox), says 'Ticketing saved' and that it still waits to be sent.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionContext } from '../../src/components/session-context';
import { InterschoolsDb } from '../../src/db/database';
import { TEAM_MANAGER_PASSES_LABEL, TICKET_FIELD_LABELS } from '../../src/domain/constants/ticketing';
import { MESSAGES } from '../../src/domain/messages';
import type { SessionUser } from '../../src/domain/schemas/entities';
import TicketingPage, { WAITING_MESSAGE, tooManyMessage } from '../../src/features/ticketing/ticketing-page';
import { syncStatus } from '../../src/sync/status';
import { sessionUser } from './support/factories';

let db: InterschoolsDb;
const SCHOOL = sessionUser(uuidv7(), uuidv7());
const ADMIN: SessionUser = { ...SCHOOL, type: 'admin', username: 'admin@interschools.test' };

beforeEach(() => {
  db = new InterschoolsDb(`ticketing-page-${crypto.randomUUID()}`);
  syncStatus.set({ online: false, locked: false });
});
afterEach(async () => {
  cleanup();
  await db.delete();
});

function renderPage(user: SessionUser) {
  return render(
    <SessionContext.Provider value={{ user, setUser: async () => {} }}>
      <TicketingPage db={db} />
    </SessionContext.Provider>,
  );
}

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const type = async (label: string, value: string) =>
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });

describe('ticketing page', () => {
  it('shows too many tickets for the passes available and keeps Save disabled', async () => {
    renderPage(SCHOOL);
    expect(((await screen.findByLabelText(TEAM_MANAGER_PASSES_LABEL)) as HTMLInputElement).readOnly).toBe(true);
    await type(TICKET_FIELD_LABELS.managerTicket1, '1');
    expect(screen.getByText(tooManyMessage(1, 0))).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it("lets an admin set the passes; saves locally with 'Ticketing saved' and says it waits to be sent", async () => {
    renderPage(ADMIN);
    await type(TEAM_MANAGER_PASSES_LABEL, '3');
    await type(TICKET_FIELD_LABELS.managerTicket1, '2');
    await type(TICKET_FIELD_LABELS.xcManagerTicketXC1, '2');
    expect(screen.getByText(tooManyMessage(4, 3))).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    await type(TICKET_FIELD_LABELS.xcManagerTicketXC1, '1');
    expect(saveButton().disabled).toBe(false);

    fireEvent.click(saveButton());
    expect(await screen.findByText(MESSAGES.ticketingSaved)).toBeTruthy();
    expect(await screen.findByText(WAITING_MESSAGE)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({
      method: 'POST',
      path: '/api/ticketings',
      entity: 'ticketing',
      rowId: `${SCHOOL.SchoolId}:${SCHOOL.EventId}`,
      body: { ticketing: { managerTicket1: 2, xcManagerTicketXC1: 1, noAvailableTeamManagerPasses: 3 } },
    });
  });

  it('refuses a number that is not a whole number, 0 or more', async () => {
    renderPage(ADMIN);
    await type(TICKET_FIELD_LABELS.managerTicket2, '-1');
    expect(screen.getByText('Enter a whole number, 0 or more.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });
});
