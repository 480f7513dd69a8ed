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
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { AdminListStatus } from '../../components/admin-list';
import { EventChoiceField, useEventChoice } from '../../components/event-choice';
import { TextField } from '../../components/fields';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { ListLoading } from '../../components/list-loading';
import { useServerList } from '../../components/use-server-list';
import { TableScroll } from '../../components/table-scroll';
import { MAX_REFERENCE_LENGTH } from '../../domain/constants/limits';
import { isAdmin } from '../../domain/rules/access';
import { formatMoney, parseDollars, toCents, toDollars } from '../../domain/rules/money';
import {
  MANUAL_PAYMENT_METHODS,
  REFUND_METHOD,
  type ManualPaymentMethod,
  type PaymentRow,
  type PaymentUpdate,
} from '../../domain/schemas/entities/payment';
import { paymentsApi } from '../../domain/schemas/api/payments';
import { navigateTo, startOnlinePayment } from './pay-online';
import { PaymentLines } from './payment-lines';
import './payments-page.css';

const PAYMENTS_SAVED = 'Payments saved.';
const PAYMENTS_NOT_SAVED = 'The payments could not be saved.';
const testPaymentDescription = (amount: number) =>
  `${formatMoney(amount)} of this was paid at the test checkout: a TEST payment, no money was received.`;
const INCOMPLETE_DESCRIPTION =
  "Entries not ready: a racer's or a volunteer's waiver is not completed, or fewer volunteers are registered than the entries require.";

const METHOD_LABELS: Record<ManualPaymentMethod, string> = { bpay: 'BPAY', cheque: 'Cheque' };

/** What the admin has changed on a row: the amount as typed, how it was paid (or, lowered, whether
 *  money was paid back), a reference. */
type Edit = { amount: string; method: ManualPaymentMethod; lowered: 'correction' | 'refund'; reference: string };

