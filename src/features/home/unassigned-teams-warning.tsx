// Spec section 2: home warns, listing name, division, rank and gender, when teams have entries
// with unassigned participants. The rank is called 'Team' as in the teams grid ('Team A').
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
      {/* A list, not a table: each team on its own lines, so a phone shows all of it. */}
      <ul className="unassigned-teams">
        {teams.map((team) => (
          <li key={team.TeamId}>
            <strong>{team.name}</strong>, Division {team.division}, Team {team.teamRank}, {team.gender}
          </li>
        ))}
      </ul>
      <p>
        <a className="home-action" href={homeHref(teamsHref)}>
          Open your teams
        </a>
      </p>
    </section>
  );
}
