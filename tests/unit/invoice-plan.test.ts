// The invoices of a school for an event: the initial invoice follows the entries until it is paid,
// payments settle invoices in order, entries added after payment go on a supplementary invoice.
import { describe, expect, it } from 'vitest';
import { gstOf, gstOfLines } from '../../src/domain/rules/money';
import {
  REGISTRATION_LINE,
  planInvoices,
  raceEntriesLine,
  type IssuedInvoice,
} from '../../src/domain/rules/invoice-plan';

const fees = { registrationFeeCents: 5_000, teamEntryFeeCents: 3_050 };
const entries = (alpine: number, moguls = 0) => [
  { disciplineId: 1, name: 'Alpine', count: alpine },
  { disciplineId: 2, name: 'Moguls', count: moguls },
];
const issued = (id: string, plan: ReturnType<typeof planInvoices>, at: string): IssuedInvoice => ({
  id,
  kind: plan.open!.content.kind,
  totalCents: plan.open!.content.totalCents,
  lines: plan.open!.content.lines,
  createdAt: at,
});

describe('the invoice plan', () => {
  it('issues nothing without entries', () => {
    expect(planInvoices({ ...fees, entries: entries(0), invoices: [], receivedCents: 0 }).open).toBeNull();
  });

  it('puts the registration fee once and the race fee per entry, a line per discipline, on the first invoice', () => {
    const plan = planInvoices({ ...fees, entries: entries(3, 2), invoices: [], receivedCents: 0 });
    expect(plan.open).toEqual({
      replaces: null,
      content: {
        kind: 'initial',
        totalCents: 5_000 + 5 * 3_050,
        entryCount: 5,
        lines: [
          {
            disciplineId: null,
            description: REGISTRATION_LINE,
            quantity: 1,
            unitAmountCents: 5_000,
            amountCents: 5_000,
          },
          {
            disciplineId: 1,
            description: raceEntriesLine('Alpine'),
            quantity: 3,
            unitAmountCents: 3_050,
            amountCents: 9_150,
          },
          {
            disciplineId: 2,
            description: raceEntriesLine('Moguls'),
            quantity: 2,
            unitAmountCents: 3_050,
            amountCents: 6_100,
          },
        ],
      },
    });
    expect(gstOf(20_250)).toBe(1_841);
    // Per line, as Xero rounds: $50 + $30 is $7.28 of GST, not the total's $7.27.
    expect(gstOfLines([{ amountCents: 5_000 }, { amountCents: 3_000 }])).toBe(728);
    expect(gstOf(8_000)).toBe(727);
  });

  it('keeps the unpaid invoice in step with the entries (the same invoice), partly paid or not', () => {
    const first = issued(
      'a',
      planInvoices({ ...fees, entries: entries(3), invoices: [], receivedCents: 0 }),
      '2026-06-01',
    );
    const plan = planInvoices({ ...fees, entries: entries(4), invoices: [first], receivedCents: 1_000 });
    expect(plan.open?.replaces).toBe('a');
    expect(plan.open?.content).toMatchObject({ kind: 'initial', totalCents: 5_000 + 4 * 3_050, entryCount: 4 });
    expect(plan.settled[0]).toMatchObject({ appliedCents: 1_000, paid: false });
  });

  it('freezes a paid invoice and puts entries added afterwards on a supplementary invoice, without a registration fee', () => {
    const first = issued(
      'a',
      planInvoices({ ...fees, entries: entries(3), invoices: [], receivedCents: 0 }),
      '2026-06-01',
    );
    expect(
      planInvoices({ ...fees, entries: entries(3), invoices: [first], receivedCents: first.totalCents }).open,
    ).toBeNull();
    const plan = planInvoices({ ...fees, entries: entries(3, 1), invoices: [first], receivedCents: first.totalCents });
    expect(plan.settled[0]?.paid).toBe(true);
    expect(plan.open).toEqual({
      replaces: null,
      content: {
        kind: 'supplementary',
        totalCents: 3_050,
        entryCount: 1,
        lines: [
          {
            disciplineId: 2,
            description: raceEntriesLine('Moguls'),
            quantity: 1,
            unitAmountCents: 3_050,
            amountCents: 3_050,
          },
        ],
      },
    });
    // Issued, it follows later additions until it is paid in turn.
    const second = issued('b', plan, '2026-07-01');
    const later = planInvoices({
      ...fees,
      entries: entries(4, 1),
      invoices: [second, first],
      receivedCents: first.totalCents,
    });
    expect(later.open?.replaces).toBe('b');
    expect(later.open?.content).toMatchObject({ kind: 'supplementary', totalCents: 2 * 3_050, entryCount: 2 });
    expect(
      planInvoices({
        ...fees,
        entries: entries(4, 1),
        invoices: [first, { ...second, totalCents: 6_100, lines: later.open!.content.lines }],
        receivedCents: first.totalCents + 6_100,
      }).open,
    ).toBeNull();
  });
});
