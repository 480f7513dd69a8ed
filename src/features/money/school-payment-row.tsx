// One school's row of the payments grid (payments-page.tsx): name (with why its entries are
// incomplete and the toggle for its payment lines), state, invoice number, total cost and the
// payment made; for a VIC event the online payment action. The admin ticks Paid and says how the
// school paid, or why the payment made is lower (payment-edits.ts); the auditor reads. Below the
// row, when opened, the school's payment lines (payment-lines.tsx).
import { MAX_REFERENCE_LENGTH } from '../../domain/constants/limits';
import { formatMoney, parseDollars, toCents, toDollars } from '../../domain/rules/money';
import {
  MANUAL_PAYMENT_METHODS,
  type ManualPaymentMethod,
  type PaymentRow,
} from '../../domain/schemas/entities/payment';
import { paidInFull, rowKey, type PaymentEdit } from './payment-edits';
import { PaymentLines } from './payment-lines';

const testPaymentDescription = (amount: number) =>
  `${formatMoney(amount)} of this was paid at the test checkout: a TEST payment, no money was received.`;
const INCOMPLETE_DESCRIPTION =
  "Entries not ready: a racer's or a volunteer's waiver is not completed, or fewer volunteers are registered than the entries require.";

const METHOD_LABELS: Record<ManualPaymentMethod, string> = { bpay: 'BPAY', cheque: 'Cheque' };

/** What a row's buttons and fields do, on the grid. */
export type PaymentRowActions = {
  edit: (row: PaymentRow, change: Partial<PaymentEdit>) => void;
  togglePaid: (row: PaymentRow, paid: boolean) => void;
  toggleLines: (key: string) => void;
  recorded: (row: PaymentRow, paid: number) => void;
  payOnline: (row: PaymentRow) => Promise<void>;
};

type RowProps = {
  row: PaymentRow;
  /** The admin's change to the row not saved yet. */
  current: PaymentEdit | undefined;
  linesOpen: boolean;
  /** The row whose online payment is starting (rowKey), if any. */
  paying: string | null;
  admin: boolean;
  vic: boolean;
  online: boolean;
  actions: PaymentRowActions;
};

/** A payment made at the test checkout: no money was received. */
function TestMark({ row }: { row: PaymentRow }) {
  if (!((row.testAmount ?? 0) > 0)) return null;
  return (
    <span className="payments-badge" title={testPaymentDescription(row.testAmount!)}>
      TEST<span className="visually-hidden">: {testPaymentDescription(row.testAmount!)}</span>
    </span>
  );
}

/** The payment made raised: how the school paid, and the reference. */
function PaidHowFields({
  row,
  current,
  edit,
}: {
  row: PaymentRow;
  current: PaymentEdit;
  edit: PaymentRowActions['edit'];
}) {
  return (
    <div className="payments-how">
      <select
        aria-label={`How ${row.name} paid`}
        value={current.method}
        onChange={(e) => edit(row, { method: e.target.value as ManualPaymentMethod })}
      >
        {MANUAL_PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {METHOD_LABELS[m]}
          </option>
        ))}
      </select>
      <input
        type="text"
        aria-label={`Payment reference for ${row.name}`}
        placeholder="Reference"
        maxLength={MAX_REFERENCE_LENGTH}
        value={current.reference}
        onChange={(e) => edit(row, { reference: e.target.value })}
      />
    </div>
  );
}

