// Online payment routes (docs/payments.md):
//
//   POST /api/transaction                 the app starts a payment; answers the gateway's checkout url
//   GET  /api/payment/return/:checkoutId  the payer's browser comes back from the gateway
//   POST /api/payment/webhook/stripe      Stripe tells us a Checkout Session changed (signed)
//
// The return and the webhook are public (the browser arrives from another site, maybe after its
// session ended; Stripe has no session) and trust nothing they are sent: each asks the gateway how
// the checkout stands, records a confirmed payment once, and the return sends the browser to the
// app's invoice screen with the outcome in the return's words. Without a payment gateway
// configured, a start is refused (422, 'not set up'). A start first issues the school's invoice
// when it is due (a write, like every reconciliation), so the amount owed and the invoice the
// payment is copied against are the issued ones.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCents } from '../../../src/domain/rules/money';
import { paymentReturnResult } from '../../../src/domain/rules/payment-result';
import { API, routeSchema } from '../../../src/domain/schemas';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../http-errors';
import { STRIPE_GATEWAY_NAME, WebhookRefused, readStripeWebhook } from '../../integrations/payments/stripe';
import { schoolScope } from '../../plugins/authz';
import { assertOpenToSchool } from '../../plugins/event-lock';
import { runWrite } from '../../plugins/idempotency';
import { escapeHtml, sendPage } from '../gateway';
import {
  findCheckout,
  findCheckoutByRef,
  invoiceLocation,
  invoicePath,
  logGatewayFailure,
  paymentUnavailable,
  requireGateway,
  settleCheckout,
} from './online-payment';
import { reconcileInvoices } from './reconcile';
import { startCheckout } from './start-checkout';

const PAYMENT_RETURN_URL = '/api/payment/return/:checkoutId';
const STRIPE_WEBHOOK_URL = '/api/payment/webhook/stripe';
const returnParamsSchema = z.object({ checkoutId: z.string().max(100) });
/** A Stripe event is a few kilobytes; a Checkout Session with its line items well under this. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * The origin the gateway sends the payer back to: PUBLIC_URL, else (the built-in test checkout on
 * a demo) this request's origin, only when its host is one we serve: a forged Host header must
 * never send a payer, back from paying, to another site.
 */
function returnOrigin(deps: Deps, request: FastifyRequest): string {
  if (deps.config.publicUrl) return deps.config.publicUrl.replace(/\/+$/, '');
  const host = request.host.toLowerCase();
  const allowed = deps.config.allowedHosts;
  if (!allowed.includes('*') && !allowed.includes(host) && !allowed.includes(host.replace(/:\d+$/, ''))) {
    throw badRequest('Online payment is not available at this address.');
  }
  return `${request.protocol}://${request.host}`;
}

type RouteApp = Parameters<FastifyPluginAsyncZod<Deps>>[0];

/** The app starts a payment: the school's invoice issued when due, then the gateway's checkout. */
function registerStartRoute(app: RouteApp, deps: Deps): void {
  const { startTransaction } = API.payments;

  app.post(
    startTransaction.url,
    {
      schema: routeSchema(startTransaction),
    },
    async (request, reply) => {
      // A school pays for its own school only (another school named: 403); the admin for any.
      const schoolId = schoolScope(request, request.body.schoolId) ?? request.body.schoolId;
      // ... and only in an event open to it (a locked event's invoice can still be paid).
      await assertOpenToSchool(deps.db, request.session!, request.body.eventId);
      const paying = requireGateway(deps);
      const input = {
        schoolId,
        eventId: request.body.eventId,
        outstandingCents: toCents(request.body.outstanding),
        returnOrigin: returnOrigin(deps, request),
      };
      await reconcileInvoices(deps, input, request.log);
      return startCheckout(paying, input, request.log, (decide) => runWrite(deps.db, request, reply, decide));
    },
  );
}

/** The payer's browser back from the gateway: the gateway is asked, and the browser sent on to
 *  the invoice screen (or shown a page when there is nothing to send it to yet). */
