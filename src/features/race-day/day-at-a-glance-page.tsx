// /race-day (administrators and race officials): the day at a glance. Every race of a race day
// in running order with its planned start and where it stands (to start, under way, done), with
// the racers started, did not start and still to go, read from the start hut's marks on this
// device, so it follows the marks as they arrive (live when the device is: src/sync/live.ts) and
// works offline. One tap opens the race's start list or start marshall sheet.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TableScroll } from '../../components/table-scroll';
import type { InterschoolsDb, RaceEventMirrorRow } from '../../db/database';
import { raceKey } from '../../domain/rules/race-sequence';
import { raceProgress, type RaceState } from '../../domain/rules/race-progress';
import { raceDayWords, raceDaysOf } from '../../domain/rules/running-order';
import { RaceDaySelect, RaceEventScreen, raceName } from './race-event-screen';
import { readRaceDayRows } from './use-race-day';

const DAY_TEXT = {
  none: "No event's start lists are shown yet.",
  noOrder: 'This event has no running order yet: an administrator sets it on the Running order screen.',
} as const;

const STATE_WORDS: Record<RaceState, string> = { 'to start': 'To start', 'under way': 'Under way', done: 'Done' };

/** Today as YYYY-MM-DD on this device. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export default function DayAtAGlancePage({ db }: { db: InterschoolsDb }) {
  return (
    <RaceEventScreen db={db} title="The day at a glance" className="day-at-a-glance" none={DAY_TEXT.none}>
      {(event) => <EventDay db={db} event={event} />}
    </RaceEventScreen>
  );
}

function EventDay({ db, event }: { db: InterschoolsDb; event: RaceEventMirrorRow }) {
  const order = event.runningOrder ?? [];
  const days = raceDaysOf(order);
  const [day, setDay] = useState(() => (days.includes(today()) ? today() : (days[0] ?? '')));
  const rows = useLiveQuery(() => readRaceDayRows(db, event.id), [db, event.id]);
  if (!days.length) return <p>{DAY_TEXT.noOrder}</p>;
  const races = order.filter((e) => e.day === day).sort((a, b) => a.position - b.position);
  return (
    <>
      <RaceDaySelect label="Race day" days={days} value={day} onChange={setDay} />
      <TableScroll>
        <table className="admin-list-table day-races">
          <caption>Races of {raceDayWords(day)}, in running order</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Race</th>
              <th scope="col">Planned start</th>
              <th scope="col">State</th>
              <th scope="col">Started</th>
              <th scope="col">Did not start</th>
              <th scope="col">To go</th>
              <th scope="col">Open</th>
            </tr>
          </thead>
          <tbody>
            {races.map((race) => {
              const title = raceName(event, race);
              const progress = rows ? raceProgress({ EventId: event.id, ...race }, rows) : null;
              const query = new URLSearchParams({
                event: event.id,
                discipline: String(race.DisciplineId),
                division: String(race.division),
                gender: race.gender,
              }).toString();
              return (
                <tr key={raceKey(race)} className={`race-${progress?.state.replace(' ', '-') ?? 'loading'}`}>
                  <td>{race.position}</td>
                  <th scope="row">{title}</th>
                  <td>{race.plannedStart ?? ''}</td>
                  <td>
                    {progress ? STATE_WORDS[progress.state] : '…'}
                    {progress?.run === 'Second' && progress.state !== 'to start' ? ' (second run)' : ''}
                  </td>
                  <td>{progress?.started ?? ''}</td>
                  <td>{progress?.dns ?? ''}</td>
                  <td>{progress?.toGo ?? ''}</td>
                  <td className="day-race-links">
                    <Link className="button" to={`/startlists?${query}`} aria-label={`Start list: ${title}`}>
                      Start list
                    </Link>
                    <Link className="button" to={`/startMarshall?${query}`} aria-label={`Marshall sheet: ${title}`}>
                      Marshall sheet
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
