// A school's payments for an event as transactions, opened from its row of the payments grid: each
// line with the day the money moved, how, the reference and the amount, and the paid-so-far total
// derived after it (rules/payment-lines.ts). The admin records a line with Record payment: a
// payment by BPAY or cheque, a refund (money paid back), or a correction of a line typed wrong
// (signed: nothing moved). Each is its own line; nothing is overwritten. Needs the network.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { failure } from '../../api/call';
import { callRoute } from '../../api/route-call';
import { MAX_REFERENCE_LENGTH } from '../../domain/constants/limits';
import { isoDateToDisplay, localIsoDate } from '../../domain/rules/grid-date';
import { formatMoney, parseDollars } from '../../domain/rules/money';
import { paidInTotal, paymentLineHow, withRunningTotals } from '../../domain/rules/payment-lines';
import {
  MAX_PAYMENT_AMOUNT,
  RECORDED_PAYMENT_KINDS,
  type PaymentLine,
  type PaymentRow,
  type RecordedPaymentKind,
} from '../../domain/schemas/entities/payment';
import { paymentsApi } from '../../domain/schemas/api/payments';
import { WRITE_HEADERS } from '../../domain/schemas/api/sync';

const KIND_LABELS: Record<RecordedPaymentKind, string> = {
  bpay: 'BPAY payment',
  cheque: 'Cheque payment',
  refund: 'Refund (money paid back to the school)',
  correction: 'Correction (a line typed wrong; nothing moved)',
};
export const PAYMENT_RECORDED = 'Payment recorded.';
const AMOUNT_MESSAGE = 'Type dollars with at most 2 decimals, for example 120.50.';
const SIGNED_AMOUNT_MESSAGE =
  'Type dollars with at most 2 decimals: minus takes back what a line typed too much, for example -20.';

function amountProblem(text: string, kind: RecordedPaymentKind): string | null {
  const signed = kind === 'correction';
  const value = parseDollars(text, { signed });
  if (value === null || value === 0) return signed ? SIGNED_AMOUNT_MESSAGE : AMOUNT_MESSAGE;
  return Math.abs(value) > MAX_PAYMENT_AMOUNT ? `At most ${formatMoney(MAX_PAYMENT_AMOUNT)}.` : null;
}

export function PaymentLines({
  row,
  admin,
  online,
  onRecorded,
}: {
  row: PaymentRow;
  admin: boolean;
  online: boolean;
  /** The school's paid total after a line was recorded, for its row of the grid. */
  onRecorded(paid: number): void;
}) {
  const [lines, setLines] = useState<PaymentLine[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    if (!online) return undefined;
    let current = true;
    void callRoute(paymentsApi.lines, { params: { SchoolId: row.SchoolId, EventId: row.EventId } }).then((answer) => {
      if (!current) return;
      if (answer?.status === 200 && answer.data) setLines(answer.data);
      else setLoadError(failure(answer, 'The payments could not be loaded.').message);
    });
    return () => {
      current = false;
    };
  }, [online, row.SchoolId, row.EventId]);

  return (
    <div className="payment-lines">
      {lines === null ? (
        <p role="status">{loadError ?? (online ? 'Loading the payments…' : 'The payments need the network.')}</p>
      ) : lines.length === 0 ? (
        <p>No payment recorded yet.</p>
      ) : (
        <table className="payment-lines-table">
          <caption>Payments of {row.name}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">How</th>
              <th scope="col">Reference</th>
              <th scope="col" className="payments-money">
                Amount
              </th>
              <th scope="col" className="payments-money">
                Paid so far
              </th>
            </tr>
          </thead>
          <tbody>
            {withRunningTotals(lines).map((line) => (
              <tr key={line.id}>
                <td>{isoDateToDisplay(line.date)}</td>
                <td>{paymentLineHow(line)}</td>
                <td>{line.reference}</td>
                <td className="payments-money">{formatMoney(line.amount)}</td>
                <td className="payments-money">{formatMoney(line.paidSoFar)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {admin && lines !== null && (
        <RecordPayment
          row={row}
          online={online}
          onRecorded={(answered) => {
            setLines(answered);
            onRecorded(paidInTotal(answered));
          }}
        />
      )}
    </div>
  );
}

function RecordPayment({
  row,
  online,
  onRecorded,
}: {
  row: PaymentRow;
  online: boolean;
  onRecorded(lines: PaymentLine[]): void;
}) {
  const id = useId();
  const [date, setDate] = useState(() => localIsoDate(new Date()));
  const [amount, setAmount] = useState('');
  const [kind, setKind] = useState<RecordedPaymentKind>('bpay');
  const [reference, setReference] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const problem = amountProblem(amount, kind);
  const dateProblem = /^\d{4}-\d{2}-\d{2}$/.test(date) ? null : 'Choose the day the money moved.';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setMessage(null);
    if (problem || dateProblem) return;
    setBusy(true);
    const answer = await callRoute(paymentsApi.record, {
      body: {
        SchoolId: row.SchoolId,
        EventId: row.EventId,
        date,
        amount: parseDollars(amount, { signed: kind === 'correction' })!,
        kind,
        reference: reference.trim(),
      },
      headers: { [WRITE_HEADERS.idempotencyKey]: uuidv7() },
    });
    setBusy(false);
    if (answer?.status === 200 && answer.data) {
      onRecorded(answer.data);
      setAmount('');
      setReference('');
      setTried(false);
      setMessage({ text: PAYMENT_RECORDED, error: false });
    } else {
      setMessage({ text: failure(answer, 'The payment could not be recorded.').message, error: true });
    }
  }

  const showProblem = tried && problem;
  return (
    <form className="record-payment" onSubmit={(event) => void submit(event)} noValidate>
      <h3>Record a payment for {row.name}</h3>
      <div className="record-payment-fields">
        <label htmlFor={`${id}-kind`}>
          What happened
          <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as RecordedPaymentKind)}>
            {RECORDED_PAYMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-date`}>
          Date
          <input id={`${id}-date`} type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
        </label>
        <label htmlFor={`${id}-amount`}>
          Amount in dollars
          <input
            id={`${id}-amount`}
            type="text"
            inputMode={kind === 'correction' ? 'text' : 'decimal'}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={showProblem ? true : undefined}
            aria-describedby={showProblem ? `${id}-amount-problem` : undefined}
            required
          />
        </label>
        <label htmlFor={`${id}-reference`}>
          Reference
          <input
            id={`${id}-reference`}
            type="text"
            value={reference}
            maxLength={MAX_REFERENCE_LENGTH}
            placeholder="BPAY receipt, cheque number"
            onChange={(e) => setReference(e.target.value)}
          />
        </label>
      </div>
      {showProblem && (
        <p id={`${id}-amount-problem`} className="field-error" role="alert">
          {problem}
        </p>
      )}
      {tried && dateProblem && (
        <p className="field-error" role="alert">
          {dateProblem}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={!online || busy}>
        {busy ? 'Recording…' : 'Record payment'}
      </button>
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'field-error' : undefined}>
          {message.text}
        </p>
      )}
    </form>
  );
}
