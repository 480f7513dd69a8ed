// Home (spec section 2): a welcome, then what each role works on next. A coordinator (or an admin
// who picked a school) sees the season's steps and the school's counts; an admin without a school
// the event across schools; a race official the day's races; an auditor the screens to read. The
// event's latest results follow for everyone. Everything is read from the mirror. The guard has
// already sent users without a user or event to /login.
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import type { InterschoolsDb } from '../../db/database';
import type { SessionUser } from '../../domain/schemas/entities';
import { EventDashboard } from './event-dashboard';
import { HomeResultsList } from './home-results-list';
import { RaceOfficialHome } from './race-official-home';
import { SchoolHome } from './school-home';
import { AuditorLinks } from './staff-links';
import { useHomeResults } from './use-home-metrics';
import './home.css';

function RoleHome({ db, user }: { db: InterschoolsDb; user: SessionUser }) {
  const { SchoolId: schoolId, EventId: eventId } = user;
  if (!eventId) return <p>Choose an event in the header to begin.</p>;
  if (schoolId && (user.type === 'school' || user.type === 'admin')) {
    return <SchoolHome db={db} user={user} schoolId={schoolId} eventId={eventId} />;
  }
  switch (user.type) {
    case 'admin':
      return <EventDashboard db={db} eventId={eventId} />;
    case 'racedept':
      return <RaceOfficialHome db={db} eventId={eventId} />;
    case 'auditor':
      return <AuditorLinks />;
    default:
      return <p>Your school is not set on this sign-in: sign out and in again.</p>;
  }
}

export function HomePage({ db }: { db: InterschoolsDb }) {
  const { user } = useSession();
  const results = useHomeResults(db, user?.EventId ?? null);
  if (!user) return null;
  // By the person's name; never by their e-mail address (a sign-in, not a greeting).
  const name = user.firstname?.trim();
  return (
    <PageMain className="page home">
      <h1>{name ? `Welcome, ${name}` : 'Welcome'}</h1>
      <p className="lead">
        {user.schoolName && <strong>{user.schoolName}</strong>}
        {user.schoolName && user.eventName && ' · '}
        {user.eventName}
      </p>
      <RoleHome db={db} user={user} />
      <HomeResultsList results={results} />
    </PageMain>
  );
}
