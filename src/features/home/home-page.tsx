// Home (spec section 2): a welcome and the counts of the session's school and event, read from
// the mirror. The guard has already sent users without a user or event to /login.
import { useSession } from '../../components/session-context';
import type { InterschoolsDb } from '../../db/database';
import { useHomeNumbers, type HomeNumbers } from './use-home-metrics';
import { PageMain } from '../../components/page-main';

const ROWS: { key: keyof Omit<HomeNumbers, 'paymentReceived'>; label: string }[] = [
  { key: 'participantCount', label: 'Participants' },
  { key: 'enteredParticipantsCount', label: 'Entered participants' },
  { key: 'raceEntriesCount', label: 'Race entries' },
  { key: 'teamsCount', label: 'Teams' },
  { key: 'teamManagerCount', label: 'Team managers' },
  { key: 'volunteerCount', label: 'Volunteers' },
  { key: 'noPositionsAssignedToVolunteer', label: 'Volunteer positions assigned' },
  { key: 'noPositionsNotAssignedToVolunteer', label: 'Volunteer positions unassigned' },
  { key: 'completedParticipantsWaiversCount', label: 'Completed participant waivers' },
  { key: 'completedVolunteerWaiversCount', label: 'Completed volunteer waivers' },
];

export function HomePage({ db }: { db: InterschoolsDb }) {
  const { user } = useSession();
  const numbers = useHomeNumbers(db, user?.SchoolId ?? null, user?.EventId ?? null);
  if (!user) return null;
  const name = user.firstname?.trim() || user.username;

  return (
    <PageMain className="page">
      <h1>Welcome, {name}</h1>
      <p className="lead">
        {user.schoolName ? <strong>{user.schoolName}</strong> : 'No school chosen'}
        {user.eventName && <> · {user.eventName}</>}
      </p>
      {numbers === null && <p>Choose a school in the header to see its numbers for this event.</p>}
      {numbers === undefined && <p role="status">Loading…</p>}
      {numbers && (
        <section aria-label="This event at a glance">
          <dl className="metrics">
            {ROWS.map((row) => (
              <div className="metric" key={row.key}>
                <dt>{row.label}</dt>
                <dd>{numbers[row.key]}</dd>
              </div>
            ))}
            <div className="metric">
              <dt>Payment received</dt>
              <dd>{numbers.paymentReceived ? 'Yes' : 'No'}</dd>
            </div>
          </dl>
          <p className="muted">Counted from the data on this device; it updates as changes sync.</p>
        </section>
      )}
    </PageMain>
  );
}
