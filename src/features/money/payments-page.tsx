// /payments: the payments grid (spec section 2, PAY-10..14), admin and auditor only (others are
// sent to /login). One row per school taking part in the session's event: name, state, invoice
// number, total cost and the payment made (with a 'Paid' tick); for a VIC event also an online
// payment action for what is still owed; why a school's entries are incomplete, on screen.
// The payment made is the sum of the school's payment lines, never typed: 'Payments' opens the
// lines (date, how, reference, amount, paid so far; payment-lines.tsx), where the admin records a
// payment, a refund or a correction, each its own line. Ticking Paid records what the total still
// lacks, sent with Save (PUT /api/payment) with how it was paid (BPAY or cheque) and a reference;
// unticking records a correction or, as the admin says, a refund.
// A payment made at the test checkout is marked TEST: no money was received.
// The auditor sees the same grid and lines read-only. The list lives on the server: it needs the
// network and says so (useServerList).
// Split along its seams: the state and Save in use-payments-grid.ts and payment-edits.ts, the
// table in payments-table.tsx, a school's row in school-payment-row.tsx.
import type { ReactNode } from 'react';
import { AdminListStatus } from '../../components/admin-list';
import { EventChoiceField, useEventChoice } from '../../components/event-choice';
import { TextField } from '../../components/fields';
import { ListLoading } from '../../components/list-loading';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { isAdmin } from '../../domain/rules/access';
import { PaymentsTable } from './payments-table';
import { usePaymentsGrid } from './use-payments-grid';
import './payments-page.css';

export default function PaymentsPage() {
  const { user } = useSession();
  const choice = useEventChoice(user?.EventId ?? null);
  if (!user) return null;
  const eventId = choice.chosen;
  const chooser = <EventChoiceField events={choice.events} chosen={eventId} onChange={choice.setChosen} />;
  if (!eventId) {
    return (
      <PageMain className="page admin-list">
        <h1>Payments</h1>
        <p>{choice.events === null ? 'Loading…' : 'There is no active event.'}</p>
      </PageMain>
    );
  }
  const sessionEvent = eventId === user.EventId;
  return (
    <PaymentsGrid
      key={eventId}
      eventId={eventId}
      eventName={choice.event?.name ?? (sessionEvent ? user.eventName : null)}
      admin={isAdmin(user.type)}
      vic={(choice.event?.invoiceType ?? (sessionEvent ? user.invoiceType : null)) === 'VIC'}
      chooser={chooser}
    />
  );
}

function PaymentsGrid({
  eventId,
  eventName,
  admin,
  vic,
  chooser,
}: {
  eventId: string;
  eventName: string | null;
  admin: boolean;
  vic: boolean;
  chooser: ReactNode;
}) {
  const grid = usePaymentsGrid(eventId);
  const { online, rows, shown, busy } = grid;
  return (
    <PageMain className="page admin-list payments-page">
      <h1>Payments</h1>
      {eventName && <p className="payments-event">{eventName}</p>}
      <div className="admin-list-filters">
        {chooser}
        <TextField label="Find a school" value={grid.typed} onChange={grid.setTyped} />
      </div>
      <AdminListStatus online={online} message={grid.message} />
      {rows === null ? (
        <ListLoading online={online} failed={grid.loadFailed} onRetry={grid.retry} />
      ) : (
        <div className="admin-list-table-wrap">
          <PaymentsTable
            shown={shown}
            totals={grid.totals}
            edits={grid.edits}
            opened={grid.opened}
            paying={grid.paying}
            actions={grid.actions}
            {...{ admin, vic, online }}
          />
          {shown.length === 0 && <p>{rows.length ? 'No schools match.' : 'No school takes part in this event yet.'}</p>}
          {vic && admin && (
            <p className="payments-note">
              Pay online opens the payment gateway for what the school still owes. Online payments cannot be undone
              here.
            </p>
          )}
        </div>
      )}
      {admin && (
        <div className="admin-list-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={!online || busy || grid.changed.length === 0}
            onClick={() => void grid.savePayments()}
          >
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      )}
    </PageMain>
  );
}
