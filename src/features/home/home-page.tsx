// Home (spec section 2): a welcome and the counts of the session's school and event, the warning
// about teams with unassigned participants, the latest results, and on a first-season login the
// carry-over of last season's participants. Everything is read from the mirror. The guard has
// already sent users without a user or event to /login.
import { useSession } from '../../components/session-context';
import { useSyncStatus } from '../../components/use-sync-status';
import type { InterschoolsDb } from '../../db/database';
import { useHomeNumbers, type HomeNumbers } from './use-home-metrics';
import { PageMain } from '../../components/page-main';
import { CarryOverSection } from './carry-over-section';
import { UnassignedTeamsWarning } from './unassigned-teams-warning';
import { useUnassignedTeams } from './use-unassigned-teams';

type Count = Exclude<keyof HomeNumbers, 'paymentReceived' | 'results'>;

const ROWS: { key: Count; label: string }[] = [
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
  const { user, setUser } = useSession();
  const status = useSyncStatus();
  const schoolId = user?.SchoolId ?? null;
  const eventId = user?.EventId ?? null;
  const numbers = useHomeNumbers(db, schoolId, eventId);
  const unassigned = useUnassignedTeams(db, schoolId, eventId);
  if (!user) return null;
  const name = user.firstname?.trim() || user.username;
  const firstSeason = user.firstSeasonLogin && !!schoolId;

  return (
    <PageMain className="page">
      <h1>Welcome, {name}</h1>
      <p className="lead">
        {user.schoolName ? <strong>{user.schoolName}</strong> : 'No school chosen'}
        {user.eventName && <> · {user.eventName}</>}
      </p>
      {firstSeason && (
        <CarryOverSection db={db} user={user} locked={Boolean(status.locked || user.locked)} onDone={setUser} />
      )}
      <UnassignedTeamsWarning teams={unassigned} />
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
      {numbers && numbers.results.length > 0 && (
        <section aria-labelledby="home-results-title">
          <h2 id="home-results-title" style={{ fontSize: '1.1rem' }}>Results</h2>
          <ul>
            {numbers.results.map((result) => (
              <li key={result.id}>
                <a href={result.fileUrl} target="_blank" rel="noreferrer">{result.title}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </PageMain>
  );
}
