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
import { and, asc, eq, exists, inArray, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_TEXT_LENGTH, MAX_TITLE_LENGTH } from '../../../src/domain/constants/limits';
import { formatMoney, toDollars } from '../../../src/domain/rules/money';
import { ERROR_CODES } from '../../../src/domain/errors';
import { accountingRegion } from '../../../src/domain/rules/accounting-region';
import { API, type AccountingQueue, type AccountingSync } from '../../../src/domain/schemas';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Db, Tx } from '../../db/client';
import { eventStates, events, invoices, schoolAccountingContacts, schools, teams } from '../../db/schema';
import type { Deps } from '../../deps';
import { HttpError, notFound, unprocessable } from '../../http-errors';
import { AccountingUnavailable, type AccountingContact, type Organisation } from '../../integrations/accounting';
import { runWrite } from '../../plugins/idempotency';
import { queueView, unpark } from './queue';
import { kickAccounting } from './worker';

export const accountingUnavailable = () => new HttpError(503, ERROR_CODES.ACCOUNTING_UNAVAILABLE, SERVER_MESSAGES.accountingUnavailable);
export const contactNotFoundMessage = (org: Organisation) => `That accounting contact does not exist in the ${org} organisation.`;
export const schoolAlreadyLinkedMessage = (school: string, org: Organisation) =>
  `${school} is already linked to an accounting contact in the ${org} organisation.`;
export const contactTakenMessage = (school: string) => `That accounting contact is already linked to ${school}.`;

/** The path's invoice type ('nsw' or 'vic') -> the organisation and its events. */
function organisationOf(invoiceType: 'nsw' | 'vic'): { org: Organisation; isOrgEvent: SQL } {
  const type = invoiceType.toUpperCase();
  return { org: accountingRegion(type), isOrgEvent: type === 'NSW' ? eq(events.invoiceType, 'NSW') : ne(events.invoiceType, 'NSW') };
}

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

export async function entrySystemSchools(db: Db | Tx, org: Organisation, isOrgEvent: SQL): Promise<AccountingSync['entrySystemSchools']> {
  const orgStates = db.select({ stateId: eventStates.stateId }).from(eventStates).innerJoin(events, eq(events.id, eventStates.eventId)).where(isOrgEvent);
  const withTeam = db.select({ one: teams.id }).from(teams).innerJoin(events, eq(events.id, teams.eventId))
    .where(and(eq(teams.schoolId, schools.id), isOrgEvent));
  const withInvoice = db.select({ one: invoices.id }).from(invoices).innerJoin(events, eq(events.id, invoices.eventId))
    .where(and(eq(invoices.schoolId, schools.id), isOrgEvent));
  return db
    .select({ id: schools.id, name: schools.name, StateId: schools.stateId, contactId: schoolAccountingContacts.contactId })
    .from(schools)
    .leftJoin(schoolAccountingContacts, and(eq(schoolAccountingContacts.schoolId, schools.id), eq(schoolAccountingContacts.organisation, org)))
    .where(and(
      isNull(schools.removedAt),
      or(isNotNull(schoolAccountingContacts.contactId), inArray(schools.stateId, orgStates), exists(withTeam), exists(withInvoice)),
    ))
    .orderBy(asc(schools.name), asc(schools.id));
}

async function linkedContactIds(db: Db | Tx, org: Organisation): Promise<Set<string>> {
  const rows = await db.select({ contactId: schoolAccountingContacts.contactId }).from(schoolAccountingContacts)
    .where(eq(schoolAccountingContacts.organisation, org));
  return new Set(rows.map((r) => r.contactId));
}

/** The join's refusals that our own tables decide. Answers true when the school is linked to that
 *  very contact already (nothing to do). */
async function checkJoin(db: Db | Tx, org: Organisation, schoolId: string, contactId: string): Promise<boolean> {
  const [school] = await db.select({ name: schools.name }).from(schools).where(and(eq(schools.id, schoolId), isNull(schools.removedAt)));
  if (!school) throw notFound('School not found');
  const [own] = await db.select({ contactId: schoolAccountingContacts.contactId }).from(schoolAccountingContacts)
    .where(and(eq(schoolAccountingContacts.schoolId, schoolId), eq(schoolAccountingContacts.organisation, org)));
  if (own?.contactId === contactId) return true;
  if (own) throw unprocessable(schoolAlreadyLinkedMessage(school.name, org), [{ path: 'schoolId', message: schoolAlreadyLinkedMessage(school.name, org) }]);
  const [holder] = await db.select({ name: schools.name }).from(schoolAccountingContacts)
    .innerJoin(schools, eq(schools.id, schoolAccountingContacts.schoolId))
    .where(and(eq(schoolAccountingContacts.organisation, org), eq(schoolAccountingContacts.contactId, contactId)));
  if (holder) throw unprocessable(contactTakenMessage(holder.name), [{ path: 'contactId', message: contactTakenMessage(holder.name) }]);
  return false;
}

