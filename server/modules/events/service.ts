// Event writes (admin): creating events with their states and disciplines, updating them from the
// events grid, and the /rev form that only chooses which events show start lists and results.
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { newEventDisciplineDefaults } from '../../../src/domain/rules';
import type { Event, EventDiscipline } from '../../../src/domain/schemas';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Tx } from '../../db/client';
import { eventDisciplines, eventStates, events, teams } from '../../db/schema';
import { badRequest, conflict, notFound, type FieldError } from '../../http-errors';
import { referenceIds } from '../reference';
import { EVENT_NOT_FOUND, eventsByIds } from './queries';
import { REV_FLAGS, isRevItem, type EventUpdateItem, type NewEvent } from '../../../src/domain/schemas/api/events';

type Refs = Awaited<ReturnType<typeof referenceIds>>;
type DisciplineWrite = Omit<EventDiscipline, 'name'>;

/** States and disciplines are reference data: an unknown id is a bad value of that field. */
function checkReferences(refs: Refs, i: number, item: { states?: number[]; disciplines?: DisciplineWrite[] }) {
  const fields: FieldError[] = [];
  item.states?.forEach((id, j) => {
    if (!refs.stateIds.has(id)) fields.push({ path: `body.data.${i}.states.${j}`, message: `Unknown state ${id}` });
  });
  const seen = new Set<number>();
  item.disciplines?.forEach((d, j) => {
    const path = `body.data.${i}.disciplines.${j}.DisciplineId`;
    if (!refs.disciplineIds.has(d.DisciplineId)) fields.push({ path, message: `Unknown discipline ${d.DisciplineId}` });
    if (seen.has(d.DisciplineId)) fields.push({ path, message: `Discipline ${d.DisciplineId} is listed twice` });
    seen.add(d.DisciplineId);
  });
  if (fields.length) throw badRequest(fields.map((f) => `${f.path} ${f.message}`).join('; '), fields);
}

async function replaceStates(tx: Tx, eventId: string, stateIds: number[]) {
  const unique = [...new Set(stateIds)];
  await tx
    .delete(eventStates)
    .where(and(eq(eventStates.eventId, eventId), unique.length ? notInArray(eventStates.stateId, unique) : undefined));
  if (unique.length) {
    await tx
      .insert(eventStates)
      .values(unique.map((stateId) => ({ eventId, stateId })))
      .onConflictDoNothing();
  }
}

/** The list is the event's new set. A discipline left out is removed, unless teams of the event
 *  already use it: then it is kept inactive so those entries keep their division range. */
async function replaceDisciplines(tx: Tx, eventId: string, list: DisciplineWrite[]) {
  for (const d of list) {
    const values = {
      divisionFrom: d.divisionFrom,
      divisionTo: d.divisionTo,
      male: d.male,
      female: d.female,
      active: d.active,
    };
    await tx
      .insert(eventDisciplines)
      .values({ eventId, disciplineId: d.DisciplineId, ...values })
      .onConflictDoUpdate({ target: [eventDisciplines.eventId, eventDisciplines.disciplineId], set: values });
  }
  const listed = list.map((d) => d.DisciplineId);
  const dropped = await tx
    .select({ id: eventDisciplines.disciplineId })
    .from(eventDisciplines)
    .where(
      and(
        eq(eventDisciplines.eventId, eventId),
        listed.length ? notInArray(eventDisciplines.disciplineId, listed) : undefined,
      ),
    );
  if (!dropped.length) return;
  const ids = dropped.map((d) => d.id);
  const used = await tx
    .selectDistinct({ id: teams.disciplineId })
    .from(teams)
    .where(and(eq(teams.eventId, eventId), inArray(teams.disciplineId, ids)));
  const usedIds = used.map((u) => u.id);
  const unused = ids.filter((id) => !usedIds.includes(id));
  if (usedIds.length) {
    await tx
      .update(eventDisciplines)
      .set({ active: false })
      .where(and(eq(eventDisciplines.eventId, eventId), inArray(eventDisciplines.disciplineId, usedIds)));
  }
  if (unused.length) {
    await tx
      .delete(eventDisciplines)
      .where(and(eq(eventDisciplines.eventId, eventId), inArray(eventDisciplines.disciplineId, unused)));
  }
}

const instantOrNull = (iso: string | null) => (iso === null ? null : new Date(iso));

export async function createEvents(tx: Tx, items: NewEvent[]): Promise<Event[]> {
  const refs = await referenceIds(tx);
  const defaults = () => [...refs.disciplineIds].sort((a, b) => a - b).map(newEventDisciplineDefaults);
  items.forEach((item, i) => checkReferences(refs, i, item));
  for (const { states, disciplines, version: _version, entriesCloseAt, ...row } of items) {
    await tx.insert(events).values({ ...row, entriesCloseAt: instantOrNull(entriesCloseAt) });
    await replaceStates(tx, row.id, states);
    await replaceDisciplines(tx, row.id, disciplines ?? defaults());
  }
  return eventsByIds(
    tx,
    items.map((e) => e.id),
  );
}

export async function updateEvents(tx: Tx, items: EventUpdateItem[]): Promise<Event[]> {
  const ids = items.map((e) => e.id);
  const current = await tx
    .select({ id: events.id, version: events.version })
    .from(events)
    .where(inArray(events.id, ids))
    .for('update');
  const versions = new Map(current.map((e) => [e.id, e.version]));
  const missing = ids.find((id) => !versions.has(id));
  if (missing) throw notFound(`${EVENT_NOT_FOUND}: ${missing}`);
  for (const item of items) {
    if (item.version !== undefined && item.version !== versions.get(item.id))
      throw conflict(SERVER_MESSAGES.staleVersion);
  }
  const refs = await referenceIds(tx);
  items.forEach((item, i) => checkReferences(refs, i, item));

  for (const item of items) {
    if (isRevItem(item)) {
      await tx
        .update(events)
        .set({ showForResults: item.showForResults, showForStartlists: item.showForStartlists })
        .where(eq(events.id, item.id));
      continue;
    }
    // The full form never touches the /rev flags: a grid row sent from a stale copy must not undo
    // a choice made on /rev meanwhile.
    const { id, version: _v, states, disciplines, entriesCloseAt, ...rest } = item;
    const fields = entriesCloseAt === undefined ? rest : { ...rest, entriesCloseAt: instantOrNull(entriesCloseAt) };
    for (const flag of REV_FLAGS) delete fields[flag];
    if (Object.keys(fields).length) await tx.update(events).set(fields).where(eq(events.id, id));
    if (states) await replaceStates(tx, id, states);
    if (disciplines) await replaceDisciplines(tx, id, disciplines);
  }
  return eventsByIds(tx, ids);
}
