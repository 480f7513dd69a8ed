// The start list of a race (docs/decisions.md 'Race day'): its teams in start order, each with its
// members by position and bib. The same function runs on the server and on an offline tablet.
import type { TeamGender, TeamLetter } from '../constants/choices';
import type { StartlistTeam } from '../schemas/api/startlists';
import { sameRace, type RaceDayRows, type RaceEntry, type RaceKey, type RaceTeam } from './race-day-rows';

/** Ids are UUIDv7, so code-unit order of ids is creation order. */
function byId(a: { id: string }, b: { id: string }): number {
  if (a.id < b.id) return -1;
  return a.id > b.id ? 1 : 0;
}

function raceTeams(race: RaceKey, rows: RaceDayRows): RaceTeam[] {
  return rows.teams.filter((team) => sameRace(team, race));
}

function entriesByTeam(teams: readonly RaceTeam[], rows: RaceDayRows): Map<string, RaceEntry[]> {
  const byTeam = new Map<string, RaceEntry[]>(teams.map((team) => [team.id, []]));
  for (const entry of rows.entries) byTeam.get(entry.TeamId)?.push(entry);
  return byTeam;
}

/** True once any entry of the race has a bib: from then on start order is bib order, and the
 *  admin may no longer redraw. */
export function raceHasBibs(race: RaceKey, rows: RaceDayRows): boolean {
  const teamIds = new Set(raceTeams(race, rows).map((team) => team.id));
  return rows.entries.some((entry) => entry.bib !== null && teamIds.has(entry.TeamId));
}

/** The stored draw's order; teams entered after the draw go to the end in creation order, and
 *  teams the draw names that are gone are skipped. With no draw, creation order. */
function drawOrder(race: RaceKey, teams: readonly RaceTeam[], rows: RaceDayRows): RaceTeam[] {
  const byTeamId = new Map(teams.map((team) => [team.id, team]));
  const drawn: RaceTeam[] = [];
  for (const teamId of rows.draws.find((draw) => sameRace(draw, race))?.teamOrder ?? []) {
    const team = byTeamId.get(teamId);
    if (team) {
      drawn.push(team);
      byTeamId.delete(teamId);
    }
  }
  return [...drawn, ...[...byTeamId.values()].sort(byId)];
}

/** The teams of a race in start order: by their lowest bib once bibs are given (teams still
 *  without a bib after them, in draw order), else in draw order. */
export function startOrderTeams(race: RaceKey, rows: RaceDayRows): RaceTeam[] {
  const teams = raceTeams(race, rows);
  const drawn = drawOrder(race, teams, rows);
  if (!raceHasBibs(race, rows)) return drawn;
  const entries = entriesByTeam(teams, rows);
  const lowestBib = new Map(
    drawn.map((team) => {
      const bibs = (entries.get(team.id) ?? []).flatMap((entry) => (entry.bib === null ? [] : [entry.bib]));
      return [team.id, bibs.length > 0 ? Math.min(...bibs) : Number.POSITIVE_INFINITY];
    }),
  );
  // A stable sort: teams without a bib (Infinity) keep their draw order at the end.
  return drawn.sort((a, b) => {
    const bibA = lowestBib.get(a.id) ?? Number.POSITIVE_INFINITY;
    const bibB = lowestBib.get(b.id) ?? Number.POSITIVE_INFINITY;
    return bibA === bibB ? 0 : bibA < bibB ? -1 : 1;
  });
}

/** The start list of a race: its teams in start order (numbered from 1), each with its members by
 *  position. An unassigned position, or a racer this device does not hold, shows blank names. */
export function buildStartlist(race: RaceKey, rows: RaceDayRows): StartlistTeam[] {
  const teams = startOrderTeams(race, rows);
  const entries = entriesByTeam(teams, rows);
  const participants = new Map(rows.participants.map((participant) => [participant.id, participant]));
  const schoolNames = new Map(rows.schools.map((school) => [school.id, school.name]));
  return teams.map((team, index) => ({
    TeamId: team.id,
    SchoolId: team.SchoolId,
    schoolName: schoolNames.get(team.SchoolId) ?? '',
    // Stored rows hold values of the same choice lists; the contract types them as plain strings.
    teamRank: team.teamRank as TeamLetter,
    gender: team.gender as TeamGender,
    division: team.division,
    startOrder: index + 1,
    members: [...(entries.get(team.id) ?? [])]
      .sort((a, b) => a.position - b.position)
      .map((entry) => {
        const participant = entry.ParticipantId === null ? undefined : participants.get(entry.ParticipantId);
        return {
          teamEntryId: entry.id,
          position: entry.position,
          ParticipantId: entry.ParticipantId,
          firstname: participant?.firstname ?? '',
          lastname: participant?.lastname ?? '',
          snowId: participant?.snowId ?? null,
          yearLevel: participant?.yearLevel ?? '',
          bib: entry.bib,
        };
      }),
  }));
}
