// The invoice's lines (invoice-page.tsx): description, quantity, unit price and amount, then the
// total with the GST included, what was received and what is outstanding.
import { TableScroll } from '../../components/table-scroll';
import { formatMoney } from '../../domain/rules/money';
import type { Invoice } from '../../domain/schemas';

// On a phone each line stacks (description, then quantity, unit price and amount, each named by
// its column's heading in data-label), so no amount sits past the screen's edge (invoice.css). The
// roles are said again because a table laid out as blocks loses them in some screen readers.
export function InvoiceLines({ invoice }: { invoice: Invoice }) {
  return (
    <TableScroll label="Invoice lines">
      <table className="invoice-lines" role="table">
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Description
            </th>
            <th scope="col" role="columnheader" className="num">
              Quantity
            </th>
            <th scope="col" role="columnheader" className="num">
              Unit price
            </th>
            <th scope="col" role="columnheader" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {invoice.lines.map((l) => (
            <tr key={l.description} role="row">
              <td role="cell" className="invoice-line-description">
                {l.description}
              </td>
              <td role="cell" className="num" data-label="Quantity">
                {l.quantity}
              </td>
              <td role="cell" className="num" data-label="Unit price">
                {formatMoney(l.unitAmount)}
              </td>
              <td role="cell" className="num" data-label="Amount">
                {formatMoney(l.amount)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot role="rowgroup">
          <TotalRow label="Total (GST inclusive)" amount={invoice.total} strong />
          <TotalRow label="GST included" amount={invoice.gst} />
          <TotalRow label="Payments received" amount={invoice.received} />
          <TotalRow label="Outstanding" amount={invoice.outstanding} strong />
        </tfoot>
      </table>
    </TableScroll>
  );
}

/** One of the totals under the lines, named in its row's heading. */
function TotalRow({ label, amount, strong = false }: { label: string; amount: number; strong?: boolean }) {
  return (
    <tr role="row">
      <th scope="row" role="rowheader" colSpan={3}>
        {label}
      </th>
      <td role="cell" className={strong ? 'num strong' : 'num'}>
        {formatMoney(amount)}
      </td>
    </tr>
  );
}
