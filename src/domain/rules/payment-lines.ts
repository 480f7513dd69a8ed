// A school's payments for an event as a list of transactions, the way a treasurer reconciles them
// against the bank: each line says how the money moved, and the paid-so-far total after it is
// derived from the lines (never typed). Cents inside, so 0.1 + 0.2 adds up.
import { toCents, toDollars } from './money';

export interface RecordedLine {
  amount: number;
  method: string;
  test: boolean;
}

const HOW: Record<string, string> = {
  bpay: 'BPAY',
  cheque: 'Cheque',
  online: 'Online',
  refund: 'Refund (paid back)',
  adjustment: 'Correction',
  manual: 'Payment',
};

/** How the money moved, in the treasurer's words; a test checkout's payment says so. */
export function paymentLineHow(line: Pick<RecordedLine, 'method' | 'test'>): string {
  const how = HOW[line.method] ?? 'Payment';
  return line.test ? `${how} (TEST: no money received)` : how;
}

/** The lines, each with the school's paid-so-far total after it. */
export function withRunningTotals<L extends RecordedLine>(lines: readonly L[]): (L & { paidSoFar: number })[] {
  let cents = 0;
  return lines.map((line) => {
    cents += toCents(line.amount);
    return { ...line, paidSoFar: toDollars(cents) };
  });
}

/** What the lines add up to. */
export function paidInTotal(lines: readonly Pick<RecordedLine, 'amount'>[]): number {
  return toDollars(lines.reduce((sum, line) => sum + toCents(line.amount), 0));
}
