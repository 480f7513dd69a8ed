// /running-order (admins): the day's running order of an event shown for start lists. Each race
// with racers is given a race day and a place in that day's order (dragged, or moved with Move up
// and Move down; running-order-day.tsx), or the whole order is read from a spreadsheet
// (running-order-sheet.tsx), and may have a planned start; races with no day come last. Saved on this device
// and sent through the outbox (running-order-writes.ts), so the start lists, start marshall
// sheets, bib lists and timing files of every device step through the races in this order.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { useSession } from '../../components/session-context';
import type { InterschoolsDb, RaceEventMirrorRow } from '../../db/database';
import { racesWithRacers } from '../../domain/rules/race-draw-state';
import { raceKey, raceSequence, type SequencedRace } from '../../domain/rules/race-sequence';
import { inRunningOrder, placeOf, renumberDay, type RunningOrderEntry } from '../../domain/rules/running-order';
import { offeredDisciplines } from './race-choice';
import { RunningOrderDay } from './running-order-day';
import { RunningOrderSheet } from './running-order-sheet';
import { saveRunningOrder } from './running-order-writes';
import { RaceDaySelect, RaceEventScreen, raceName } from './race-event-screen';
import { readRaceDayRows } from './use-race-day';

export const RUNNING_ORDER_TEXT = {
  none: "No event's start lists are shown yet. Show an event's start lists to set its running order.",
  noDays: 'Give the event its race days on the events screen: each race is then given one of them.',
  waiting: 'Saved on this device: waiting to be sent to the server.',
} as const;

/** The race days of the event's calendar, first to last (YYYY-MM-DD). */
function calendarDays(event: RaceEventMirrorRow): string[] {
  if (!event.firstRaceDay) return [];
  const days: string[] = [];
  const last = event.lastRaceDay ?? event.firstRaceDay;
  for (let d = new Date(`${event.firstRaceDay}T00:00:00Z`); d.toISOString().slice(0, 10) <= last;) {
    days.push(d.toISOString().slice(0, 10));
    d = new Date(d.getTime() + 86_400_000);
  }
  return days;
}

export default function RunningOrderPage({ db }: { db: InterschoolsDb }) {
  return (
    <RaceEventScreen db={db} title="Running order" className="running-order" none={RUNNING_ORDER_TEXT.none}>
      {(event) => <EventOrder db={db} event={event} />}
    </RaceEventScreen>
  );
}

function EventOrder({ db, event }: { db: InterschoolsDb; event: RaceEventMirrorRow }) {
  const { user } = useSession();
  const rows = useLiveQuery(() => readRaceDayRows(db, event.id), [db, event.id]);
  const [order, setOrder] = useState<RunningOrderEntry[]>(() => [...(event.runningOrder ?? [])]);
  const races = useMemo(() => {
    const withRacers = rows ? racesWithRacers(event.id, rows) : new Set<string>();
    const placed = new Set(order.map(raceKey));
    return raceSequence(offeredDisciplines(event, {})).filter(
      (r) => withRacers.has(raceKey(r)) || placed.has(raceKey(r)),
    );
  }, [rows, event, order]);
  const days = [...new Set([...calendarDays(event), ...order.map((e) => e.day)])].sort();
  const [addTo, setAddTo] = useState<string>(days[0] ?? '');
  const title = (r: SequencedRace) => raceName(event, r);
  const ofDay = (day: string) => inRunningOrder(races, order).filter((r) => placeOf(order, r)?.day === day);
  const unplaced = races.filter((r) => !placeOf(order, r));
  const dirty = JSON.stringify(order) !== JSON.stringify(event.runningOrder ?? []);

  const change = (next: RunningOrderEntry[]) => setOrder(next);
  const remove = (race: SequencedRace, day: string) =>
    change(
      renumberDay(
        order,
        day,
        ofDay(day).filter((r) => raceKey(r) !== raceKey(race)),
      ),
    );
  const add = (race: SequencedRace) => addTo && change(renumberDay(order, addTo, [...ofDay(addTo), race]));
  const setStart = (race: SequencedRace, plannedStart: string) =>
    change(order.map((e) => (raceKey(e) === raceKey(race) ? { ...e, plannedStart: plannedStart || null } : e)));

  async function save() {
    await saveRunningOrder(db, event, order, user?.username ?? null);
  }

  return (
    <>
      {/* While the save waits to be sent; once the server has it, the row is no longer pending. */}
      {event._pending && <p role="status">{RUNNING_ORDER_TEXT.waiting}</p>}
      {days.length === 0 && <p>{RUNNING_ORDER_TEXT.noDays}</p>}
      {days.map((day) => (
        <RunningOrderDay
          key={day}
          day={day}
          races={ofDay(day)}
          title={title}
          plannedStart={(race) => placeOf(order, race)?.plannedStart ?? ''}
          onReorder={(list) => change(renumberDay(order, day, list))}
          onStart={setStart}
          onRemove={(race) => remove(race, day)}
        />
      ))}
      {days.length > 0 && (
        <section className="running-order-day" aria-labelledby="no-day">
          <h2 id="no-day">No day yet</h2>
          {unplaced.length === 0 ? (
            <p>Every race with racers has its day.</p>
          ) : (
            <>
              <RaceDaySelect label="Add to" days={days} value={addTo} onChange={setAddTo} />
              <ul className="running-order-list">
                {unplaced.map((race) => (
                  <li key={raceKey(race)} className="running-order-race">
                    <span className="running-order-name">{title(race)}</span>
                    <button
                      type="button"
                      className="button"
                      aria-label={`Add to the day: ${title(race)}`}
                      onClick={() => add(race)}
                    >
                      Add to the day
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
      <RunningOrderSheet
        eventName={event.name}
        order={order}
        races={raceSequence(offeredDisciplines(event, {}))}
        disciplines={event.disciplines}
        onRead={change}
      />
      <p className="running-order-save">
        <button type="button" className="button button-save" disabled={!dirty} onClick={() => void save()}>
          Save
        </button>
      </p>
    </>
  );
}
