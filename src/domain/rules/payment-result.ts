// How an online payment ended, in our own terms. Gateways word it their own way ('PAID (TEST mode)',
// Stripe's 'complete / paid', another's 'Approved' or 'COMPLETED'), so each gateway adapter maps
// its answer to one of these statuses, and everything after it (recording a payment, the payer's
// message) is decided from the status alone. The gateway's words are kept beside it for people to
// read, never to decide with (docs/payments.md 'The outcome').
import { MESSAGES, paymentUnsuccessfulMessage } from '../messages';
import { PAYMENT_RETURN_RESULTS } from '../schemas/api/payments';

/**
 * - open: the checkout is still in progress at the gateway (the payer may still pay in it);
 * - pending: the payer finished, the money is not confirmed yet (a bank debit clearing);
 * - paid: the gateway confirmed the money;
 * - declined: the payment was refused or failed, the checkout is finished;
 * - cancelled: the checkout ended without a payment (expired, abandoned at the gateway).
 */
export const CHECKOUT_STATUSES = ['open', 'pending', 'paid', 'declined', 'cancelled'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** The statuses that may still change at the gateway: asked again by the reconciliation. */
export const UNSETTLED_CHECKOUT_STATUSES: readonly CheckoutStatus[] = ['open', 'pending'];

/** Only a confirmed payment counts as money received. */
export function paymentSucceeded(status: CheckoutStatus): boolean {
  return status === 'paid';
}

/**
 * The word the payment return puts in `#/invoice?result=` (PAYMENT_RETURN_RESULTS, which the app
 * shows as 'Payment successfully made' or 'Payment unsuccessful - {result}'). A payer back from a
 * checkout still open left without paying: CANCELLED. Pending has no word: the money is neither
 * in nor refused, so the return says so on a page of its own (null here).
 */
export function paymentReturnResult(status: CheckoutStatus, testMode: boolean): string | null {
  switch (status) {
    case 'paid':
      return testMode ? PAYMENT_RETURN_RESULTS.paidTest : PAYMENT_RETURN_RESULTS.paid;
    case 'declined':
      return PAYMENT_RETURN_RESULTS.declined;
    case 'open':
    case 'cancelled':
      return PAYMENT_RETURN_RESULTS.cancelled;
    case 'pending':
      return null;
  }
}

/** Results of the payment return that mean the payment went through (the return's own words). */
const PAYMENT_SUCCESS_RESULTS: readonly string[] = [PAYMENT_RETURN_RESULTS.paid, PAYMENT_RETURN_RESULTS.paidTest];

export interface PaymentOutcome {
  success: boolean;
  message: string;
}

/** The message for the payment return's `result` query value: the return's own words, which it
 *  derives from the status (paymentReturnResult), so an exact match is right here. */
export function paymentResult(result: string): PaymentOutcome {
  return PAYMENT_SUCCESS_RESULTS.includes(result)
    ? { success: true, message: MESSAGES.paymentSuccess }
    : { success: false, message: paymentUnsuccessfulMessage(result) };
}
