// Reading events with their states and disciplines, shaped as the domain's Event. Archived events
// are left out of lists (archiving is how the events grid removes one) but stay readable by id.
import { and, asc, desc, eq, exists, inArray, type SQL } from 'drizzle-orm';
import type { EventLevel, InvoiceType } from '../../../src/domain/constants';
import type { Event, EventDiscipline } from '../../../src/domain/schemas';
import type { Db, Tx } from '../../db/client';
import { disciplines, eventDisciplines, eventStates, events } from '../../db/schema';
import { notFound } from '../../http-errors';

export type EventFilter = {
  active?: boolean;
  stateId?: number;
  level?: EventLevel;
  showForResults?: boolean;
  showForStartlists?: boolean;
};

export const EVENT_NOT_FOUND = 'Event not found';

async function disciplinesOf(db: Db | Tx, eventIds: string[]) {
  if (!eventIds.length) return new Map<string, EventDiscipline[]>();
  const rows = await db
    .select({
      eventId: eventDisciplines.eventId,
      DisciplineId: eventDisciplines.disciplineId,
      name: disciplines.name,
      divisionFrom: eventDisciplines.divisionFrom,
      divisionTo: eventDisciplines.divisionTo,
      male: eventDisciplines.male,
      female: eventDisciplines.female,
      active: eventDisciplines.active,
    })
    .from(eventDisciplines)
    .innerJoin(disciplines, eq(disciplines.id, eventDisciplines.disciplineId))
    .where(inArray(eventDisciplines.eventId, eventIds))
    .orderBy(asc(eventDisciplines.disciplineId));
  const byEvent = new Map<string, EventDiscipline[]>();
  for (const { eventId, ...d } of rows) byEvent.set(eventId, [...(byEvent.get(eventId) ?? []), d]);
  return byEvent;
}

async function statesOf(db: Db | Tx, eventIds: string[]) {
  if (!eventIds.length) return new Map<string, number[]>();
  const rows = await db
    .select()
    .from(eventStates)
    .where(inArray(eventStates.eventId, eventIds))
    .orderBy(asc(eventStates.stateId));
  const byEvent = new Map<string, number[]>();
  for (const r of rows) byEvent.set(r.eventId, [...(byEvent.get(r.eventId) ?? []), r.stateId]);
  return byEvent;
}

async function loadEvents(db: Db | Tx, where: SQL | undefined): Promise<Event[]> {
  const rows = await db.select().from(events).where(where).orderBy(desc(events.year), asc(events.name));
  const ids = rows.map((r) => r.id);
  const [statesBy, disciplinesBy] = await Promise.all([statesOf(db, ids), disciplinesOf(db, ids)]);
  return rows.map(({ updatedAt: _updatedAt, ...r }) => ({
    ...r,
    level: r.level as EventLevel,
    invoiceType: r.invoiceType as InvoiceType,
    states: statesBy.get(r.id) ?? [],
    disciplines: disciplinesBy.get(r.id) ?? [],
  }));
}

export async function listEvents(db: Db, filter: EventFilter): Promise<Event[]> {
  const conds: (SQL | undefined)[] = [eq(events.archived, false)];
  if (filter.active !== undefined) conds.push(eq(events.active, filter.active));
  if (filter.level) conds.push(eq(events.level, filter.level));
  if (filter.showForResults !== undefined) conds.push(eq(events.showForResults, filter.showForResults));
  if (filter.showForStartlists !== undefined) conds.push(eq(events.showForStartlists, filter.showForStartlists));
  if (filter.stateId !== undefined) {
    conds.push(exists(db.select().from(eventStates).where(and(
      eq(eventStates.eventId, events.id), eq(eventStates.stateId, filter.stateId),
    ))));
  }
  return loadEvents(db, and(...conds));
}

export async function eventsByIds(db: Db | Tx, ids: string[]): Promise<Event[]> {
  if (!ids.length) return [];
  const found = await loadEvents(db, inArray(events.id, ids));
  const byId = new Map(found.map((e) => [e.id, e]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getEvent(db: Db | Tx, id: string): Promise<Event> {
  const [event] = await eventsByIds(db, [id]);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return event;
}

export async function getEventDisciplines(db: Db, id: string): Promise<EventDiscipline[]> {
  return (await getEvent(db, id)).disciplines;
}
