// What the admin changes on the payments grid (payments-page.tsx) before Save: per school row the
// amount as typed, how it was paid (or, lowered, whether money was paid back) and a reference.
// Ticking Paid fills in what the total still lacks; the rows sent are the edits whose amount is
// valid and differs from what is recorded. A payment line recorded (payment-lines.tsx) sets the
// row's payment made to the lines' sum and drops the row's edit.
import { useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { parseDollars, toCents, toDollars } from '../../domain/rules/money';
import {
  REFUND_METHOD,
  type ManualPaymentMethod,
  type PaymentRow,
  type PaymentUpdate,
} from '../../domain/schemas/entities/payment';

/** What the admin has changed on a row: the amount as typed, how it was paid (or, lowered, whether
 *  money was paid back), a reference. */
export type PaymentEdit = {
  amount: string;
  method: ManualPaymentMethod;
  lowered: 'correction' | 'refund';
  reference: string;
};

export const paidInFull = (amountCents: number, totalCents: number) => totalCents > 0 && amountCents >= totalCents;
export const rowKey = (row: Pick<PaymentRow, 'SchoolId' | 'EventId'>) => `${row.SchoolId}:${row.EventId}`;

/** The rows to send: edits whose amount is valid and differs from what is recorded. */
function paymentsToSave(rows: readonly PaymentRow[], edits: ReadonlyMap<string, PaymentEdit>) {
  const list: PaymentUpdate[] = [];
  for (const r of rows) {
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
  return list;
}

export function usePaymentEdits(
  rows: readonly PaymentRow[] | null,
  setRows: Dispatch<SetStateAction<PaymentRow[] | null>>,
) {
  const [edits, setEdits] = useState<Map<string, PaymentEdit>>(new Map());

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

  const changed = useMemo(() => paymentsToSave(rows ?? [], edits), [rows, edits]);

  const edit = (row: PaymentRow, change: Partial<PaymentEdit>) => {
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

  /** Saved: the rows as the server answered them, and no edit left. */
  const saved = (answered: PaymentRow[] | undefined) => {
    if (answered) setRows(answered);
    setEdits(new Map());
  };

  return { edits, changed, edit, togglePaid, recorded, saved };
}
