// The outcome of an online payment, decided from the normalised status (src/domain/rules/
// payment-result.ts): only 'paid' is money received, whatever words the gateway used, and the
// payer's message comes from the status through the return's own words.
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_STATUSES,
  UNSETTLED_CHECKOUT_STATUSES,
  paymentResult,
  paymentReturnResult,
  paymentSucceeded,
  type CheckoutStatus,
} from '../../src/domain/rules/payment-result';
import { paymentReturnResultSchema } from '../../src/domain/schemas/api/payments';

describe('payment outcome', () => {
  it('counts only a paid status as money received', () => {
    expect(CHECKOUT_STATUSES.filter(paymentSucceeded)).toEqual(['paid']);
  });

  it('shows a paid checkout as a success, at a real gateway or a test one, whatever the gateway called it', () => {
    // Gateways say 'paid', 'Approved', 'COMPLETED', 'complete / paid': the adapter maps each to
    // 'paid', and the message follows the status, never the words.
    expect(paymentResult(paymentReturnResult('paid', false)!)).toEqual({
      success: true,
      message: 'Payment successfully made',
    });
    expect(paymentReturnResult('paid', false)).toBe('PAID');
    expect(paymentReturnResult('paid', true)).toBe('PAID (TEST mode)');
    expect(paymentResult(paymentReturnResult('paid', true)!).success).toBe(true);
  });

  it("shows declined, cancelled and a checkout left open as unsuccessful, in the return's words", () => {
    const shown = (status: CheckoutStatus) => paymentResult(paymentReturnResult(status, false)!);
    expect(shown('declined')).toEqual({ success: false, message: 'Payment unsuccessful - DECLINED' });
    expect(shown('cancelled')).toEqual({ success: false, message: 'Payment unsuccessful - CANCELLED' });
    expect(shown('open')).toEqual({ success: false, message: 'Payment unsuccessful - CANCELLED' });
  });

  it('has no word for a pending payment: neither success nor failure is true yet', () => {
    expect(paymentReturnResult('pending', false)).toBeNull();
    expect(paymentReturnResult('pending', true)).toBeNull();
  });

  it('puts only words the invoice screen knows into the return (anything else it refuses to show)', () => {
    for (const status of CHECKOUT_STATUSES) {
      for (const testMode of [false, true]) {
        const word = paymentReturnResult(status, testMode);
        if (word !== null)
          expect(paymentReturnResultSchema.safeParse(word).success, `${status} ${testMode}`).toBe(true);
      }
    }
  });

  it('asks the gateway again about open and pending checkouts only', () => {
    expect([...UNSETTLED_CHECKOUT_STATUSES].sort()).toEqual(['open', 'pending']);
  });
});
