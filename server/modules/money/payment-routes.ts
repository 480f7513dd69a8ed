// Online payment routes (docs/payments.md):
//
//   POST /api/transaction                 the app starts a payment; answers the gateway's checkout url
//   GET  /api/payment/return/:checkoutId  the payer's browser comes back from the gateway
//
// The return is public (the browser arrives from another site, maybe after its session ended) and
// trusts nothing it is sent: it asks the gateway how the checkout ended, records a confirmed
// payment once, and sends the browser to the app's invoice screen with the gateway's own result.
// Without a payment gateway configured, a start is refused (422, 'not set up'). A start first
// issues the school's invoice when it is due (a write, like every reconciliation), so the amount
// owed and the invoice the payment is copied against are the issued ones.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCents } from '../../../src/domain/rules/money';
import { API } from '../../../src/domain/schemas';
import { PAYMENT_RETURN_RESULTS } from '../../../src/domain/schemas/api/payments';
import type { CheckoutOutcome } from '../../integrations/payments';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Deps } from '../../deps';
import { schoolScope } from '../../plugins/authz';
import { assertOpenToSchool } from '../../plugins/event-lock';
import { runWrite } from '../../plugins/idempotency';
import { escapeHtml, sendPage } from '../gateway/html';
import { findCheckout, invoiceLocation, invoicePath, requireGateway, settleCheckout, startCheckout } from './online-payment';
import { reconcileInvoices } from './reconcile';

export const PAYMENT_RETURN_URL = '/api/payment/return/:checkoutId';

/** The gateway's outcome in the return's words (PAYMENT_RETURN_RESULTS), whatever words the
 *  gateway itself uses: a payment at a test gateway reads 'PAID (TEST mode)'. */
function returnResult(outcome: CheckoutOutcome, testMode: boolean): string {
  if (outcome.status === 'open') return PAYMENT_RETURN_RESULTS.cancelled;
  if (outcome.status === 'declined') return PAYMENT_RETURN_RESULTS.declined;
  return testMode ? PAYMENT_RETURN_RESULTS.paidTest : PAYMENT_RETURN_RESULTS.paid;
}
const returnParamsSchema = z.object({ checkoutId: z.string().max(100) });

export const paymentRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { startTransaction } = API.payments;

  app.post(startTransaction.url, {
    config: { auth: ['school', 'admin'] },
    schema: { body: startTransaction.body, response: { 200: startTransaction.response } },
  }, async (request, reply) => {
    // A school pays for its own school only (another school named: 403); the admin for any.
    const schoolId = schoolScope(request, request.body.schoolId) ?? request.body.schoolId;
    // ... and only in an event open to it (a locked event's invoice can still be paid).
    await assertOpenToSchool(deps.db, request.session!, request.body.eventId);
    const paying = requireGateway(deps);
    const input = { schoolId, eventId: request.body.eventId, outstandingCents: toCents(request.body.outstanding) };
    await reconcileInvoices(deps, input, request.log);
    return startCheckout(paying, input, request.log, (decide) => runWrite(deps.db, request, reply, decide));
  });

  app.get(PAYMENT_RETURN_URL, {
    config: { auth: 'public' },
    schema: { params: returnParamsSchema },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const checkout = await findCheckout(deps.db, request.params.checkoutId);
    if (!checkout) {
      return sendPage(reply, 404, 'Payment not found', '<h1>Payment not found</h1>\n<p>This payment does not exist. Open the invoice and start the payment again.</p>');
    }
    // The query (?result=...) is the browser's word and is ignored: only the gateway's counts.
    let outcome;
    try {
      outcome = await settleCheckout(deps, checkout, request.log);
    } catch (err) {
      request.log.warn({ err, checkoutId: checkout.id }, 'payment return: the gateway could not be asked');
      const back = escapeHtml(invoicePath(checkout.schoolId, checkout.eventId));
      return sendPage(reply, 503, 'Payment not confirmed yet',
        `<h1>Payment not confirmed yet</h1>\n<p>${escapeHtml(SERVER_MESSAGES.paymentNotConfirmed)}</p>\n<p><a href="${back}">Back to the invoice</a></p>`);
    }
    const result = returnResult(outcome, deps.gateway?.testMode ?? false);
    return reply.redirect(invoiceLocation(checkout.schoolId, checkout.eventId, result), 302);
  });
};
