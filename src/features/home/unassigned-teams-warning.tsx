// Spec section 2: home warns, listing name, division, rank and gender, when teams have entries
// with unassigned participants.
import { TableScroll } from '../../components/table-scroll';
import type { UnassignedEntriesWarning } from '../../domain/rules/unassigned-entries';
import { homeHref } from './home-links';

export function UnassignedTeamsWarning({
  teams,
  teamsHref,
}: {
  teams: readonly UnassignedEntriesWarning[];
  teamsHref: string;
}) {
  if (!teams.length) return null;
  return (
    <section className="notice notice-warning" aria-labelledby="unassigned-teams-title">
      <h2 id="unassigned-teams-title" style={{ fontSize: '1rem', marginTop: 0 }}>
        {teams.length === 1 ? 'A team has' : `${teams.length} teams have`} positions without a participant
      </h2>
      <p>Assign a participant to each position, or remove the empty positions, before the event:</p>
      <TableScroll label="Teams with empty positions">
        <table className="race-entries">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Division</th>
              <th scope="col">Rank</th>
              <th scope="col">Gender</th>
            </tr>
          </thead>
          <tbody>
            {teams.map((team) => (
              <tr key={team.TeamId}>
                <td>{team.name}</td>
                <td>{team.division}</td>
                <td>{team.teamRank}</td>
                <td>{team.gender}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p>
        <a className="home-action" href={homeHref(teamsHref)}>
          Open your teams
        </a>
      </p>
    </section>
  );
}
