// The frame every race-day screen shares: the title with the time its data was last synced
// ('As of 09:42'), the event, the screen's actions and Print; the race picker (race-picker.tsx)
// kept in the address, whose race changes start the screen's list at its first page; where the race
// stands under its heading ('Not drawn yet', 'Bibs given') on the one-race screens; and a print
// header that repeats on every A4 page (event, race; page numbers come from the print
// stylesheet). The screen renders the race from the mirror's rows.
import { format } from 'date-fns/format';
import { isToday } from 'date-fns/isToday';
import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { OfflineReadiness } from '../../components/offline-readiness';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { useSyncStatus } from '../../components/use-sync-status';
import type { InterschoolsDb } from '../../db/database';
import { raceDrawState, racesWithRacers, type RaceDrawState } from '../../domain/rules/race-draw-state';
import { raceKey } from '../../domain/rules/race-sequence';
import { placeOf, raceDaysOf, raceDayWords, racesOfDay } from '../../domain/rules/running-order';
import { choiceParams, raceChoiceFrom, raceOf, raceTitle, type ChoiceOptions, type RaceChoice } from './race-choice';
import { EventSelect, RacePicker, type ChoicePatch } from './race-picker';
import { useRaceDayRows, useRaceDaySyncedAt, useRaceEvents, type RaceDayData } from './use-race-day';
import './race-day.css';

export interface RaceView {
  choice: RaceChoice;
  data: RaceDayData;
  /** Printing a whole day: every row of the race at once, no pages. */
  wholeRace?: boolean;
}

interface Props {
  db: InterschoolsDb;
  title: string;
  options?: ChoiceOptions;
  /** The screen's own choices, in the race picker (sheet type, run). */
  controls?: ReactNode;
  /** Actions beside Print (draw, download). */
  actions?: (view: RaceView) => ReactNode;
  /** The screen can show every race of a race day at once, in running order, to print the day. */
  wholeDay?: boolean;
  children: (view: RaceView) => ReactNode;
}

/** 'As of 09:42' today, 'As of 21 Nov 09:42' before. */
function asOfText(at: string): string {
  const date = new Date(at);
  return `As of ${format(date, isToday(date) ? 'HH:mm' : 'd MMM HH:mm')}`;
}

function SyncedAt({ db }: { db: InterschoolsDb }) {
  const at = useRaceDaySyncedAt(db);
  const { online } = useSyncStatus();
  if (at === undefined) return null;
  return (
    <p className="race-as-of" role="status">
      {at ? asOfText(at) : 'Not downloaded to this device yet'}
      {!online && <span className="race-offline"> · offline</span>}
    </p>
  );
}

export function RaceDayFrame({ db, title, options = {}, controls, actions, wholeDay, children }: Props) {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const events = useRaceEvents(db);
  const choice = useMemo(
    () => (events ? raceChoiceFrom(params, events, { sessionEventId: user?.EventId, ...options }) : null),
    // The options are the screen's constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [events, params, user?.EventId],
  );
  const data = useRaceDayRows(db, choice?.event.id ?? null);
  const order = choice?.event.runningOrder ?? [];
  const day = wholeDay ? raceDaysOf(order).find((d) => d === params.get('day')) : undefined;
  const dayOfRace = wholeDay && choice ? placeOf(order, raceOf(choice))?.day : undefined;
  const showDay = (d: string | null) => {
    const next = new URLSearchParams(params);
    if (d) next.set('day', d);
    else next.delete('day');
    setParams(next, { replace: true });
  };

  const change = (patch: ChoicePatch) => {
    if (!choice) return;
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries({ ...choiceParams(choice), ...patch })) next.set(key, value);
    // Another race's list starts at its first page.
    next.delete('page');
    setParams(next, { replace: true });
  };

  return (
    <PageMain className="page race-page">
      <div className="race-title no-print">
        <h1>{title}</h1>
        <SyncedAt db={db} />
        <OfflineReadiness db={db} whileGettingReady />
        {events && choice && (
          <div className="race-actions">
            <EventSelect events={events} choice={choice} onChange={change} />
            {data && !day && actions?.({ choice, data })}
            {dayOfRace && !day && (
              <button type="button" className="button" onClick={() => showDay(dayOfRace)}>
                Print the day
              </button>
            )}
            {day && (
              <button type="button" className="button" onClick={() => showDay(null)}>
                One race
              </button>
            )}
            <button type="button" className="button" onClick={() => window.print()}>
              Print
            </button>
          </div>
        )}
      </div>
      {events === undefined ? (
        <p>Loading…</p>
      ) : !choice ? (
        <NothingYet />
      ) : day ? (
        <WholeDay title={title} event={choice.event} day={day} data={data}>
          {children}
        </WholeDay>
      ) : (
        <>
          <RacePicker choice={choice} options={options} onChange={change} controls={controls} rows={data} />
          <PrintFrame
            header={
              <>
                <strong>{choice.event.name}</strong> · {title} · {raceTitle(choice)}
              </>
            }
          >
            <h2 className="race-heading">{raceTitle(choice)}</h2>
            {!options.multipleDivisions && <RacePlace choice={choice} />}
            {data && !options.multipleDivisions && <DrawState state={raceDrawState(raceOf(choice), data)} />}
            {data === undefined ? <p>Loading…</p> : children({ choice, data })}
          </PrintFrame>
        </>
      )}
    </PageMain>
  );
}

