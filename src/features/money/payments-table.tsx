// The payments grid's table (payments-page.tsx): the column headings, one row per school shown
// (school-payment-row.tsx) and the totals of the rows shown.
import { TableScroll } from '../../components/table-scroll';
import { formatMoney, toDollars } from '../../domain/rules/money';
import type { PaymentRow } from '../../domain/schemas/entities/payment';
import { rowKey, type PaymentEdit } from './payment-edits';
import { SchoolPaymentRow, type PaymentRowActions } from './school-payment-row';
import type { paymentTotals } from './use-payments-grid';

function PaymentsHead({ vic }: { vic: boolean }) {
  return (
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
  );
}

function PaymentsTotals({
  count,
  totals,
  vic,
}: {
  count: number;
  totals: ReturnType<typeof paymentTotals>;
  vic: boolean;
}) {
  return (
    <tfoot>
      <tr>
        <th scope="row" colSpan={3}>
          Totals ({count} {count === 1 ? 'school' : 'schools'})
        </th>
        <td className="payments-money">{formatMoney(toDollars(totals.totalCents))}</td>
        <td>
          <div>Received {formatMoney(toDollars(totals.receivedCents))}</div>
          <div>Outstanding {formatMoney(toDollars(totals.outstandingCents))}</div>
        </td>
        {vic && <td />}
      </tr>
    </tfoot>
  );
}

export function PaymentsTable({
  shown,
  totals,
  edits,
  opened,
  paying,
  admin,
  vic,
  online,
  actions,
}: {
  shown: readonly PaymentRow[];
  totals: ReturnType<typeof paymentTotals>;
  edits: ReadonlyMap<string, PaymentEdit>;
  /** The rows whose payment lines are open, by rowKey. */
  opened: ReadonlySet<string>;
  paying: string | null;
  admin: boolean;
  vic: boolean;
  online: boolean;
  actions: PaymentRowActions;
}) {
  return (
    <TableScroll>
      <table className="admin-list-table payments-table">
        <PaymentsHead vic={vic} />
        <tbody>
          {shown.map((r) => (
            <SchoolPaymentRow
              key={rowKey(r)}
              row={r}
              current={edits.get(rowKey(r))}
              linesOpen={opened.has(rowKey(r))}
              {...{ paying, admin, vic, online, actions }}
            />
          ))}
        </tbody>
        <PaymentsTotals count={shown.length} totals={totals} vic={vic} />
      </table>
    </TableScroll>
  );
}