/** The queue as the accounting screen shows it: each parked item says what it is. */
async function queueAnswer(db: Db | Tx, now: Date): Promise<AccountingQueue> {
  const view = await queueView(db, now);
  return {
    waiting: view.waiting,
    pauses: view.pauses,
    parked: view.parked.map((p) => ({
      id: p.id, kind: p.kind === 'payment' ? 'payment' : 'invoice', organisation: p.organisation as Organisation, attempts: p.attempts,
      since: p.since.toISOString(), reason: (p.reason ?? '').slice(0, MAX_TEXT_LENGTH),
      what: (p.kind === 'payment'
        ? `Payment of ${formatMoney(toDollars(p.paymentCents ?? 0))} from ${p.paymentSchool ?? 'a removed school'}`
        : `Invoice ${p.invoiceNumber ?? ''} of ${p.invoiceSchool ?? 'a removed school'}`).slice(0, MAX_TEXT_LENGTH),
    })),
  };
}

export const accountingRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, accounting, now }) => {
  const { accountingSync, accountingJoin, accountingQueue, accountingRetry } = API.schools;

  app.get(accountingQueue.url, {
    config: { auth: ['admin'] },
    schema: { response: { 200: accountingQueue.response } },
  }, async () => queueAnswer(db, now()));

  app.post(accountingRetry.url, {
    config: { auth: ['admin'] },
    schema: { params: accountingRetry.params, response: { 200: accountingRetry.response } },
  }, async (request, reply) => {
    const answer = await runWrite(db, request, reply, async (tx) => {
      if (!(await unpark(tx, request.params.id, now()))) throw notFound(SERVER_MESSAGES.accountingItemNotParked);
      request.log.info({ queueItem: request.params.id }, 'a refused accounting item is sent again');
      return queueAnswer(tx, now());
    });
    kickAccounting();
    return answer;
  });

  app.get(accountingSync.url, {
    config: { auth: ['admin'] },
    schema: { params: accountingSync.params, response: { 200: accountingSync.response } },
  }, async (request): Promise<AccountingSync> => {
    const { org, isOrgEvent } = organisationOf(request.params.invoiceType);
    const contacts = await reach(request, () => accounting.listContacts(org));
    const linked = await linkedContactIds(db, org);
    const xeroMissing = contacts
      .filter((c) => !linked.has(c.contactId))
      .map((c) => ({ contactId: c.contactId, name: c.name.slice(0, MAX_TITLE_LENGTH) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.contactId.localeCompare(b.contactId));
    return { entrySystemSchools: await entrySystemSchools(db, org, isOrgEvent), xeroMissing };
  });

  app.post(accountingJoin.url, {
    config: { auth: ['admin'] },
    schema: { params: accountingJoin.params, body: accountingJoin.body, response: { 200: accountingJoin.response } },
  }, async (request, reply) => {
    const { org } = organisationOf(request.params.invoiceType);
    const { schoolId, contactId } = request.body;
    // Our own refusals first: they need no call to the accounting system.
    const already = await checkJoin(db, org, schoolId, contactId);
    let contact: AccountingContact | undefined;
    if (!already) {
      contact = (await reach(request, () => accounting.listContacts(org))).find((c) => c.contactId === contactId);
      if (!contact) throw unprocessable(contactNotFoundMessage(org), [{ path: 'contactId', message: contactNotFoundMessage(org) }]);
    }
    return runWrite(db, request, reply, async (tx) => {
      if (!(await checkJoin(tx, org, schoolId, contactId))) {
        await tx.insert(schoolAccountingContacts).values({ schoolId, organisation: org, contactId });
      }
      request.log.info({ schoolId, organisation: org, contactId, provider: accounting.name }, 'school linked to an accounting contact');
      return { message: SERVER_MESSAGES.accountingJoined };
    });
  });
};