function registerReturnRoute(app: RouteApp, deps: Deps): void {
  app.get(
    PAYMENT_RETURN_URL,
    {
      // Outside the contract (the payer's browser, sent back by the gateway): declared here.
      config: { auth: 'public' },
      // eslint-disable-next-line no-restricted-syntax -- outside the contract: the payer's browser, sent back by the gateway
      schema: { params: returnParamsSchema },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const checkout = await findCheckout(deps.db, request.params.checkoutId);
      if (!checkout) {
        return sendPage(
          reply,
          404,
          'Payment not found',
          '<h1>Payment not found</h1>\n<p>This payment does not exist. Open the invoice and start the payment again.</p>',
        );
      }
      const back = `<p><a href="${escapeHtml(invoicePath(checkout.schoolId, checkout.eventId))}">Back to the invoice</a></p>`;
      // The query (?result=...) is the browser's word and is ignored: only the gateway's counts.
      let outcome;
      try {
        outcome = await settleCheckout(deps, checkout, request.log);
      } catch (err) {
        logGatewayFailure(
          request.log,
          err,
          { checkoutId: checkout.id },
          'payment return: the gateway could not be asked',
        );
        return sendPage(
          reply,
          503,
          'Payment not confirmed yet',
          `<h1>Payment not confirmed yet</h1>\n<p>${escapeHtml(SERVER_MESSAGES.paymentNotConfirmed)}</p>\n${back}`,
        );
      }
      const result = paymentReturnResult(outcome.status, deps.gateway?.testMode ?? false);
      if (result === null) {
        // Pending: neither paid nor refused, so neither of the invoice screen's two messages fits.
        return sendPage(
          reply,
          200,
          'Payment being processed',
          [
            '<h1>Payment being processed</h1>',
            '<p>The payment system has your payment and is still processing it. It will show on the invoice once the payment system confirms it: there is nothing more to do.</p>',
            back,
          ].join('\n'),
        );
      }
      return reply.redirect(invoiceLocation(checkout.schoolId, checkout.eventId, result), 302);
    },
  );
}

/** Stripe's notice that a Checkout Session changed: checked by its signature, then Stripe asked. */
async function registerStripeWebhook(app: RouteApp, deps: Deps): Promise<void> {
  // Stripe signs the exact bytes it sends, so this route reads its body raw: a scope of its own
  // whose only parser keeps the bytes (every content type; the signature decides, not the header).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );

    scope.post(
      STRIPE_WEBHOOK_URL,
      // eslint-disable-next-line no-restricted-syntax -- outside the contract: Stripe's call, its body read raw for the signature
      {
        // Outside the contract (Stripe's call, checked by its signature): declared here.
        config: { auth: 'public' },
        bodyLimit: WEBHOOK_BODY_LIMIT,
      },
      async (request, reply) => {
        if (deps.gateway?.name !== STRIPE_GATEWAY_NAME || !deps.config.stripe) throw notFound();
        const signature = request.headers['stripe-signature'];
        let notification;
        try {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          notification = readStripeWebhook(
            raw,
            typeof signature === 'string' ? signature : undefined,
            deps.config.stripe.webhookSecret,
            deps.now(),
          );
        } catch (err) {
          if (!(err instanceof WebhookRefused)) throw err;
          request.log.warn({ reason: err.message }, 'Stripe webhook refused');
          throw badRequest(`Webhook refused: ${err.message}`);
        }
        const received = { received: true };
        if (!notification.sessionId) return reply.send(received);
        const checkout = await findCheckoutByRef(deps.db, STRIPE_GATEWAY_NAME, notification.sessionId);
        // A session someone else opened on the same Stripe account, or a checkout already paid (a
        // replay, or the return got there first): nothing to do.
        if (!checkout || checkout.status === 'paid') return reply.send(received);
        try {
          // The event's copy of the session is only a hint: Stripe is asked, as the return does.
          await settleCheckout(deps, checkout, request.log);
        } catch (err) {
          logGatewayFailure(
            request.log,
            err,
            { checkoutId: checkout.id, eventId: notification.eventId },
            'Stripe webhook: the session could not be verified',
          );
          // Not a 2xx: Stripe sends the event again later.
          throw paymentUnavailable();
        }
        return reply.send(received);
      },
    );
  });
}

export const paymentRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  registerStartRoute(app, deps);
  registerReturnRoute(app, deps);
  await registerStripeWebhook(app, deps);
};