/** The payment made lowered: a correction (mistyped) or a refund (paid back, with a reference). */
function LoweredWhyFields({
  row,
  current,
  lessCents,
  edit,
}: {
  row: PaymentRow;
  current: PaymentEdit;
  lessCents: number;
  edit: PaymentRowActions['edit'];
}) {
  const less = formatMoney(toDollars(lessCents));
  return (
    <div className="payments-how">
      <select
        aria-label={`Why the payment made by ${row.name} is ${less} less`}
        value={current.lowered}
        onChange={(e) => edit(row, { lowered: e.target.value === 'refund' ? 'refund' : 'correction' })}
      >
        <option value="correction">Correction of {less} (mistyped)</option>
        <option value="refund">Refund of {less} (paid back)</option>
      </select>
      {current.lowered === 'refund' && (
        <input
          type="text"
          aria-label={`Refund reference for ${row.name}`}
          placeholder="Reference"
          maxLength={MAX_REFERENCE_LENGTH}
          value={current.reference}
          onChange={(e) => edit(row, { reference: e.target.value })}
        />
      )}
    </div>
  );
}

/** The admin's payment made: the amount, the Paid tick and, when changed, how or why. */
function PaymentMadeEditor({ row, current, actions }: Pick<RowProps, 'row' | 'current' | 'actions'>) {
  const key = rowKey(row);
  const cents = toCents(parseDollars(current?.amount ?? row.amount.toFixed(2)) ?? row.amount);
  const totalCents = toCents(row.totalCost);
  const difference = cents - toCents(row.amount);
  return (
    <div className="payments-made">
      <span className="payments-money" id={`payment-made-${key}`}>
        {formatMoney(toDollars(cents))}
      </span>
      <label className="payments-paid">
        <input
          type="checkbox"
          checked={paidInFull(cents, totalCents)}
          disabled={totalCents === 0}
          onChange={(e) => actions.togglePaid(row, e.target.checked)}
        />
        Paid<span className="visually-hidden"> in full by {row.name}</span>
      </label>
      <TestMark row={row} />
      {current && difference > 0 && <PaidHowFields row={row} current={current} edit={actions.edit} />}
      {current && difference < 0 && (
        <LoweredWhyFields row={row} current={current} lessCents={-difference} edit={actions.edit} />
      )}
    </div>
  );
}

/** For a VIC event: what the school still owes, with Pay online for the admin. */
function OnlinePaymentCell({ row, paying, admin, online, actions }: Omit<RowProps, 'current' | 'linesOpen' | 'vic'>) {
  const outstandingCents = toCents(row.totalCost) - toCents(row.amount);
  return (
    <td>
      {outstandingCents > 0 &&
        (admin ? (
          <button
            type="button"
            className="button"
            aria-label={`Pay online for ${row.name}: ${formatMoney(toDollars(outstandingCents))}`}
            disabled={!online || paying !== null}
            onClick={() => void actions.payOnline(row)}
          >
            {paying === rowKey(row) ? 'Starting…' : 'Pay online'}
          </button>
        ) : (
          <span>{formatMoney(toDollars(outstandingCents))} outstanding</span>
        ))}
    </td>
  );
}

export function SchoolPaymentRow(props: RowProps) {
  const { row: r, current, linesOpen, admin, vic, online, actions } = props;
  const key = rowKey(r);
  return (
    <>
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
            aria-expanded={linesOpen}
            aria-controls={`payment-lines-${key}`}
            onClick={() => actions.toggleLines(key)}
          >
            Payments<span className="visually-hidden"> of {r.name}</span>
          </button>
        </th>
        <td>{r.abrvName}</td>
        <td>{r.number}</td>
        <td className="payments-money">{formatMoney(r.totalCost)}</td>
        <td>
          {admin ? (
            <PaymentMadeEditor row={r} current={current} actions={actions} />
          ) : (
            <span className="payments-money">
              {formatMoney(r.amount)}
              {r.received === '1' && <span className="payments-tick"> ✓ Paid</span>}
              <TestMark row={r} />
            </span>
          )}
        </td>
        {vic && <OnlinePaymentCell {...props} />}
      </tr>
      {linesOpen && (
        <tr className="payments-lines-row" id={`payment-lines-${key}`}>
          <td colSpan={vic ? 6 : 5}>
            <PaymentLines row={r} admin={admin} online={online} onRecorded={(paid) => actions.recorded(r, paid)} />
          </td>
        </tr>
      )}
    </>
  );
}
