// The racers of a timing file, each with every value a column may hold (constants/timing-files.ts),
// in the start order the file's system expects. Built from the race-day rows, the same on the
// server and on an offline tablet, so both write the same file.
import { TIMING_START_ORDER, type TimingField, type TimingOrder } from '../constants/timing-files';
import type { FileSystem } from '../constants/race-day';
import type { RaceDayRows } from './race-day-rows';
import { buildStartlist } from './start-list';

export interface TimingSelection {
  EventId: string;
  DisciplineId: number;
  divisions: readonly number[];
  /** The team gender (Male, Female or Co-ed). */
  gender: string;
}

/** One racer's value of every field, as text. */
export type TimingRacer = Readonly<Record<TimingField, string>>;

interface Placed {
  racer: TimingRacer;
  bib: number | null;
}

/** 'Moguls Division 1 Female': one race, as a division of a LiveHeats event is named. */
function timingRaceName(discipline: string, division: number, gender: string): string {
  return `${discipline} Division ${division} ${gender}`.trim();
}

/** The chosen divisions in ascending order, each race in start order (teams as drawn, or by bib
 *  once bibs are given; members by position), numbered from 1 within each division. Positions
 *  without a participant are left out. */
function racersByDivision(
  rows: RaceDayRows,
  selection: TimingSelection,
  disciplineName: (DisciplineId: number) => string,
): Placed[] {
  const participants = new Map(rows.participants.map((participant) => [participant.id, participant]));
  const discipline = disciplineName(selection.DisciplineId);
  const divisions = [...new Set(selection.divisions)].sort((a, b) => a - b);
  const placed: Placed[] = [];
  for (const division of divisions) {
    const race = {
      EventId: selection.EventId,
      DisciplineId: selection.DisciplineId,
      division,
      gender: selection.gender,
    };
    let startOrder = 0;
    for (const team of buildStartlist(race, rows)) {
      for (const member of team.members) {
        if (member.ParticipantId === null) continue;
        startOrder += 1;
        const gender = participants.get(member.ParticipantId)?.gender ?? '';
        placed.push({
          bib: member.bib,
          racer: {
            bib: member.bib === null ? '' : String(member.bib),
            snowId: member.snowId ?? '',
            firstname: member.firstname,
            lastname: member.lastname,
            fullName: `${member.firstname} ${member.lastname}`.trim(),
            gender,
            genderInitial: gender === 'Male' ? 'M' : gender === 'Female' ? 'F' : gender,
            yearLevel: member.yearLevel,
            school: team.schoolName,
            team: team.teamRank,
            schoolTeam: `${team.schoolName} ${team.teamRank}`.trim(),
            discipline,
            division: String(division),
            raceGender: selection.gender,
            race: timingRaceName(discipline, division, selection.gender),
            startOrder: String(startOrder),
            position: String(member.position),
          },
        });
      }
    }
  }
  return placed;
}

/** By bib, lowest first; racers without a bib keep their division and start order, after them. */
function byBib(placed: readonly Placed[]): Placed[] {
  const rank = (p: Placed) => p.bib ?? Number.POSITIVE_INFINITY;
  // Array.prototype.sort is stable, so equal ranks keep their division and start order.
  return [...placed].sort((a, b) => (rank(a) === rank(b) ? 0 : rank(a) < rank(b) ? -1 : 1));
}

/** The racers of the chosen races in the given start order. */
function timingRacersInOrder(
  rows: RaceDayRows,
  selection: TimingSelection,
  order: TimingOrder,
  disciplineName: (DisciplineId: number) => string,
): TimingRacer[] {
  const placed = racersByDivision(rows, selection, disciplineName);
  return (order === 'bib' ? byBib(placed) : placed).map((p) => p.racer);
}

/** The racers of the chosen races in the start order the system expects. */
export function timingRacers(
  rows: RaceDayRows,
  selection: TimingSelection,
  system: FileSystem,
  disciplineName: (DisciplineId: number) => string,
): TimingRacer[] {
  return timingRacersInOrder(rows, selection, TIMING_START_ORDER[system], disciplineName);
}
