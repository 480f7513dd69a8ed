// The payments grid's calls (spec section 7 'GET and PUT /api/payment'): admins and auditors read
// the grid of an event (?EventId=, else the session's); only admins record payments, in one
// transaction through runWrite so a replayed save applies once. Each payment row written is then
// queued for the accounting system, which the accounting worker sends in the background
// (server/modules/accounting/worker.ts): the admin never waits for Xero. A school's payments are
// also read and recorded line by line (Record payment: date, amount, how, reference).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_BATCH_BODY_BYTES } from '../../../src/domain/constants/limits';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { badRequest } from '../../http-errors';
import { requireSession } from '../../plugins/authz';
import { runWrite } from '../../plugins/idempotency';
import { queuePayments, kickAccounting } from '../accounting';
import { paymentLines, recordPayment } from './payment-lines';
import { NO_EVENT, answeredEvent, gridEvent, listPayments, savePayments } from './payments-grid';

export const paymentsGridRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, now } = deps;
  const { list, save, lines, record } = API.payments;

  app.get(
    list.url,
    {
      schema: routeSchema(list),
    },
    async (request) => {
      const event = await gridEvent(db, request.query.EventId, requireSession(request).eventId);
      return listPayments(db, event);
    },
  );

  app.put(
    save.url,
    {
      bodyLimit: MAX_BATCH_BODY_BYTES,
      schema: routeSchema(save),
    },
    async (request, reply) => {
      const updates = request.body.payments;
      const eventId = answeredEvent(updates, requireSession(request).eventId);
      if (!eventId) throw badRequest(NO_EVENT);
      let written: string[] = [];
      const answer = await runWrite(db, request, reply, async (tx) => {
        written = await savePayments(tx, updates, now());
        return listPayments(tx, await gridEvent(tx, eventId, null));
      });
      // A replay answers the stored reply and wrote nothing; otherwise the transaction committed.
      if (reply.getHeader('idempotent-replay') !== 'true' && written.length) {
        await queuePayments(db, written, now());
        kickAccounting();
      }
      return answer;
    },
  );

  app.get(
    lines.url,
    {
      schema: routeSchema(lines),
    },
    async (request) => {
      const { SchoolId, EventId } = request.params;
      return paymentLines(db, SchoolId, EventId);
    },
  );

  app.post(
    record.url,
    {
      schema: routeSchema(record),
    },
    async (request, reply) => {
      const { SchoolId, EventId } = request.body;
      let written: string | null = null;
      const answer = await runWrite(db, request, reply, async (tx) => {
        written = await recordPayment(tx, request.body);
        return paymentLines(tx, SchoolId, EventId);
      });
      if (reply.getHeader('idempotent-replay') !== 'true' && written) {
        await queuePayments(db, [written], now());
        kickAccounting();
      }
      return answer;
    },
  );
};
