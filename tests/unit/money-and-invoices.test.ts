import { describe, expect, it } from 'vitest';
import {
  accountingRegion,
  formatMoney,
  invoiceAvailable,
  invoiceTotals,
  invoiceTotalsCents,
  invoiceTypePathSegment,
  invoiceView,
  paymentResult,
  roundDollars,
  ticketTotal,
  tooManyTickets,
  type TicketCounts,
} from '../../src/domain';

const tickets = (ticketing: TicketCounts) => ({ total: ticketTotal(ticketing), tooMany: tooManyTickets(ticketing) });

describe('money in cents', () => {
  it('adds fees without floating-point drift', () => {
    expect(invoiceTotals({ registrationFee: 0.1, teamEntryFee: 0.2, entryCount: 1, received: 0 }).total).toBe(0.3);
  });

  it('rounds to the cent and formats AUD', () => {
    expect(roundDollars(10.005)).toBe(10.01);
    expect(formatMoney(1234.5)).toBe('$1,234.50');
  });
});

describe('invoice totals', () => {
  it('charges the registration fee once plus the entry fee per race entry', () => {
    const totals = invoiceTotals({ registrationFee: 50, teamEntryFee: 12.5, entryCount: 8, received: 0 });
    expect(totals).toMatchObject({
      registrationFee: 50,
      entriesAmount: 100,
      total: 150,
      outstanding: 150,
      paid: false,
    });
  });

  it("shows the GST component as each line's 1/11 rounded to the cent, added, as the invoice and Xero have it", () => {
    expect(invoiceTotals({ registrationFee: 50, teamEntryFee: 12.5, entryCount: 8, received: 0 }).gst).toBe(13.64);
    expect(invoiceTotalsCents({ registrationFee: 110, teamEntryFee: 0, entryCount: 1, received: 0 }).gstCents).toBe(
      1000,
    );
    // $50 + $30: $4.55 + $2.73 = $7.28, where the total's 1/11 would say $7.27.
    expect(invoiceTotals({ registrationFee: 50, teamEntryFee: 30, entryCount: 1, received: 0 }).gst).toBe(7.28);
    // One line per discipline: $50 + 3 x $10 in one line and 1 x $10 in another.
    expect(
      invoiceTotalsCents({ registrationFee: 50, teamEntryFee: 10, entryCount: 4, received: 0, entriesPerLine: [3, 1] })
        .gstCents,
    ).toBe(455 + 273 + 91);
  });

  it('subtracts payments received from the outstanding amount', () => {
    const totals = invoiceTotals({ registrationFee: 50, teamEntryFee: 10, entryCount: 5, received: 60 });
    expect(totals.outstanding).toBe(40);
    expect(totals.paid).toBe(false);
  });

  it('is paid once payments cover the total, and shows an overpayment as credit', () => {
    expect(invoiceTotals({ registrationFee: 50, teamEntryFee: 10, entryCount: 5, received: 100 }).paid).toBe(true);
    expect(invoiceTotals({ registrationFee: 50, teamEntryFee: 10, entryCount: 5, received: 120 }).outstanding).toBe(
      -20,
    );
  });

  it('charges nothing to a school without entries, which is never "paid"', () => {
    expect(invoiceTotals({ registrationFee: 50, teamEntryFee: 10, entryCount: 0, received: 0 })).toMatchObject({
      total: 0,
      paid: false,
    });
  });
});

describe('invoice availability', () => {
  const now = new Date(2026, 5, 10, 9, 0); // 10 June 2026, 09:00 local

  it('is available today when the invoiceAvailable date is tomorrow', () => {
    expect(invoiceAvailable('2026-06-11', now)).toBe(true);
  });

  it('is available on and after the date', () => {
    expect(invoiceAvailable('2026-06-10', now)).toBe(true);
    expect(invoiceAvailable('2026-01-01', now)).toBe(true);
  });

  it('is not available when the date is two or more days away', () => {
    expect(invoiceAvailable('2026-06-12', now)).toBe(false);
    expect(invoiceAvailable('2026-06-13', now)).toBe(false);
  });

  it('becomes available at midnight starting the day before', () => {
    expect(invoiceAvailable('2026-06-12', new Date(2026, 5, 10, 23, 59))).toBe(false);
    expect(invoiceAvailable('2026-06-12', new Date(2026, 5, 11, 0, 0))).toBe(true);
  });

  it('is not available while no date is set or the date is unreadable', () => {
    expect(invoiceAvailable(null, now)).toBe(false);
    expect(invoiceAvailable('soon', now)).toBe(false);
  });

  it('offers a preview to non-school users who have entries', () => {
    expect(invoiceView({ available: false, userType: 'admin', entryCount: 3 })).toBe('preview');
    expect(invoiceView({ available: false, userType: 'auditor', entryCount: 1 })).toBe('preview');
  });

  it('offers no preview to a school user or without entries', () => {
    expect(invoiceView({ available: false, userType: 'school', entryCount: 3 })).toBe('none');
    expect(invoiceView({ available: false, userType: 'admin', entryCount: 0 })).toBe('none');
  });

  it('shows the invoice to everyone once available', () => {
    expect(invoiceView({ available: true, userType: 'school', entryCount: 0 })).toBe('invoice');
  });
});

describe('payment result', () => {
  it("treats 'PAID' and 'PAID (TEST mode)' as success", () => {
    expect(paymentResult('PAID')).toEqual({ success: true, message: 'Payment successfully made' });
    expect(paymentResult('PAID (TEST mode)')).toEqual({ success: true, message: 'Payment successfully made' });
  });

  it('treats anything else as failure naming the result', () => {
    expect(paymentResult('DECLINED')).toEqual({ success: false, message: 'Payment unsuccessful - DECLINED' });
    expect(paymentResult('paid').success).toBe(false);
    expect(paymentResult('').message).toBe('Payment unsuccessful - ');
  });
});

describe('ticketing', () => {
  it('flags tooMany when the seven ticket fields exceed the passes available', () => {
    expect(tickets({ managerTicket1: 2, managerTicket2: 2, noAvailableTeamManagerPasses: 3 })).toEqual({
      total: 4,
      tooMany: true,
    });
  });

  it('allows a total equal to the passes available', () => {
    expect(tickets({ managerTicket1: 1, xcManagerTicketXC1: 2, noAvailableTeamManagerPasses: 3 }).tooMany).toBe(false);
  });

  it('counts all seven fields and treats blanks as 0', () => {
    expect(
      tickets({
        managerTicket1: 1,
        managerTicket2: 1,
        managerTicket3: 1,
        managerTicket4: 1,
        managerTicket5: 1,
        xcManagerTicketAlpine1: 1,
        xcManagerTicketXC1: null,
        noAvailableTeamManagerPasses: null,
      }),
    ).toEqual({ total: 6, tooMany: true });
  });
});

describe('accounting region', () => {
  it('labels the NSW invoice type Northern and anything else Southern', () => {
    expect(accountingRegion('NSW')).toBe('Northern');
    expect(accountingRegion('VIC')).toBe('Southern');
    expect(accountingRegion(null)).toBe('Southern');
  });

  it('uses the lowercase invoice type in sync paths', () => {
    expect(invoiceTypePathSegment('NSW')).toBe('nsw');
    expect(invoiceTypePathSegment('VIC')).toBe('vic');
  });
});
