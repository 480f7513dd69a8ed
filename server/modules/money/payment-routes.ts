// Online payment routes (docs/payments.md):
//
//   POST /api/transaction                 the app starts a payment; answers the gateway's checkout url
//   GET  /api/payment/return/:checkoutId  the payer's browser comes back from the gateway
//
// The return is public (the browser arrives from another site, maybe after its session ended) and
// trusts nothing it is sent: it asks the gateway how the checkout ended, records a confirmed
// payment once, and sends the browser to the app's invoice screen with the gateway's own result.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCents } from '../../../src/domain/rules/money';
import { API } from '../../../src/domain/schemas';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Deps } from '../../deps';
import { schoolScope } from '../../plugins/authz';
import { runWrite } from '../../plugins/idempotency';
import { escapeHtml, sendPage } from '../gateway/html';
import { CANCELLED_RESULT, findCheckout, invoiceLocation, invoicePath, settleCheckout, startCheckout } from './online-payment';

export const PAYMENT_RETURN_URL = '/api/payment/return/:checkoutId';
const returnParamsSchema = z.object({ checkoutId: z.string().max(100) });

export const paymentRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { startTransaction } = API.payments;

  app.post(startTransaction.url, {
    config: { auth: ['school', 'admin'] },
    schema: { body: startTransaction.body, response: { 200: startTransaction.response } },
  }, async (request, reply) => {
    // A school pays for its own school only (another school named: 403); the admin for any.
    const schoolId = schoolScope(request, request.body.schoolId) ?? request.body.schoolId;
    const input = { schoolId, eventId: request.body.eventId, outstandingCents: toCents(request.body.outstanding) };
    return startCheckout(deps, input, request.log, (decide) => runWrite(deps.db, request, reply, decide));
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
    const result = outcome.status === 'open'
      ? CANCELLED_RESULT
      : outcome.result ?? (outcome.status === 'paid' ? 'PAID' : 'DECLINED');
    return reply.redirect(invoiceLocation(checkout.schoolId, checkout.eventId, result), 302);
  });
};
