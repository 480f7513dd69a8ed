// What the invoice screen says when the payment return sends the payer back with ?result=. Only
// the return's own words (PAYMENT_RETURN_RESULTS) are shown, each as our message; anything else
// came from someone who typed the link, so none of it is shown. Whether the invoice is paid comes
// from the server alone.
import { MESSAGES, paymentUnsuccessfulMessage } from '../../domain/messages';
import { PAYMENT_RETURN_RESULTS, paymentReturnResultSchema } from '../../domain/schemas/api/payments';

export type PaymentReturnNotice = { kind: 'success' | 'failure' | 'unknown'; message: string };

const UNKNOWN_PAYMENT_RESULT = 'We could not read the payment result; the invoice below shows what has been received.';

const NOTICES: Readonly<Record<string, PaymentReturnNotice>> = {
  [PAYMENT_RETURN_RESULTS.paid]: { kind: 'success', message: MESSAGES.paymentSuccess },
  [PAYMENT_RETURN_RESULTS.paidTest]: { kind: 'success', message: MESSAGES.paymentSuccess },
  [PAYMENT_RETURN_RESULTS.declined]: {
    kind: 'failure',
    message: paymentUnsuccessfulMessage(PAYMENT_RETURN_RESULTS.declined),
  },
  [PAYMENT_RETURN_RESULTS.cancelled]: {
    kind: 'failure',
    message: paymentUnsuccessfulMessage(PAYMENT_RETURN_RESULTS.cancelled),
  },
};

/** The notice for the return's `result` query value (null: no result, nothing to say). */
export function paymentReturnNotice(result: string | null): PaymentReturnNotice | null {
  if (result === null) return null;
  const known = paymentReturnResultSchema.safeParse(result);
  return known.success ? NOTICES[known.data]! : { kind: 'unknown', message: UNKNOWN_PAYMENT_RESULT };
}
