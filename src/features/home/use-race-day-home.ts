// What the administrator's and the race official's homes read from the race-day mirror (the rows
// of every school, kept for the events shown for start lists; src/sync/pull.ts RACE_DAY_FEED):
// the event's figures across schools, and the races of the day with their racers. Read straight
// from the tables (features do not share hooks), computed by domain rules.
import { format } from 'date-fns/format';
import { isToday } from 'date-fns/isToday';
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb } from '../../db/database';
import { RACE_DAY_SYNC_SCOPE, getLastSyncedAt } from '../../db/meta';
import { eventFigures, type EventFigures } from '../../domain/rules/event-figures';
import { racesByDiscipline, type DisciplineRaces } from '../../domain/rules/race-summaries';

/** 'As of 09:42' today, 'As of 21 Nov 09:42' before. */
export function asOf(at: string): string {
  const date = new Date(at);
  return `As of ${format(date, isToday(date) ? 'HH:mm' : 'd MMM HH:mm')}`;
}

export interface EventFiguresView {
  /** The event is one whose race day this device holds (shown for start lists). */
  held: boolean;
  /** When the race-day data was last downloaded (ISO), null before the first download. */
  syncedAt: string | null;
  figures: EventFigures;
}

export function useEventFigures(db: InterschoolsDb, eventId: string): EventFiguresView | undefined {
  return useLiveQuery(async () => {
    const [event, teams, readiness, syncedAt] = await Promise.all([
      db.raceEvents.get(eventId),
      db.raceTeams.where('EventId').equals(eventId).toArray(),
      db.raceReadiness.where('EventId').equals(eventId).toArray(),
      getLastSyncedAt(db, RACE_DAY_SYNC_SCOPE),
    ]);
    return { held: event !== undefined, syncedAt, figures: eventFigures(eventId, { teams, readiness }) };
  }, [db, eventId]);
}

export interface EventRaces {
  id: string;
  name: string;
  disciplines: DisciplineRaces[];
}

export interface RacesView {
  syncedAt: string | null;
  /** The session's event when this device holds its race day, else every event it holds. */
  events: EventRaces[];
}

export function useRaces(db: InterschoolsDb, sessionEventId: string | null): RacesView | undefined {
  return useLiveQuery(async () => {
    const [held, syncedAt] = await Promise.all([db.raceEvents.toArray(), getLastSyncedAt(db, RACE_DAY_SYNC_SCOPE)]);
    const session = held.filter((e) => e.id === sessionEventId);
    const shown = (session.length ? session : held).sort((a, b) => b.year - a.year || a.name.localeCompare(b.name));
    const events = await Promise.all(
      shown.map(async (event) => {
        const [teams, entries] = await Promise.all([
          db.raceTeams.where('EventId').equals(event.id).toArray(),
          db.raceEntries.where('EventId').equals(event.id).toArray(),
        ]);
        // Only the disciplines the event runs: the race-day screens open no other.
        const runs = { id: event.id, disciplines: event.disciplines.filter((d) => d.active) };
        return { id: event.id, name: event.name, disciplines: racesByDiscipline(runs, { teams, entries }) };
      }),
    );
    return { syncedAt, events };
  }, [db, sessionEventId]);
}
