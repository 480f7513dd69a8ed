// The school reports (docs/reports.md 'Schools'): the school list, new schools, schools without a
// BPAY reference, school types, coordinators (of an event's schools, or of a state), and what each
// school owes and has paid. A fixed number of queries each.
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { invoiceTotalsCents } from '../../../src/domain/rules/invoice-totals';
import { toDollars } from '../../../src/domain/rules/money';
import type * as rows from '../../../src/domain/schemas/api/report-rows';
import { payments, schools, states, teamEntries, users } from '../../db/schema';
import { raceEntriesOf, toIso, visibleSchool, type Reader, type ReportEvent, type SchoolFilter } from './common';
import { takingPart } from './entries';

type Row<S extends z.ZodType> = z.infer<S>;
type SchoolRow = Row<typeof rows.schoolRowSchema>;

async function schoolRows(db: Reader, where: SQL): Promise<SchoolRow[]> {
  const found = await db
    .select({
      SchoolId: schools.id,
      schoolName: schools.name,
      StateId: schools.stateId,
      stateName: states.name,
      town: schools.town,
      region: schools.region,
      schoolType: schools.schoolType,
      schoolCategory: schools.schoolCategory,
      schoolGovOrPrivate: schools.schoolGovOrPrivate,
      bpay: schools.bpay,
      createdAt: schools.createdAt,
    })
    .from(schools)
    .leftJoin(states, eq(states.id, schools.stateId))
    .where(where)
    .orderBy(asc(schools.name), asc(schools.id));
  return found.map((r) => ({ ...r, stateName: r.stateName ?? '', createdAt: toIso(r.createdAt) }));
}

/** schools: every school (not removed), by name. */
export function schoolsReport(db: Reader, filter: SchoolFilter): Promise<SchoolRow[]> {
  return schoolRows(db, visibleSchool(filter));
}

/** new-schools: schools registered in the event's season (created in the event's year, UTC). */
export function newSchools(db: Reader, event: ReportEvent, filter: SchoolFilter): Promise<SchoolRow[]> {
  return schoolRows(
    db,
    and(visibleSchool(filter), sql`extract(year from ${schools.createdAt} at time zone 'UTC') = ${event.year}`)!,
  );
}

/** schools-missing-bpay: schools whose BPAY reference is empty. */
export function schoolsMissingBpay(db: Reader, filter: SchoolFilter): Promise<SchoolRow[]> {
  return schoolRows(db, and(visibleSchool(filter), sql`btrim(${schools.bpay}) = ''`)!);
}

/** school-types: the schools taking part in the event counted by type, category and sector. */
export async function schoolTypes(
  db: Reader,
  event: ReportEvent,
  filter: SchoolFilter,
): Promise<Row<typeof rows.schoolTypeRowSchema>[]> {
  const found = await db
    .select({
      schoolType: schools.schoolType,
      schoolCategory: schools.schoolCategory,
      schoolGovOrPrivate: schools.schoolGovOrPrivate,
      n: count(),
    })
    .from(schools)
    .where(and(visibleSchool(filter), takingPart(event.id)))
    .groupBy(schools.schoolType, schools.schoolCategory, schools.schoolGovOrPrivate)
    .orderBy(asc(schools.schoolCategory), asc(schools.schoolType), asc(schools.schoolGovOrPrivate));
  return found.map((r) => ({ ...r, count: Number(r.n) }));
}

/** The coordinator's login: the earliest school user of the school ('' when it has none). */
// Written with explicit aliases: drizzle leaves the columns of a one-table select unqualified.
const coordinatorEmail = sql<string>`coalesce((select u.email from ${users} u where u.school_id = ${schools}.id and u.type = 'school' order by u.created_at, u.id limit 1), '')`;

