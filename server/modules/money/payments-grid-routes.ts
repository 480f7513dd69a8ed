// The payments grid's calls (spec section 7 'GET and PUT /api/payment'): admins and auditors read
// the grid of an event (?EventId=, else the session's); only admins record payments, in one
// transaction through runWrite so a replayed save applies once. Each payment row written is then
// copied to the accounting system, best-effort (pushPayment of server/modules/accounting/push.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_BATCH_BODY_BYTES } from '../../../src/domain/constants/limits';
import { API } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { badRequest } from '../../http-errors';
import { requireSession } from '../../plugins/authz';
import { runWrite } from '../../plugins/idempotency';
import { pushPayment } from '../accounting/push';
import { NO_EVENT, answeredEvent, gridEvent, listPayments, savePayments } from './payments-grid';

/** After the commit: copies each payment row the grid wrote to the accounting system, one after
 *  the other. Best-effort: pushPayment never throws; a failure is logged there, the payment stays
 *  recorded here, and pushPending (push.ts) sends what is still missing later. */
async function pushWrittenPayments(deps: Deps, paymentIds: readonly string[], log: FastifyBaseLogger): Promise<void> {
  for (const paymentId of paymentIds) await pushPayment(deps, paymentId, log);
}

export const paymentsGridRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, now } = deps;
  const { list, save } = API.payments;

  app.get(list.url, {
    config: { auth: ['admin', 'auditor'] },
    schema: { querystring: list.querystring, response: { 200: list.response } },
  }, async (request) => {
    const event = await gridEvent(db, request.query.EventId, requireSession(request).eventId);
    return listPayments(db, event);
  });

  app.put(save.url, {
    bodyLimit: MAX_BATCH_BODY_BYTES,
    config: { auth: ['admin'] },
    schema: { body: save.body, response: { 200: save.response } },
  }, async (request, reply) => {
    const updates = request.body.payments;
    const eventId = answeredEvent(updates, requireSession(request).eventId);
    if (!eventId) throw badRequest(NO_EVENT);
    let written: string[] = [];
    const answer = await runWrite(db, request, reply, async (tx) => {
      written = await savePayments(tx, updates, now());
      return listPayments(tx, await gridEvent(tx, eventId, null));
    });
    // A replay answers the stored reply and wrote nothing; otherwise the transaction committed.
    if (reply.getHeader('idempotent-replay') !== 'true') await pushWrittenPayments(deps, written, request.log);
    return answer;
  });
};
