// The frame of a race-day screen about one whole event (the day at a glance, the running order):
// its title, the events shown for start lists to choose from when there are several (the latest
// first), and the screen's body for the event chosen, started afresh when the event changes; and
// the two pieces both screens use: a choice of race day, and a race's name.
import { useState, type ReactNode } from 'react';
import type { SequencedRace } from '../../domain/rules/race-sequence';
import { raceDayWords } from '../../domain/rules/running-order';
import { OfflineReadiness } from '../../components/offline-readiness';
import { PageMain } from '../../components/page-main';
import type { InterschoolsDb, RaceEventMirrorRow } from '../../db/database';
import { useRaceEvents } from './use-race-day';

export function RaceEventScreen({
  db,
  title,
  className,
  none,
  children,
}: {
  db: InterschoolsDb;
  title: string;
  className: string;
  /** Said when no event's start lists are shown. */
  none: string;
  children(event: RaceEventMirrorRow): ReactNode;
}) {
  const events = useRaceEvents(db);
  const [chosen, setChosen] = useState<string | null>(null);
  const event = events?.find((e) => e.id === chosen) ?? events?.[0];
  return (
    <PageMain className={className}>
      <h1>{title}</h1>
      <OfflineReadiness db={db} />
      {events === undefined ? (
        <p role="status">Loading…</p>
      ) : !event ? (
        <p>{none}</p>
      ) : (
        <>
          {events.length > 1 && (
            <label className="field">
              Event
              <select value={event.id} onChange={(e) => setChosen(e.target.value)}>
                {events.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <div key={event.id}>{children(event)}</div>
        </>
      )}
    </PageMain>
  );
}

/** 'Moguls, Division 1, Female', by the event's own discipline names. */
export function raceName(event: RaceEventMirrorRow, race: SequencedRace): string {
  const discipline = event.disciplines.find((d) => d.DisciplineId === race.DisciplineId);
  return `${discipline?.name ?? `Discipline ${race.DisciplineId}`}, Division ${race.division}, ${race.gender}`;
}

/** A choice among race days, each said as people say it ('Wednesday 18 August 2027'). */
export function RaceDaySelect({
  label,
  days,
  value,
  onChange,
}: {
  label: string;
  days: readonly string[];
  value: string;
  onChange(day: string): void;
}) {
  return (
    <label className="field">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {days.map((d) => (
          <option key={d} value={d}>
            {raceDayWords(d)}
          </option>
        ))}
      </select>
    </label>
  );
}