const paidInFull = (amountCents: number, totalCents: number) => totalCents > 0 && amountCents >= totalCents;
const rowKey = (row: Pick<PaymentRow, 'SchoolId' | 'EventId'>) => `${row.SchoolId}:${row.EventId}`;

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
  const { online, rows, setRows, message, setMessage, busy, save, loadFailed, retry } = useServerList({
    route: paymentsApi.list,
    input: { query: { EventId: eventId } },
    loadError: 'The payments could not be loaded.',
  });
  const [edits, setEdits] = useState<Map<string, Edit>>(new Map());
  const [typed, setTyped] = useState('');
  const [paying, setPaying] = useState<string | null>(null);
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const toggleLines = (key: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  /** A line recorded: the row's payment made is the lines' sum, and a tick not saved yet goes. */
  const recorded = (row: PaymentRow, paid: number) => {
    setRows((current) =>
      (current ?? []).map((r) =>
        rowKey(r) === rowKey(row)
          ? { ...r, amount: paid, received: paidInFull(toCents(paid), toCents(r.totalCost)) ? '1' : '0' }
          : r,
      ),
    );
    setEdits((current) => {
      const next = new Map(current);
      next.delete(rowKey(row));
      return next;
    });
  };

  const shown = useMemo(() => {
    const text = typed.trim().toLowerCase();
    return (rows ?? []).filter((r) => !text || r.name.toLowerCase().includes(text));
  }, [rows, typed]);

  const totals = useMemo(() => {
    let totalCents = 0;
    let receivedCents = 0;
    let outstandingCents = 0;
    for (const r of shown) {
      const total = toCents(r.totalCost);
      const received = toCents(r.amount);
      totalCents += total;
      receivedCents += received;
      outstandingCents += Math.max(0, total - received);
    }
    return { totalCents, receivedCents, outstandingCents };
  }, [shown]);

  /** The rows to send: edits whose amount is valid and differs from what is recorded. */
  const changed = useMemo(() => {
    const list: PaymentUpdate[] = [];
    for (const r of rows ?? []) {
      const edit = edits.get(rowKey(r));
      if (!edit) continue;
      const cents = toCents(parseDollars(edit.amount)!);
      if (cents === toCents(r.amount)) continue;
      list.push({
        SchoolId: r.SchoolId,
        EventId: r.EventId,
        received: paidInFull(cents, toCents(r.totalCost)) ? '1' : '0',
        amount: toDollars(cents),
        method: cents < toCents(r.amount) ? (edit.lowered === 'refund' ? REFUND_METHOD : undefined) : edit.method,
        reference: edit.reference.trim(),
      });
    }
    return { list };
  }, [rows, edits]);

  const edit = (row: PaymentRow, change: Partial<Edit>) => {
    setEdits((current) => {
      const before = current.get(rowKey(row)) ?? {
        amount: row.amount.toFixed(2),
        method: 'bpay' as const,
        lowered: 'correction' as const,
        reference: '',
      };
      return new Map(current).set(rowKey(row), { ...before, ...change });
    });
  };

  /** Ticking Paid fills the amount with the total; unticking goes back to what is recorded when
   *  that is short of the total, else to nothing paid. */
  const togglePaid = (row: PaymentRow, paid: boolean) => {
    const totalCents = toCents(row.totalCost);
    const recordedCents = toCents(row.amount);
    const cents = paid ? Math.max(totalCents, recordedCents) : recordedCents < totalCents ? recordedCents : 0;
    edit(row, { amount: toDollars(cents).toFixed(2) });
  };

  const savePayments = () =>
    save(
      { route: paymentsApi.save, input: { body: { payments: changed.list } } },
      { saved: PAYMENTS_SAVED, failed: PAYMENTS_NOT_SAVED },
      (answer) => {
        if (answer.data) setRows(answer.data);
        setEdits(new Map());
      },
    );

  const payOnline = async (row: PaymentRow) => {
    setPaying(rowKey(row));
    setMessage(null);
    const outstanding = toDollars(toCents(row.totalCost) - toCents(row.amount));
    const result = await startOnlinePayment(row.SchoolId, row.EventId, outstanding);
    setPaying(null);
    if (result.ok) navigateTo(result.url);
    else setMessage({ text: result.message, error: true });
  };

  return (
    <PageMain className="page admin-list payments-page">
      <h1>Payments</h1>
      {eventName && <p className="payments-event">{eventName}</p>}
      <div className="admin-list-filters">
        {chooser}
        <TextField label="Find a school" value={typed} onChange={setTyped} />
      </div>
      <AdminListStatus online={online} message={message} />
      {rows === null ? (
        <ListLoading online={online} failed={loadFailed} onRetry={retry} />
      ) : (
        <div className="admin-list-table-wrap">
          <TableScroll>
            <table className="admin-list-table payments-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">State</th>
                  <th scope="col">Number</th>
                  <th scope="col" className="payments-money">
                    Total cost
                  </th>
                  <th scope="col">Payment made</th>
                  {vic && <th scope="col">Online payment</th>}
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => {
                  const key = rowKey(r);
                  const current = edits.get(key);
                  const amountText = current?.amount ?? r.amount.toFixed(2);
                  const cents = toCents(parseDollars(amountText) ?? r.amount);
                  const totalCents = toCents(r.totalCost);
                  const paid = paidInFull(cents, totalCents);
                  const difference = cents - toCents(r.amount);
                  const outstandingCents = totalCents - toCents(r.amount);
                  const testMark = (r.testAmount ?? 0) > 0 && (
                    <span className="payments-badge" title={testPaymentDescription(r.testAmount!)}>
                      TEST<span className="visually-hidden">: {testPaymentDescription(r.testAmount!)}</span>
                    </span>
                  );
                  return (
                    <Fragment key={key}>
                      <tr>
                        <th scope="row" className="payments-name">
                          {r.name}
                          {r.incomplete && (
                            <>
                              <span className="payments-badge">Incomplete</span>
                              <small className="payments-why">{INCOMPLETE_DESCRIPTION}</small>
                            </>
                          )}
                          <button
                            type="button"
                            className="button button-quiet payments-lines-toggle"
                            aria-expanded={opened.has(key)}
                            aria-controls={`payment-lines-${key}`}
                            onClick={() => toggleLines(key)}
                          >
                            Payments<span className="visually-hidden"> of {r.name}</span>
                          </button>
                        </th>
                        <td>{r.abrvName}</td>
                        <td>{r.number}</td>
                        <td className="payments-money">{formatMoney(r.totalCost)}</td>
                        <td>
                          {admin ? (
                            <div className="payments-made">
                              <span className="payments-money" id={`payment-made-${key}`}>
                                {formatMoney(toDollars(cents))}
                              </span>
                              <label className="payments-paid">
                                <input
                                  type="checkbox"
                                  checked={paid}
                                  disabled={totalCents === 0}
                                  onChange={(e) => togglePaid(r, e.target.checked)}
                                />
                                Paid<span className="visually-hidden"> in full by {r.name}</span>
                              </label>
                              {testMark}
                              {current && difference > 0 && (
                                <div className="payments-how">
                                  <select
                                    aria-label={`How ${r.name} paid`}
                                    value={current.method}
                                    onChange={(e) => edit(r, { method: e.target.value as ManualPaymentMethod })}
                                  >
                                    {MANUAL_PAYMENT_METHODS.map((m) => (
                                      <option key={m} value={m}>
                                        {METHOD_LABELS[m]}
                                      </option>
                                    ))}
                                  </select>
                                  <input
                                    type="text"
                                    aria-label={`Payment reference for ${r.name}`}
                                    placeholder="Reference"
                                    maxLength={MAX_REFERENCE_LENGTH}
                                    value={current.reference}
                                    onChange={(e) => edit(r, { reference: e.target.value })}
                                  />
                                </div>
                              )}
                              {current && difference < 0 && (
                                <div className="payments-how">
                                  <select
                                    aria-label={`Why the payment made by ${r.name} is ${formatMoney(toDollars(-difference))} less`}
                                    value={current.lowered}
                                    onChange={(e) =>
                                      edit(r, { lowered: e.target.value === 'refund' ? 'refund' : 'correction' })
                                    }
                                  >
                                    <option value="correction">
                                      Correction of {formatMoney(toDollars(-difference))} (mistyped)
                                    </option>
                                    <option value="refund">
                                      Refund of {formatMoney(toDollars(-difference))} (paid back)
                                    </option>
                                  </select>
                                  {current.lowered === 'refund' && (
                                    <input
                                      type="text"
                                      aria-label={`Refund reference for ${r.name}`}
                                      placeholder="Reference"
                                      maxLength={MAX_REFERENCE_LENGTH}
                                      value={current.reference}
                                      onChange={(e) => edit(r, { reference: e.target.value })}
                                    />
                                  )}
                                </div>
                              )}
                            </div>
                          ) : (
                            <span className="payments-money">
                              {formatMoney(r.amount)}
                              {r.received === '1' && <span className="payments-tick"> ✓ Paid</span>}
                              {testMark}
                            </span>
                          )}
                        </td>
                        {vic && (
                          <td>
                            {outstandingCents > 0 &&
                              (admin ? (
                                <button
                                  type="button"
                                  className="button"
                                  aria-label={`Pay online for ${r.name}: ${formatMoney(toDollars(outstandingCents))}`}
                                  disabled={!online || paying !== null}
                                  onClick={() => void payOnline(r)}
                                >
                                  {paying === key ? 'Starting…' : 'Pay online'}
                                </button>
                              ) : (
                                <span>{formatMoney(toDollars(outstandingCents))} outstanding</span>
                              ))}
                          </td>
                        )}
                      </tr>
                      {opened.has(key) && (
                        <tr className="payments-lines-row" id={`payment-lines-${key}`}>
                          <td colSpan={vic ? 6 : 5}>
                            <PaymentLines
                              row={r}
                              admin={admin}
                              online={online}
                              onRecorded={(paid) => recorded(r, paid)}
                            />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    Totals ({shown.length} {shown.length === 1 ? 'school' : 'schools'})
                  </th>
                  <td className="payments-money">{formatMoney(toDollars(totals.totalCents))}</td>
                  <td>
                    <div>Received {formatMoney(toDollars(totals.receivedCents))}</div>
                    <div>Outstanding {formatMoney(toDollars(totals.outstandingCents))}</div>
                  </td>
                  {vic && <td />}
                </tr>
              </tfoot>
            </table>
          </TableScroll>
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
            disabled={!online || busy || changed.list.length === 0}
            onClick={() => void savePayments()}
          >
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      )}
    </PageMain>
  );
}