async function coordinatorRows(db: Reader, where: SQL): Promise<Row<typeof rows.coordinatorRowSchema>[]> {
  return db
    .select({
      SchoolId: schools.id,
      schoolName: schools.name,
      StateId: schools.stateId,
      firstname: schools.coordinatorFirstname,
      lastname: schools.coordinatorLastname,
      phone: schools.coordinatorPhone,
      mobile: schools.coordinatorMobile,
      email: coordinatorEmail,
    })
    .from(schools)
    .where(where)
    .orderBy(asc(schools.name), asc(schools.id));
}

/** coordinator-details: the coordinators of the schools taking part in the event. */
export function coordinatorDetails(
  db: Reader,
  event: ReportEvent,
  filter: SchoolFilter,
): Promise<Row<typeof rows.coordinatorRowSchema>[]> {
  return coordinatorRows(db, and(visibleSchool(filter), takingPart(event.id))!);
}

/** coordinator-details-state/{stateId}: the coordinators of every school of the state. */
export function coordinatorDetailsState(db: Reader, stateId: number): Promise<Row<typeof rows.coordinatorRowSchema>[]> {
  return coordinatorRows(db, visibleSchool({ StateId: stateId }));
}

/** school-costs: each school with race entries or payments in the event: what its entries cost
 *  by the invoice rule (rules/invoice-totals; GST per discipline line, as the invoice has it), what
 *  it has paid, what is left. */
export async function schoolCosts(
  db: Reader,
  event: ReportEvent,
  filter: SchoolFilter,
): Promise<Row<typeof rows.schoolCostRowSchema>[]> {
  const [entryCounts, received] = await Promise.all([
    db
      .select({ SchoolId: schools.id, schoolName: schools.name, DisciplineId: teamEntries.disciplineId, n: count() })
      .from(teamEntries)
      .innerJoin(schools, eq(schools.id, teamEntries.schoolId))
      .where(and(raceEntriesOf(event.id), visibleSchool(filter)))
      .groupBy(schools.id, teamEntries.disciplineId),
    db
      .select({
        SchoolId: schools.id,
        schoolName: schools.name,
        cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number),
      })
      .from(payments)
      .innerJoin(schools, eq(schools.id, payments.schoolId))
      .where(and(eq(payments.eventId, event.id), eq(payments.status, 'received'), visibleSchool(filter)))
      .groupBy(schools.id),
  ]);
  const bySchool = new Map<
    string,
    { SchoolId: string; schoolName: string; entries: number; perLine: number[]; receivedCents: number }
  >();
  for (const r of entryCounts) {
    const row = bySchool.get(r.SchoolId) ?? {
      SchoolId: r.SchoolId,
      schoolName: r.schoolName,
      entries: 0,
      perLine: [],
      receivedCents: 0,
    };
    row.entries += Number(r.n);
    row.perLine.push(Number(r.n));
    bySchool.set(r.SchoolId, row);
  }
  for (const r of received) {
    const row = bySchool.get(r.SchoolId) ?? {
      SchoolId: r.SchoolId,
      schoolName: r.schoolName,
      entries: 0,
      perLine: [],
      receivedCents: 0,
    };
    row.receivedCents = r.cents;
    bySchool.set(r.SchoolId, row);
  }
  return [...bySchool.values()]
    .sort((a, b) =>
      a.schoolName < b.schoolName ? -1 : a.schoolName > b.schoolName ? 1 : a.SchoolId < b.SchoolId ? -1 : 1,
    )
    .map((r) => {
      const t = invoiceTotalsCents({
        registrationFee: event.registrationFee,
        teamEntryFee: event.teamEntryFee,
        entryCount: r.entries,
        received: toDollars(r.receivedCents),
        entriesPerLine: r.perLine,
      });
      return {
        SchoolId: r.SchoolId,
        schoolName: r.schoolName,
        entries: r.entries,
        registrationFee: toDollars(t.registrationFeeCents),
        entriesAmount: toDollars(t.entriesCents),
        total: toDollars(t.totalCents),
        gst: toDollars(t.gstCents),
        received: toDollars(r.receivedCents),
        outstanding: toDollars(t.totalCents - r.receivedCents),
      };
    });
}
