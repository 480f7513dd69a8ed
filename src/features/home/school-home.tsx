// A coordinator's home (a school user, or an admin who picked a school): on a first-season login
// the carry-over, its invitations to the next level's event, the warning about teams with
// unassigned participants, the season's steps with
// the next one called out, and the spec's counts, each a link to the screen it is worked on. Until
// the school's first download has finished on this device the steps and counts would be of rows
// still on their way ('Next: Add your participants' to a school with 40), so it says it is fetching.
import { useLiveQuery } from 'dexie-react-hooks';
import { EntriesCloseNote } from '../../components/entries-close-note';
import { useSession } from '../../components/session-context';
import { useScopeDownloaded } from '../../components/use-mirror-view';
import { useSyncStatus } from '../../components/use-sync-status';
import type { InterschoolsDb } from '../../db/database';
import { seasonSteps } from '../../domain/rules/season-steps';
import type { SessionUser } from '../../domain/schemas/entities';
import { CarryOverSection } from './carry-over-section';
import { stepPaths } from './home-links';
import { HomeTiles, type HomeTile } from './home-tiles';
import { InvitationsSection } from './invitations-section';
import { SeasonStepsSection } from './season-steps-section';
import { UnassignedTeamsWarning } from './unassigned-teams-warning';
import { useSchoolHome, type HomeNumbers } from './use-home-metrics';
import { useUnassignedTeams } from './use-unassigned-teams';

type Paths = ReturnType<typeof stepPaths>;

/** The spec's home counts, in its words. */
function countTiles(n: HomeNumbers, paths: Paths): HomeTile[] {
  return [
    { label: 'Participants', value: n.participantCount, path: paths.participants },
    { label: 'Entered participants', value: n.enteredParticipantsCount, path: paths.participants },
    { label: 'Race entries', value: n.raceEntriesCount, path: paths.teams },
    { label: 'Teams', value: n.teamsCount, path: paths.teams },
    { label: 'Team managers', value: n.teamManagerCount, path: paths.teamManagers },
    { label: 'Volunteers', value: n.volunteerCount, path: paths.volunteers },
    { label: 'Volunteer positions assigned', value: n.noPositionsAssignedToVolunteer, path: paths.volunteers },
    { label: 'Volunteer positions unassigned', value: n.noPositionsNotAssignedToVolunteer, path: paths.volunteers },
    { label: 'Completed participant waivers', value: n.completedParticipantsWaiversCount, path: paths.waivers },
    { label: 'Completed volunteer waivers', value: n.completedVolunteerWaiversCount, path: paths.waivers },
    { label: 'Payment received', value: n.paymentReceived ? 'Yes' : 'No', path: paths.invoice },
  ];
}

export function SchoolHome({
  db,
  user,
  schoolId,
  eventId,
}: {
  db: InterschoolsDb;
  user: SessionUser;
  schoolId: string;
  eventId: string;
}) {
  const { setUser } = useSession();
  const status = useSyncStatus();
  const home = useSchoolHome(db, schoolId, eventId);
  const downloaded = useScopeDownloaded(db, schoolId, eventId);
  const unassigned = useUnassignedTeams(db, schoolId, eventId);
  const paths = stepPaths(user.invoiceType);
  const event = useLiveQuery(() => db.events.get(eventId), [db, eventId]);
  return (
    <>
      {user.firstSeasonLogin && (
        <CarryOverSection db={db} user={user} locked={Boolean(status.locked || user.locked)} onDone={setUser} />
      )}
      <EntriesCloseNote event={event} />
      <InvitationsSection db={db} schoolId={schoolId} eventId={eventId} />
      {downloaded === false ? (
        <p role="status" className="home-fetching">
          {status.online
            ? "Fetching your school's entries to this device… Your next step and the counts show once they are here."
            : "Your school's entries are not on this device yet: they download when it is back online."}
        </p>
      ) : home === undefined || downloaded === undefined ? (
        <p role="status">Loading…</p>
      ) : (
        <>
          <UnassignedTeamsWarning teams={unassigned} teamsHref={paths.teams} />
          <SeasonStepsSection steps={seasonSteps(home.facts)} paths={paths} />
          <section aria-labelledby="home-numbers-title" className="home-section">
            <h2 id="home-numbers-title">This event at a glance</h2>
            <HomeTiles tiles={countTiles(home.numbers, paths)} label="Counts for this event" />
            <p className="muted">Counted from the data on this device; it updates as changes sync.</p>
          </section>
        </>
      )}
    </>
  );
}