/** A table whose header row repeats at the top of every printed A4 page (hidden on screen). */
function PrintFrame({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <table className="print-frame">
      <thead>
        <tr>
          <td>
            <div className="print-header">{header}</div>
          </td>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>{children}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** Every race of a race day with racers, in running order, each under its own repeating print
 *  header and starting on a new page, so no printed page holds parts of two races. */
function WholeDay({
  title,
  event,
  day,
  data,
  children,
}: {
  title: string;
  event: RaceChoice['event'];
  day: string;
  data: RaceDayData | undefined;
  children: Props['children'];
}) {
  if (data === undefined) return <p>Loading…</p>;
  const withRacers = racesWithRacers(event.id, data);
  const races = racesOfDay(event.runningOrder ?? [], day).flatMap((entry) => {
    const discipline = event.disciplines.find((d) => d.DisciplineId === entry.DisciplineId);
    const choice: RaceChoice | undefined = discipline && {
      event,
      discipline,
      divisions: [entry.division],
      gender: entry.gender,
    };
    return choice && withRacers.has(raceKey(entry)) ? [{ entry, choice }] : [];
  });
  return (
    <>
      <h2 className="race-day-heading no-print">
        {raceDayWords(day)}: {races.length === 1 ? '1 race' : `${races.length} races`}
      </h2>
      {races.length === 0 && <p className="race-empty">No race of this day has racers yet.</p>}
      {races.map(({ entry, choice }) => (
        <section key={raceTitle(choice)} className="print-day-race" aria-label={raceTitle(choice)}>
          <PrintFrame
            header={
              <>
                <strong>{event.name}</strong> · {title} · {raceTitle(choice)} · Race {entry.position} of{' '}
                {raceDayWords(day)}
              </>
            }
          >
            <h3 className="race-heading">
              {entry.position}. {raceTitle(choice)}
              {entry.plannedStart ? `, planned start ${entry.plannedStart}` : ''}
            </h3>
            {children({ choice, data, wholeRace: true })}
          </PrintFrame>
        </section>
      ))}
    </>
  );
}

const STATE_TEXT: Record<RaceDrawState, string> = {
  'no racers': 'No racers',
  'not drawn yet': 'Not drawn yet',
  drawn: 'Drawn',
  'bibs given': 'Bibs given',
};

/** Where the race stands, in words (the colour only repeats them). */
/** Where the race is in the day's running order: 'Race 2 of Wednesday 18 August 2027, planned
 *  start 09:30'. Nothing for a race with no day. */
function RacePlace({ choice }: { choice: RaceChoice }) {
  const place = placeOf(choice.event.runningOrder ?? [], raceOf(choice));
  if (!place) return null;
  return (
    <p className="race-place">
      Race {place.position} of {raceDayWords(place.day)}
      {place.plannedStart ? `, planned start ${place.plannedStart}` : ''}
    </p>
  );
}

function DrawState({ state }: { state: RaceDrawState }) {
  return (
    <p className={`race-state race-state-${state.replaceAll(' ', '-')} no-print`}>
      <span className="visually-hidden">This race: </span>
      {STATE_TEXT[state]}
    </p>
  );
}

function NothingYet() {
  return (
    <div className="race-empty">
      <p>No race-day data is on this device yet.</p>
      <p>
        Start lists appear here once an event's start lists are published and this device has been online to download
        them.
      </p>
    </div>
  );
}
