// A school's payments as transactions (rules/payment-lines): each line in words, the paid-so-far
// total derived after each, in cents.
import { describe, expect, it } from 'vitest';
import { paidInTotal, paymentLineHow, withRunningTotals } from '../../src/domain/rules/payment-lines';

describe('payment lines', () => {
  it('derives the paid-so-far total after each line, refunds and corrections included', () => {
    const lines = [
      { amount: 120.1, method: 'bpay', test: false },
      { amount: 0.2, method: 'cheque', test: false },
      { amount: -20, method: 'refund', test: false },
      { amount: -0.3, method: 'adjustment', test: false },
    ];
    expect(withRunningTotals(lines).map((l) => l.paidSoFar)).toEqual([120.1, 120.3, 100.3, 100]);
    expect(paidInTotal(lines)).toBe(100);
    expect(paidInTotal([])).toBe(0);
  });

  it('says how the money moved, and that a test checkout took none', () => {
    expect(paymentLineHow({ method: 'bpay', test: false })).toBe('BPAY');
    expect(paymentLineHow({ method: 'refund', test: false })).toBe('Refund (paid back)');
    expect(paymentLineHow({ method: 'adjustment', test: false })).toBe('Correction');
    expect(paymentLineHow({ method: 'online', test: true })).toBe('Online (TEST: no money received)');
    expect(paymentLineHow({ method: 'something-new', test: false })).toBe('Payment');
  });
});

describe('typed dollars', () => {
  it('reads dollars with at most 2 decimals, a sign only where allowed', async () => {
    const { parseDollars } = await import('../../src/domain/rules/money');
    expect(parseDollars('1,234.5')).toBe(1234.5);
    expect(parseDollars('$60')).toBe(60);
    expect(parseDollars('-20')).toBeNull();
    expect(parseDollars('-20', { signed: true })).toBe(-20);
    expect(parseDollars('-$20.05', { signed: true })).toBe(-20.05);
    expect(parseDollars('1.234')).toBeNull();
    expect(parseDollars('abc')).toBeNull();
  });
});
