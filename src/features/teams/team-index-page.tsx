// #/team/index: the school's teams of the event grouped by discipline, from the mirror (works
// offline). #/team/index/{SchoolId}/{EventId}: the same, read-only, for any school (an admin or
// auditor; a school user only its own): from the mirror when it is the device's own school and
// event, else from GET /api/teams/grouped, which needs the network.
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { fetchGroupedTeams } from '../../api/teams';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { useSyncStatus } from '../../components/use-sync-status';
import { TableScroll } from '../../components/table-scroll';
import { getDb, type InterschoolsDb } from '../../db/database';
import { listingFromAnswer, listingFromMirror, type ListedGroup, type ListedTeam } from './team-listing';
import { useTeamsMirror } from './use-teams-data';

type Remote = { state: 'loading' } | { state: 'done'; groups: ListedGroup[] } | { state: 'failed'; message: string };

/** The listing of a school other than the device's own, from the server; asked again when the
 *  network comes back. */
function useRemoteListing(schoolId: string | null, eventId: string | null, online: boolean): Remote | null {
  const key = schoolId && eventId ? `${schoolId}/${eventId}/${online}` : null;
  const [answer, setAnswer] = useState<{ key: string; remote: Remote } | null>(null);
  useEffect(() => {
    if (!key || !schoolId || !eventId) return;
    let live = true;
    void fetchGroupedTeams(schoolId, eventId).then((result) => {
      if (!live) return;
      setAnswer({
        key,
        remote: result.ok
          ? { state: 'done', groups: listingFromAnswer(result.data) }
          : { state: 'failed', message: result.message },
      });
    });
    return () => {
      live = false;
    };
  }, [key, schoolId, eventId]);
  if (!key) return null;
  return answer?.key === key ? answer.remote : { state: 'loading' };
}

function TeamCard({ team, showBib }: { team: ListedTeam; showBib: boolean }) {
  const headingId = useId();
  const positions = Array.from({ length: team.size }, (_, i) => i + 1);
  return (
    <article className="team-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        Division {team.division} {team.gender} team {team.teamRank}
      </h3>
      <TableScroll>
        <table className="team-card-members">
          <thead>
            <tr>
              <th scope="col">Position</th>
              <th scope="col">Participant</th>
              <th scope="col">Snow Id</th>
              {showBib && <th scope="col">Bib</th>}
            </tr>
          </thead>
          <tbody>
            {positions.map((position) => {
              const member = team.members.find((m) => m.position === position);
              return (
                <tr key={position}>
                  <td>{position}</td>
                  <td>{member ? member.name || 'Not yet chosen' : <span className="muted">Open</span>}</td>
                  <td>{member?.snowId ?? ''}</td>
                  {showBib && <td>{member?.bib ?? ''}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <p>Team manager: {team.manager || 'none'}</p>
    </article>
  );
}

function TeamListing({ groups, showBib }: { groups: readonly ListedGroup[]; showBib: boolean }) {
  if (groups.length === 0) return <p>No teams entered in this event.</p>;
  return (
    <>
      {groups.map((group) => (
        <section key={group.DisciplineId} className="team-group" aria-label={group.name}>
          <h2>
            {group.name}{' '}
            <span className="muted">
              ({group.teams.length} {group.teams.length === 1 ? 'team' : 'teams'})
            </span>
          </h2>
          <div className="team-cards">
            {group.teams.map((team) => (
              <TeamCard key={team.id} team={team} showBib={showBib} />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}

export default function TeamIndexPage({ db = getDb() }: { db?: InterschoolsDb }) {
  const { user } = useSession();
  const status = useSyncStatus();
  const params = useParams<{ SchoolId?: string; EventId?: string }>();
  const byPath = Boolean(params.SchoolId && params.EventId);
  const schoolId = params.SchoolId ?? user?.SchoolId ?? null;
  const eventId = params.EventId ?? user?.EventId ?? null;
  const mirrored = !byPath || (schoolId === user?.SchoolId && eventId === user?.EventId);

  const mirror = useTeamsMirror(db, mirrored ? schoolId : null, mirrored ? eventId : null);
  const remote = useRemoteListing(mirrored ? null : schoolId, mirrored ? null : eventId, status.online);
  const fromMirror = useMemo(() => (mirrored && mirror ? listingFromMirror(mirror) : null), [mirrored, mirror]);

  if (!user)
    return (
      <PageMain className="page">
        <p>Sign in to see teams.</p>
      </PageMain>
    );
  if (!schoolId || !eventId) {
    return (
      <PageMain className="page">
        <h1>Teams</h1>
        <p>Choose a school and an event to see their teams.</p>
      </PageMain>
    );
  }
  const canEdit = !byPath && (user.type === 'school' || user.type === 'admin');
  const showBib = user.type === 'admin';

  return (
    <PageMain className="page-wide team-index-page">
      <h1>Teams</h1>
      {canEdit && (
        <p>
          <Link to="/team/grid">Edit teams</Link>
        </p>
      )}
      {mirrored ? (
        fromMirror ? (
          <TeamListing groups={fromMirror} showBib={showBib} />
        ) : (
          <p role="status">Loading teams…</p>
        )
      ) : remote?.state === 'done' ? (
        <TeamListing groups={remote.groups} showBib={showBib} />
      ) : remote?.state === 'failed' ? (
        <p role="alert">{remote.message}</p>
      ) : (
        <p role="status">Loading teams…</p>
      )}
    </PageMain>
  );
}
