// The state behind the payments grid (payments-page.tsx): the event's rows from the server
// (useServerList), the school filter and its totals, which rows have their payment lines open,
// the admin's edits (payment-edits.ts) and their Save, and the online payment being started.
import { useMemo, useState } from 'react';
import { useServerList, type ListMessage } from '../../components/use-server-list';
import { toCents, toDollars } from '../../domain/rules/money';
import type { PaymentRow } from '../../domain/schemas/entities/payment';
import { paymentsApi } from '../../domain/schemas/api/payments';
import { navigateTo, startOnlinePayment } from './pay-online';
import { rowKey, usePaymentEdits } from './payment-edits';
import type { PaymentRowActions } from './school-payment-row';

const PAYMENTS_SAVED = 'Payments saved.';
const PAYMENTS_NOT_SAVED = 'The payments could not be saved.';

/** The shown rows' total cost, what they received and what they still owe, in cents. */
export function paymentTotals(shown: readonly PaymentRow[]) {
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
}

/** Which rows have their payment lines open, by rowKey. */
function useOpenedLines() {
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const toggleLines = (key: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return { opened, toggleLines };
}

/** Pay online: starts the school's online payment of what it still owes and goes to the
 *  gateway's checkout, or says why not. */
function usePayOnline(setMessage: (message: ListMessage | null) => void) {
  const [paying, setPaying] = useState<string | null>(null);
  const payOnline = async (row: PaymentRow) => {
    setPaying(rowKey(row));
    setMessage(null);
    const outstanding = toDollars(toCents(row.totalCost) - toCents(row.amount));
    const result = await startOnlinePayment(row.SchoolId, row.EventId, outstanding);
    setPaying(null);
    if (result.ok) navigateTo(result.url);
    else setMessage({ text: result.message, error: true });
  };

  return { paying, payOnline };
}

export function usePaymentsGrid(eventId: string) {
  const { online, rows, setRows, message, setMessage, busy, save, loadFailed, retry } = useServerList({
    route: paymentsApi.list,
    input: { query: { EventId: eventId } },
    loadError: 'The payments could not be loaded.',
  });
  const edits = usePaymentEdits(rows, setRows);
  const lines = useOpenedLines();
  const [typed, setTyped] = useState('');
  const { paying, payOnline } = usePayOnline(setMessage);

  const shown = useMemo(() => {
    const text = typed.trim().toLowerCase();
    return (rows ?? []).filter((r) => !text || r.name.toLowerCase().includes(text));
  }, [rows, typed]);
  const totals = useMemo(() => paymentTotals(shown), [shown]);

  const savePayments = () =>
    save(
      { route: paymentsApi.save, input: { body: { payments: edits.changed } } },
      { saved: PAYMENTS_SAVED, failed: PAYMENTS_NOT_SAVED },
      (answer) => edits.saved(answer.data),
    );

  const { edit, togglePaid, recorded } = edits;
  const actions: PaymentRowActions = { edit, togglePaid, recorded, toggleLines: lines.toggleLines, payOnline };
  return {
    online,
    rows,
    message,
    busy,
    loadFailed,
    retry,
    typed,
    setTyped,
    shown,
    totals,
    edits: edits.edits,
    changed: edits.changed,
    savePayments,
    opened: lines.opened,
    paying,
    actions,
  };
}
