// The accounting sync (spec: the admin's accounting sync screen; docs/accounting.md 'Sync'): our
// schools beside the accounting system's contacts of one organisation ('nsw' -> Northern, 'vic' ->
// Southern), and the admin's join of a school to a contact. Admin only.
//
// entrySystemSchools: the schools (not removed) that belong to that organisation's events: in a
// state one of its events is open to, or with a team or an invoice in one of them; and every school
// already linked there. Each carries its linked contactId there, or null.
// xeroMissing: the organisation's contacts linked to no school.
// A provider that cannot be reached answers 503 'Error connecting to the accounting system...'.
// The queue of copies to the accounting system (queue.ts): what waits, what was refused (parked,
// with the reason) and any pause; an admin sends a parked item again once it is put right.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_TITLE_LENGTH } from '../../../src/domain/constants/limits';
import { ERROR_CODES } from '../../../src/domain/errors';
import { API, routeSchema, type AccountingSync } from '../../../src/domain/schemas';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Deps } from '../../deps';
import { HttpError, notFound, unprocessable } from '../../http-errors';
import { AccountingUnavailable, type AccountingContact } from '../../integrations/accounting';
import { runWrite } from '../../plugins/idempotency';
import { unpark } from './queue';
import {
  checkJoin,
  contactNotFoundMessage,
  entrySystemSchools,
  linkSchool,
  linkedContactIds,
  organisationOf,
  queueAnswer,
} from './school-links';
import { kickAccounting } from './worker';

const accountingUnavailable = () =>
  new HttpError(503, ERROR_CODES.ACCOUNTING_UNAVAILABLE, SERVER_MESSAGES.accountingUnavailable);
/** A call to the accounting provider: any failure is a 503, logged for whoever runs the server. */
async function reach<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AccountingUnavailable) request.log.warn({ err }, 'accounting system unavailable');
    else request.log.error({ err }, 'accounting system failed');
    throw accountingUnavailable();
  }
}

export const accountingRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, accounting, now }) => {
  const { accountingSync, accountingJoin, accountingQueue, accountingRetry } = API.schools;

  app.get(
    accountingQueue.url,
    {
      schema: routeSchema(accountingQueue),
    },
    async () => queueAnswer(db, now()),
  );

  app.post(
    accountingRetry.url,
    {
      schema: routeSchema(accountingRetry),
    },
    async (request, reply) => {
      const answer = await runWrite(db, request, reply, async (tx) => {
        if (!(await unpark(tx, request.params.id, now()))) throw notFound(SERVER_MESSAGES.accountingItemNotParked);
        request.log.info({ queueItem: request.params.id }, 'a refused accounting item is sent again');
        return queueAnswer(tx, now());
      });
      kickAccounting();
      return answer;
    },
  );

  app.get(
    accountingSync.url,
    {
      schema: routeSchema(accountingSync),
    },
    async (request): Promise<AccountingSync> => {
      const { org, isOrgEvent } = organisationOf(request.params.invoiceType);
      const contacts = await reach(request, () => accounting.listContacts(org));
      const linked = await linkedContactIds(db, org);
      const xeroMissing = contacts
        .filter((c) => !linked.has(c.contactId))
        .map((c) => ({ contactId: c.contactId, name: c.name.slice(0, MAX_TITLE_LENGTH) }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.contactId.localeCompare(b.contactId));
      return { entrySystemSchools: await entrySystemSchools(db, org, isOrgEvent), xeroMissing };
    },
  );

  app.post(
    accountingJoin.url,
    {
      schema: routeSchema(accountingJoin),
    },
    async (request, reply) => {
      const { org } = organisationOf(request.params.invoiceType);
      const { schoolId, contactId } = request.body;
      // Our own refusals first: they need no call to the accounting system.
      const already = await checkJoin(db, org, schoolId, contactId);
      let contact: AccountingContact | undefined;
      if (!already) {
        contact = (await reach(request, () => accounting.listContacts(org))).find((c) => c.contactId === contactId);
        if (!contact)
          throw unprocessable(contactNotFoundMessage(org), [
            { path: 'contactId', message: contactNotFoundMessage(org) },
          ]);
      }
      return runWrite(db, request, reply, async (tx) => {
        if (!(await checkJoin(tx, org, schoolId, contactId))) {
          await linkSchool(tx, org, schoolId, contactId);
        }
        request.log.info(
          { schoolId, organisation: org, contactId, provider: accounting.name },
          'school linked to an accounting contact',
        );
        return { message: SERVER_MESSAGES.accountingJoined };
      });
    },
  );
};
