// What a school owes and has paid for an event, from the facts the payments grid and the payment
// lines read: kept apart from the queries so the grid's read, its save and a single recorded line
// judge a school's money by the same sums.
import { invoiceStatusCents } from '../../../src/domain/rules/invoice-status';
import { invoiceTotalsCents } from '../../../src/domain/rules/invoice-totals';
import { events } from '../../db/schema';

/** The method of a payment the gateway confirmed (server/modules/money: the online payment flow). */
export const ONLINE_METHOD = 'online';
/** The method of a correction recorded by the grid (a payment made smaller). */
export const ADJUSTMENT_METHOD = 'adjustment';

export type EventFees = { id: string; registrationFee: number; teamEntryFee: number };
type InvoiceFact = { number: string; totalCents: number; createdAt: Date };
type PaymentFact = { amountCents: number; status: string; method: string; test?: boolean };

/** The columns of an event that price its invoice. */
export const eventFees = { id: events.id, registrationFee: events.registrationFee, teamEntryFee: events.teamEntryFee };

export const pairKey = (schoolId: string, eventId: string) => `${schoolId}:${eventId}`;

/** What a school owes and has paid for an event, in cents. */
export type SchoolMoney = {
  number: string;
  totalCents: number;
  receivedCents: number;
  /** The part of receivedCents the gateway confirmed online. */
  onlineCents: number;
  /** The part of receivedCents paid at the test checkout. */
  testCents: number;
};

export function schoolMoney(
  event: EventFees,
  facts: { invoices: InvoiceFact[]; payments: PaymentFact[]; entryCount: number },
): SchoolMoney {
  const status = invoiceStatusCents({ invoices: facts.invoices, payments: facts.payments });
  const totalCents = facts.invoices.length
    ? status.invoicedCents
    : invoiceTotalsCents({
        registrationFee: event.registrationFee,
        teamEntryFee: event.teamEntryFee,
        entryCount: facts.entryCount,
        received: 0,
      }).totalCents;
  const receivedSum = (keep: (p: PaymentFact) => boolean) => receivedCentsOf(facts.payments, keep);
  return {
    number: status.number,
    totalCents,
    receivedCents: status.receivedCents,
    onlineCents: receivedSum((p) => p.method === ONLINE_METHOD),
    testCents: receivedSum((p) => !!p.test),
  };
}

/** The cents of the payments received, of those `keep` takes (all by default). */
export function receivedCentsOf(list: readonly PaymentFact[], keep: (p: PaymentFact) => boolean = () => true): number {
  return list.filter((p) => p.status === 'received' && keep(p)).reduce((sum, p) => sum + p.amountCents, 0);
}

export function groupBy<R>(rows: readonly R[], key: (row: R) => string): Map<string, R[]> {
  const map = new Map<string, R[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
