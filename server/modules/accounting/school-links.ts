// The school <-> accounting contact links of each organisation, and the queue as the accounting
// screen shows it: the queries behind the accounting routes (routes.ts), which only call them.
import { and, asc, eq, exists, inArray, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm';
import { MAX_TEXT_LENGTH } from '../../../src/domain/constants/limits';
import { formatMoney, toDollars } from '../../../src/domain/rules/money';
import { accountingRegion } from '../../../src/domain/rules/accounting-region';
import type { AccountingQueue, AccountingSync } from '../../../src/domain/schemas';
import type { Db, Tx } from '../../db/client';
import { eventStates, events, invoices, schoolAccountingContacts, schools, teams } from '../../db/schema';
import { notFound, unprocessable } from '../../http-errors';
import type { Organisation } from '../../integrations/accounting';
import { queueView } from './queue';

export const contactNotFoundMessage = (org: Organisation) =>
  `That accounting contact does not exist in the ${org} organisation.`;
export const schoolAlreadyLinkedMessage = (school: string, org: Organisation) =>
  `${school} is already linked to an accounting contact in the ${org} organisation.`;
export const contactTakenMessage = (school: string) => `That accounting contact is already linked to ${school}.`;

/** The path's invoice type ('nsw' or 'vic') -> the organisation and its events. */
export function organisationOf(invoiceType: 'nsw' | 'vic'): { org: Organisation; isOrgEvent: SQL } {
  const type = invoiceType.toUpperCase();
  return {
    org: accountingRegion(type),
    isOrgEvent: type === 'NSW' ? eq(events.invoiceType, 'NSW') : ne(events.invoiceType, 'NSW'),
  };
}

export async function entrySystemSchools(
  db: Db | Tx,
  org: Organisation,
  isOrgEvent: SQL,
): Promise<AccountingSync['entrySystemSchools']> {
  const orgStates = db
    .select({ stateId: eventStates.stateId })
    .from(eventStates)
    .innerJoin(events, eq(events.id, eventStates.eventId))
    .where(isOrgEvent);
  const withTeam = db
    .select({ one: teams.id })
    .from(teams)
    .innerJoin(events, eq(events.id, teams.eventId))
    .where(and(eq(teams.schoolId, schools.id), isOrgEvent));
  const withInvoice = db
    .select({ one: invoices.id })
    .from(invoices)
    .innerJoin(events, eq(events.id, invoices.eventId))
    .where(and(eq(invoices.schoolId, schools.id), isOrgEvent));
  return db
    .select({
      id: schools.id,
      name: schools.name,
      StateId: schools.stateId,
      contactId: schoolAccountingContacts.contactId,
    })
    .from(schools)
    .leftJoin(
      schoolAccountingContacts,
      and(eq(schoolAccountingContacts.schoolId, schools.id), eq(schoolAccountingContacts.organisation, org)),
    )
    .where(
      and(
        isNull(schools.removedAt),
        or(
          isNotNull(schoolAccountingContacts.contactId),
          inArray(schools.stateId, orgStates),
          exists(withTeam),
          exists(withInvoice),
        ),
      ),
    )
    .orderBy(asc(schools.name), asc(schools.id));
}

export async function linkedContactIds(db: Db | Tx, org: Organisation): Promise<Set<string>> {
  const rows = await db
    .select({ contactId: schoolAccountingContacts.contactId })
    .from(schoolAccountingContacts)
    .where(eq(schoolAccountingContacts.organisation, org));
  return new Set(rows.map((r) => r.contactId));
}

/** The join's refusals that our own tables decide. Answers true when the school is linked to that
 *  very contact already (nothing to do). */
export async function checkJoin(db: Db | Tx, org: Organisation, schoolId: string, contactId: string): Promise<boolean> {
  const [school] = await db
    .select({ name: schools.name })
    .from(schools)
    .where(and(eq(schools.id, schoolId), isNull(schools.removedAt)));
  if (!school) throw notFound('School not found');
  const [own] = await db
    .select({ contactId: schoolAccountingContacts.contactId })
    .from(schoolAccountingContacts)
    .where(and(eq(schoolAccountingContacts.schoolId, schoolId), eq(schoolAccountingContacts.organisation, org)));
  if (own?.contactId === contactId) return true;
  if (own)
    throw unprocessable(schoolAlreadyLinkedMessage(school.name, org), [
      { path: 'schoolId', message: schoolAlreadyLinkedMessage(school.name, org) },
    ]);
  const [holder] = await db
    .select({ name: schools.name })
    .from(schoolAccountingContacts)
    .innerJoin(schools, eq(schools.id, schoolAccountingContacts.schoolId))
    .where(and(eq(schoolAccountingContacts.organisation, org), eq(schoolAccountingContacts.contactId, contactId)));
  if (holder)
    throw unprocessable(contactTakenMessage(holder.name), [
      { path: 'contactId', message: contactTakenMessage(holder.name) },
    ]);
  return false;
}

/** The queue as the accounting screen shows it: each parked item says what it is. */
export async function queueAnswer(db: Db | Tx, now: Date): Promise<AccountingQueue> {
  const view = await queueView(db, now);
  return {
    waiting: view.waiting,
    pauses: view.pauses,
    parked: view.parked.map((p) => ({
      id: p.id,
      kind: p.kind === 'payment' ? 'payment' : 'invoice',
      organisation: p.organisation as Organisation,
      attempts: p.attempts,
      since: p.since.toISOString(),
      reason: (p.reason ?? '').slice(0, MAX_TEXT_LENGTH),
      what: (p.kind === 'payment'
        ? `Payment of ${formatMoney(toDollars(p.paymentCents ?? 0))} from ${p.paymentSchool ?? 'a removed school'}`
        : `Invoice ${p.invoiceNumber ?? ''} of ${p.invoiceSchool ?? 'a removed school'}`
      ).slice(0, MAX_TEXT_LENGTH),
    })),
  };
}

/** Links the school to the contact in the organisation (after checkJoin, in the same transaction). */
export async function linkSchool(tx: Tx, org: Organisation, schoolId: string, contactId: string): Promise<void> {
  await tx.insert(schoolAccountingContacts).values({ schoolId, organisation: org, contactId });
}
