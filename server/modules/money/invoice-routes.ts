// GET /api/invoice/xero/:SchoolId/:EventId (?append=true for the supplementary invoice) and
// GET /api/payment/xero/:SchoolId/:EventId. A school reads its own (another school is 403);
// admins and auditors any. Reading writes nothing and calls no outside service: the invoice is
// issued by writes and by the background sweep (reconcile.ts); a read answers what is stored, or
// what would be issued while it is not issued yet. The answer says whether online payment is
// offered (a payment gateway is configured).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { isStaff, requireSession, schoolScope } from '../../plugins/authz';
import { paymentReceived, readInvoice } from './invoices';
import { backgroundMoneyWork } from './reconcile';

export const invoiceRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { invoice, paymentReceived: received } = API.payments;

  // Copies to the accounting system still running when the server stops are let finish.
  app.addHook('onClose', async () => {
    await backgroundMoneyWork();
  });

  app.get(
    invoice.url,
    {
      schema: routeSchema(invoice),
    },
    async (request) => {
      const scope = { schoolId: schoolScope(request, request.params.SchoolId)!, eventId: request.params.EventId };
      return readInvoice(deps.db, scope, {
        append: request.query.append === true,
        staff: isStaff(requireSession(request)),
        now: deps.now(),
        onlinePayment: deps.gateway !== null,
        suppliers: deps.config.suppliers,
      });
    },
  );

  app.get(
    received.url,
    {
      schema: routeSchema(received),
    },
    async (request) =>
      paymentReceived(deps.db, {
        schoolId: schoolScope(request, request.params.SchoolId)!,
        eventId: request.params.EventId,
      }),
  );
};
