import { MESSAGES, paymentUnsuccessfulMessage } from '../messages';

/** Results of the payment return that mean the payment went through. */
export const PAYMENT_SUCCESS_RESULTS: readonly string[] = ['PAID', 'PAID (TEST mode)'];

export interface PaymentOutcome {
  success: boolean;
  message: string;
}

/** The message for the payment return's `result` query value (exact match, case-sensitive). */
export function paymentResult(result: string): PaymentOutcome {
  return PAYMENT_SUCCESS_RESULTS.includes(result)
    ? { success: true, message: MESSAGES.paymentSuccess }
    : { success: false, message: paymentUnsuccessfulMessage(result) };
}
