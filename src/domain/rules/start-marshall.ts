// The start marshall sheets (docs/decisions.md 'Race day'): the racers of a start list in run
// order, with the start hut's DNS / started mark, and the assistant's call-up list in blocks.
import type { Run } from '../constants/race-day';
import type { StartlistTeam, StartMarshallRow } from '../schemas/api/startlists';
import type { RaceMark, RaceMarkKind } from './race-day-rows';
import { pageRows, runOrder } from './start-order';

export type StartMarshallSheetRow = StartMarshallRow & { mark: RaceMarkKind | null };

/** The racers of a start list (positions without a participant do not start) in run order,
 *  numbered 1..n in that order, each with its mark for this run or null. */
export function startMarshallRows(
  startlist: readonly StartlistTeam[],
  run: Run,
  reverseFirst?: number | null,
  marks: readonly RaceMark[] = [],
): StartMarshallSheetRow[] {
  // Later marks replace earlier ones: a racer marked DNS by mistake can then be marked started.
  const markOf = new Map(marks.filter((mark) => mark.run === run).map((mark) => [mark.teamEntryId, mark.mark]));
  const racers = [...startlist]
    .sort((a, b) => a.startOrder - b.startOrder)
    .flatMap((team) =>
      [...team.members]
        .sort((a, b) => a.position - b.position)
        .filter((member) => member.ParticipantId !== null)
        .map((member) => ({
          teamEntryId: member.teamEntryId,
          bib: member.bib,
          firstname: member.firstname,
          lastname: member.lastname,
          schoolName: team.schoolName,
          teamRank: team.teamRank,
          position: member.position,
          mark: markOf.get(member.teamEntryId) ?? null,
        })),
    );
  return runOrder(racers, run, reverseFirst).map((racer, index) => ({ order: index + 1, ...racer }));
}

/** The Assistant Start Marshall's call-up list: blocks of ten, so one block never splits. */
export function assistantBlocks<T>(rows: readonly T[], size = 10): T[][] {
  return pageRows(rows, size);
}
