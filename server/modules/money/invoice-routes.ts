// GET /api/invoice/xero/:SchoolId/:EventId (?append=true for the supplementary invoice) and
// GET /api/payment/xero/:SchoolId/:EventId. A school reads its own (another school is 403);
// admins and auditors any. Reading an available invoice issues it or brings it in step with the
// entries (invoices.ts); what was written is then copied to the accounting provider. Open online
// checkouts are settled with the gateway first.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { isStaff, requireSession, schoolScope } from '../../plugins/authz';
import { pushInvoice } from '../accounting/push';
import { paymentReceived, readInvoice } from './invoices';
import { settleOpenCheckouts } from './online-payment';

const READERS = ['admin', 'auditor', 'school'] as const;

export const invoiceRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { invoice, paymentReceived: received } = API.payments;

  app.get(invoice.url, {
    config: { auth: READERS },
    schema: { params: invoice.params, querystring: invoice.querystring, response: { 200: invoice.response } },
  }, async (request) => {
    const scope = { schoolId: schoolScope(request, request.params.SchoolId)!, eventId: request.params.EventId };
    // A payer who never came back from the checkout is still recorded: ask the gateway first.
    await settleOpenCheckouts(deps, scope.schoolId, scope.eventId, request.log)
      .catch((err: unknown) => request.log.warn({ err }, 'open checkouts could not be settled'));
    const options = { append: request.query.append === true, staff: isStaff(requireSession(request)), now: deps.now() };
    const read = await readInvoice(deps.db, scope, options);
    if (!read.written.length) return read.invoice;
    // Copied to the accounting provider (best-effort), then read again for the url it gave.
    for (const id of read.written) await pushInvoice(deps, id, request.log);
    return (await readInvoice(deps.db, scope, options)).invoice;
  });

  app.get(received.url, {
    config: { auth: READERS },
    schema: { params: received.params, response: { 200: received.response } },
  }, async (request) => paymentReceived(deps.db, { schoolId: schoolScope(request, request.params.SchoolId)!, eventId: request.params.EventId }));
};
