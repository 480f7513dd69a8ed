// The built-in payment gateway's hosted checkout page (server/integrations/payments/builtin.ts):
// what a real gateway's payment page is, on our own server and in TEST mode. Not under /api: it
// stands for another service, which the payer's browser visits by itself (public, no session).
//
//   GET  /gateway/checkout/:id  the page: amount, description, 'Pay $X (test card)' and 'Decline'
//   POST /gateway/checkout/:id  outcome=pay|decline (a plain HTML form): ends the session once and
//                               sends the browser (303) to the session's return URL with ?result=
//
// Registered only while the built-in gateway is the configured one (PAYMENT_GATEWAY=test). The
// pages work under the strict Content-Security-Policy: no script, no inline style, a form posting
// to our own origin.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMoney, toDollars } from '../../../src/domain/rules/money';
import type { Deps } from '../../deps';
import {
  BUILTIN_GATEWAY_NAME,
  checkoutPath,
  completeBuiltInSession,
  readBuiltInSession,
  returnLocation,
  type BuiltInSession,
} from '../../integrations/payments/builtin';
import { escapeHtml, sendPage } from './html';

const paramsSchema = z.object({ id: z.string().max(100) });
const outcomeSchema = z.object({ outcome: z.enum(['pay', 'decline']) });
/** The form holds one short field. */
const FORM_BODY_LIMIT = 1024;
const TITLE = 'Test payment';

function checkoutBody(session: BuiltInSession): string {
  const amount = formatMoney(toDollars(session.amountCents));
  const notice =
    '<p><strong>This is a test checkout: no card is charged.</strong> ' +
    'It stands in for a payment gateway so that online payment can be tried end to end.</p>';
  const details = [
    '<dl>',
    `<dt>Description</dt><dd>${escapeHtml(session.description)}</dd>`,
    `<dt>Amount</dt><dd>${escapeHtml(amount)} AUD</dd>`,
    '</dl>',
  ].join('\n');
  if (session.status !== 'open') {
    return [
      `<h1>${TITLE}</h1>`,
      notice,
      details,
      `<p>This checkout is finished: ${escapeHtml(session.result ?? session.status)}.</p>`,
      `<p><a href="${escapeHtml(returnLocation(session))}">Return to the invoice</a></p>`,
    ].join('\n');
  }
  return [
    `<h1>${TITLE}</h1>`,
    notice,
    details,
    `<form method="post" action="${escapeHtml(checkoutPath(session.id))}">`,
    `<p><button type="submit" name="outcome" value="pay">Pay ${escapeHtml(amount)} (test card)</button></p>`,
    '<p><button type="submit" name="outcome" value="decline">Decline</button></p>',
    '</form>',
  ].join('\n');
}

const notFoundBody = `<h1>Checkout not found</h1>\n<p>This test checkout does not exist. Start the payment again from the invoice.</p>`;

export const gatewayRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, gateway, now }) => {
  if (gateway?.name !== BUILTIN_GATEWAY_NAME) return;

  // A browser form posts application/x-www-form-urlencoded; read it here only (this plugin's
  // scope), with URLSearchParams, into a plain object.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get(
    '/gateway/checkout/:id',
    {
      // The stand-in gateway's own page, outside the contract: declared here.
      config: { auth: 'public' },
      // eslint-disable-next-line no-restricted-syntax -- the stand-in gateway's own page, outside the contract
      schema: { params: paramsSchema },
    },
    async (request, reply) => {
      const session = await readBuiltInSession(db, request.params.id);
      if (!session) return sendPage(reply, 404, 'Checkout not found', notFoundBody);
      return sendPage(reply, 200, TITLE, checkoutBody(session));
    },
  );

  app.post(
    '/gateway/checkout/:id',
    {
      // The stand-in gateway's own page, outside the contract: declared here.
      config: { auth: 'public' },
      bodyLimit: FORM_BODY_LIMIT,
      // eslint-disable-next-line no-restricted-syntax -- the stand-in gateway's own form, outside the contract
      schema: { params: paramsSchema, body: outcomeSchema },
    },
    async (request, reply) => {
      const session = await completeBuiltInSession(db, request.params.id, request.body.outcome, now());
      if (!session) return sendPage(reply, 404, 'Checkout not found', notFoundBody);
      // 303: the browser follows with a GET, so a reload never posts the form again.
      return reply.header('cache-control', 'no-store').redirect(returnLocation(session), 303);
    },
  );
};
