// A race official's home: the day's races from the race-day mirror, by discipline, each with its
// racers and links to its start marshall sheet and start list (the race named in the address as
// those screens read it: event, discipline, division, gender), so a tablet opens a race in one tap;
// above them, how far the tablet is from being ready to work offline.
import type { ReactNode } from 'react';
import { OfflineReadiness } from '../../components/offline-readiness';
import type { InterschoolsDb } from '../../db/database';
import type { RaceSummary } from '../../domain/rules/race-summaries';
import { homeHref } from './home-links';
import { asOf, useRaces, type EventRaces } from './use-race-day-home';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const raceParams = (race: RaceSummary) => ({
  event: race.EventId,
  discipline: String(race.DisciplineId),
  division: String(race.division),
  gender: race.gender,
});

/** One event's races; `title` is 'Races' when it is the only event, else the event's name. */
function EventRaceList({
  event,
  title,
  level,
  note,
}: {
  event: EventRaces;
  title: string;
  level: 2 | 3;
  note?: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const Sub = level === 2 ? 'h3' : 'h4';
  return (
    <section aria-labelledby={`races-${event.id}`} className="home-section">
      <Heading id={`races-${event.id}`}>{title}</Heading>
      {note}
      {!event.disciplines.length && <p>No teams are entered in this event&apos;s races yet.</p>}
      {event.disciplines.map((discipline) => (
        <section key={discipline.DisciplineId} aria-labelledby={`races-${event.id}-${discipline.DisciplineId}`}>
          <Sub id={`races-${event.id}-${discipline.DisciplineId}`} className="home-discipline">
            {discipline.name}
          </Sub>
          <ul className="home-races">
            {discipline.races.map((race) => {
              const name = `${discipline.name}, Division ${race.division}, ${race.gender}`;
              return (
                <li key={`${race.division}|${race.gender}`} className="home-race">
                  <span className="home-race-title">
                    Division {race.division}, {race.gender}
                  </span>
                  <span className="home-race-count">
                    {plural(race.racers, 'racer')} in {plural(race.teams, 'team')}
                  </span>
                  <span className="home-race-links">
                    <a
                      className="home-action"
                      href={homeHref('/startMarshall', raceParams(race))}
                      aria-label={`Start marshall sheet, ${name}`}
                    >
                      Start marshall sheet
                    </a>
                    <a
                      className="home-action"
                      href={homeHref('/startlists', raceParams(race))}
                      aria-label={`Start list, ${name}`}
                    >
                      Start list
                    </a>
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </section>
  );
}

export function RaceOfficialHome({ db, eventId }: { db: InterschoolsDb; eventId: string | null }) {
  return (
    <>
      <OfflineReadiness db={db} />
      <RaceList db={db} eventId={eventId} />
    </>
  );
}

function RaceList({ db, eventId }: { db: InterschoolsDb; eventId: string | null }) {
  const view = useRaces(db, eventId);
  if (view === undefined) return <p role="status">Loading…</p>;
  const synced = view.syncedAt ? <p className="muted">{asOf(view.syncedAt)}</p> : null;
  if (!view.events.length) {
    return (
      <section aria-labelledby="races-title" className="home-section">
        <h2 id="races-title">Races</h2>
        <p>
          {view.syncedAt
            ? 'No event is shown for start lists yet: its races appear here once it is.'
            : 'The races arrive on this device with the race day, once it has been online.'}
        </p>
      </section>
    );
  }
  if (view.events.length === 1) {
    return <EventRaceList event={view.events[0]!} title="Races" level={2} note={synced} />;
  }
  return (
    <section aria-labelledby="races-title" className="home-section">
      <h2 id="races-title">Races</h2>
      {synced}
      {view.events.map((event) => (
        <EventRaceList key={event.id} event={event} title={event.name} level={3} />
      ))}
    </section>
  );
}
