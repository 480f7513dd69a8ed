// 'Pay online' on the invoice screen (spec section 7, PAY-05/06): POST /api/transaction with the
// school, the event and the outstanding amount, then the browser goes to the gateway's checkout
// (the answer's url). It needs the network (never queued in the outbox): a payment started later
// would surprise the payer. One idempotency key per click; a second click for the same amount gets
// the same checkout from the server anyway.
//
// On failure the spec's message, exactly 'Server Error' (PAY-06), except when the amount owed has
// changed since the invoice was shown (409): then the server's message, which asks to reload; and
// when the server has no online payment set up (422 with onlinePayment: false): then the server's
// message, which says to pay by BPAY.
import { v7 as uuidv7 } from 'uuid';
import { text } from '../../api/call';
import { callRoute } from '../../api/route-call';
import { MESSAGES } from '../../domain/messages';
import { paymentsApi } from '../../domain/schemas/api/payments';
import { WRITE_HEADERS } from '../../domain/schemas/api/sync';

export type StartPaymentResult = { ok: true; url: string } | { ok: false; message: string };

export async function startOnlinePayment(
  schoolId: string,
  eventId: string,
  outstanding: number,
): Promise<StartPaymentResult> {
  const answer = await callRoute(paymentsApi.startTransaction, {
    body: { schoolId, eventId, outstanding },
    headers: { [WRITE_HEADERS.idempotencyKey]: uuidv7() },
  });
  if (answer?.status === 200 && answer.data) return { ok: true, url: answer.data.url };
  if (answer?.status === 409) return { ok: false, message: text(answer.body?.message) ?? MESSAGES.serverError };
  if (answer?.status === 422 && answer.body?.onlinePayment === false)
    return { ok: false, message: text(answer.body.message) ?? MESSAGES.serverError };
  return { ok: false, message: MESSAGES.serverError };
}

/** Sends the browser to the checkout (kept apart so tests can replace it). */
export function navigateTo(url: string): void {
  window.location.assign(url);
}
