// An event's races as a race official scans them: the races that have teams, grouped by
// discipline in the order of the disciplines the caller passes (those the event runs; teams of
// others have no race to open), each with how many teams and racers it has. Racers are the
// distinct participants of the race's entries (an unassigned position races nobody).
import { TEAM_GENDERS } from '../constants/choices';
import type { RaceEntry, RaceKey, RaceTeam } from './race-day-rows';
import { raceKey } from './race-sequence';

export interface RaceSummary extends RaceKey {
  teams: number;
  racers: number;
}

export interface DisciplineRaces {
  DisciplineId: number;
  name: string;
  races: RaceSummary[];
}

const genderOrder = (gender: string) => {
  const at = (TEAM_GENDERS as readonly string[]).indexOf(gender);
  return at < 0 ? TEAM_GENDERS.length : at;
};

export function racesByDiscipline(
  event: { id: string; disciplines: readonly { DisciplineId: number; name: string }[] },
  rows: { teams: readonly RaceTeam[]; entries: readonly Pick<RaceEntry, 'TeamId' | 'ParticipantId'>[] },
): DisciplineRaces[] {
  const racersOf = new Map<string, Set<string>>();
  for (const entry of rows.entries) {
    if (!entry.ParticipantId) continue;
    racersOf.set(entry.TeamId, (racersOf.get(entry.TeamId) ?? new Set()).add(entry.ParticipantId));
  }
  const runs = new Set(event.disciplines.map((d) => d.DisciplineId));
  const races = new Map<string, { race: RaceSummary; racers: Set<string> }>();
  for (const team of rows.teams) {
    if (team.EventId !== event.id || !runs.has(team.DisciplineId)) continue;
    const key = raceKey(team);
    const at = races.get(key) ?? {
      race: {
        EventId: team.EventId,
        DisciplineId: team.DisciplineId,
        division: team.division,
        gender: team.gender,
        teams: 0,
        racers: 0,
      },
      racers: new Set<string>(),
    };
    at.race.teams += 1;
    for (const id of racersOf.get(team.id) ?? []) at.racers.add(id);
    races.set(key, at);
  }
  return event.disciplines.flatMap(({ DisciplineId, name }) => {
    const list = [...races.values()]
      .filter(({ race }) => race.DisciplineId === DisciplineId)
      .map(({ race, racers }) => ({ ...race, racers: racers.size }))
      .sort((a, b) => a.division - b.division || genderOrder(a.gender) - genderOrder(b.gender));
    return list.length ? [{ DisciplineId, name, races: list }] : [];
  });
}
