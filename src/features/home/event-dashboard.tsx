// An administrator's home before a school is picked: the session's event across every school with
// race entries, each figure a link to the screen where it is worked, from the race-day mirror
// (the only rows of every school an admin's device holds), so it reads the same offline.
import type { InterschoolsDb } from '../../db/database';
import type { EventFigures } from '../../domain/rules/event-figures';
import { homeHref } from './home-links';
import { HomeTiles, type HomeTile } from './home-tiles';
import { asOf, useEventFigures } from './use-race-day-home';

/** '5 of 7'; past what is needed, '8 filled, 7 needed' (never '8 of 7'). */
const of = (done: number, all: number) => (done > all ? `${done} filled, ${all} needed` : `${done} of ${all}`);

function figureTiles(f: EventFigures): HomeTile[] {
  return [
    { label: 'Schools with entries', value: f.schoolsWithEntries, path: '/schools' },
    { label: 'Participants in races', value: f.racers, path: '/reports/participants' },
    { label: 'Race entries', value: f.raceEntries, path: '/reports/race-entries' },
    { label: 'Teams', value: f.teams, path: '/startlists' },
    {
      label: 'Volunteer places filled',
      value: of(f.volunteerPlacesFilled, f.volunteerPlacesRequired),
      path: '/reports/volunteers',
    },
    { label: 'Waivers complete', value: of(f.waiversComplete, f.waiversNeeded), path: '/reports/missing-waivers' },
    { label: 'Invoices paid', value: f.invoicesPaid, path: '/payments' },
    { label: 'Invoices not paid', value: f.invoicesUnpaid, path: '/payments' },
  ];
}

export function EventDashboard({ db, eventId }: { db: InterschoolsDb; eventId: string }) {
  const view = useEventFigures(db, eventId);
  return (
    <section aria-labelledby="event-figures-title" className="home-section">
      {/* No 'school' in this heading: it labels the section, and the header's picker is labelled 'School'. */}
      <h2 id="event-figures-title">The whole event at a glance</h2>
      <p className="home-hint">Pick a school in the header to see that school&apos;s steps and numbers.</p>
      {view === undefined ? (
        <p role="status">Loading…</p>
      ) : view.held ? (
        <>
          <HomeTiles tiles={figureTiles(view.figures)} label="The event's figures" />
          <p className="muted">
            Counted over the schools with race entries, from the data on this device.
            {view.syncedAt ? ` ${asOf(view.syncedAt)}.` : ''}
          </p>
        </>
      ) : view.syncedAt ? (
        <p>
          Figures across every school are kept on this device for the events whose start lists are shown, and this
          event&apos;s are not: show them, or read the event summary report (both below).
        </p>
      ) : (
        <p>The figures arrive on this device with the race day, once it has been online.</p>
      )}
      <ul className="home-actions">
        <li>
          <a className="home-action" href={homeHref('/reports/home-summary')}>
            Event summary report
          </a>
        </li>
        {view && !view.held && view.syncedAt && (
          <li>
            <a className="home-action" href={homeHref('/rev')}>
              Start lists and results shown
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}
