// Reading events with their states and disciplines, shaped as the domain's Event. Archived events
// are left out of lists (archiving is how the events grid removes one) but stay readable by id.
import { and, asc, desc, eq, exists, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { EventLevel, InvoiceType } from '../../../src/domain/constants';
import type { Event, EventDiscipline } from '../../../src/domain/schemas';
import type { Db, Tx } from '../../db/client';
import { disciplines, eventDisciplines, eventStates, events } from '../../db/schema';
import { notFound } from '../../http-errors';
import { toEventDiscipline } from './shape';

export type EventFilter = {
  active?: boolean;
  stateId?: number;
  level?: EventLevel;
  showForResults?: boolean;
  showForStartlists?: boolean;
};

export const EVENT_NOT_FOUND = 'Event not found';

/** Each event's states, in the events' round trip (a correlated subquery). */
const statesOfEvent = sql<number[]>`coalesce((
  select array_agg(es.state_id order by es.state_id) from ${eventStates} es where es.event_id = events.id
), '{}')`;

/** The events' disciplines with their names, by event, in discipline order. */
async function disciplinesOfEvents(db: Db | Tx, eventIds: string[]): Promise<Map<string, EventDiscipline[]>> {
  const byEvent = new Map<string, EventDiscipline[]>();
  if (!eventIds.length) return byEvent;
  const rows = await db
    .select({ d: eventDisciplines, name: disciplines.name })
    .from(eventDisciplines)
    .innerJoin(disciplines, eq(disciplines.id, eventDisciplines.disciplineId))
    .where(inArray(eventDisciplines.eventId, eventIds))
    .orderBy(asc(eventDisciplines.disciplineId));
  for (const { d, name } of rows)
    byEvent.set(d.eventId, [...(byEvent.get(d.eventId) ?? []), toEventDiscipline(d, name)]);
  return byEvent;
}

async function loadEvents(db: Db | Tx, where: SQL | undefined): Promise<Event[]> {
  // The timing files' columns, the second run's reversal, the running order and the results rules
  // travel with the event in the race-day feed only (race-events.ts).
  const {
    updatedAt: _updatedAt,
    timingColumns: _timingColumns,
    secondRunReverseCount: _reversal,
    runningOrder: _runningOrder,
    resultsRules: _resultsRules,
    ...columns
  } = getTableColumns(events);
  const rows = await db
    .select({ ...columns, states: statesOfEvent })
    .from(events)
    .where(where)
    .orderBy(desc(events.year), asc(events.name));
  const disciplinesOf = await disciplinesOfEvents(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    entriesCloseAt: r.entriesCloseAt?.toISOString() ?? null,
    level: r.level as EventLevel,
    invoiceType: r.invoiceType as InvoiceType,
    states: r.states.map(Number),
    disciplines: disciplinesOf.get(r.id) ?? [],
  }));
}

export async function listEvents(db: Db, filter: EventFilter): Promise<Event[]> {
  const conds: (SQL | undefined)[] = [eq(events.archived, false)];
  if (filter.active !== undefined) conds.push(eq(events.active, filter.active));
  if (filter.level) conds.push(eq(events.level, filter.level));
  if (filter.showForResults !== undefined) conds.push(eq(events.showForResults, filter.showForResults));
  if (filter.showForStartlists !== undefined) conds.push(eq(events.showForStartlists, filter.showForStartlists));
  if (filter.stateId !== undefined) {
    conds.push(
      exists(
        db
          .select()
          .from(eventStates)
          .where(and(eq(eventStates.eventId, events.id), eq(eventStates.stateId, filter.stateId))),
      ),
    );
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
