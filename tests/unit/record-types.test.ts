// One schema per record: the rows race day computes from and a volunteer's preference are their
// zod schemas' types, on the server and on the device, never a copy written beside them. These are
// checked by the type checker (`npm run typecheck`): a type written by hand again, or a schema
// changed without its readers, fails there.
import { expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { TeamGender, TeamLetter } from '../../src/domain/constants/choices';
import type { RaceMarkKind, Run } from '../../src/domain/constants/race-day';
import type { RaceEntryMirrorRow, RaceMarkMirrorRow, RaceTeamMirrorRow } from '../../src/db/database';
import type { RaceEntry, RaceMark, RaceTeam, StartDraw } from '../../src/domain/rules/race-day-rows';
import type { VolunteerPreference } from '../../src/domain/rules/volunteer-preferences';
import type {
  raceEntryRowSchema,
  raceMarkRowSchema,
  raceTeamRowSchema,
  startDrawRowSchema,
} from '../../src/domain/schemas/api/race-day-feed';
import type { volunteerPreferenceSchema, volunteerSlotSchema } from '../../src/domain/schemas/entities/volunteer';

type Row<S extends z.ZodType> = z.output<S>;

it("race day's rows are the race-day feed's rows, narrowed to what race day reads", () => {
  expectTypeOf<RaceTeam>().toEqualTypeOf<Pick<Row<typeof raceTeamRowSchema>, keyof RaceTeam>>();
  expectTypeOf<RaceEntry>().toEqualTypeOf<Pick<Row<typeof raceEntryRowSchema>, keyof RaceEntry>>();
  expectTypeOf<RaceMark>().toEqualTypeOf<Pick<Row<typeof raceMarkRowSchema>, keyof RaceMark>>();
  expectTypeOf<StartDraw>().toEqualTypeOf<Pick<Row<typeof startDrawRowSchema>, keyof StartDraw>>();
});

it('agrees with the feed where the copies once disagreed: the manual bib, the mark and the gender', () => {
  expectTypeOf<RaceEntry['bibManual']>().toEqualTypeOf<boolean>();
  expectTypeOf<RaceMark['mark']>().toEqualTypeOf<RaceMarkKind | null>();
  expectTypeOf<RaceMark['run']>().toEqualTypeOf<Run>();
  expectTypeOf<RaceTeam['gender']>().toEqualTypeOf<TeamGender>();
  expectTypeOf<RaceTeam['teamRank']>().toEqualTypeOf<TeamLetter>();
});

it("the tablet's mirror keeps the feed's rows whole", () => {
  expectTypeOf<Row<typeof raceTeamRowSchema>>().toExtend<RaceTeamMirrorRow>();
  expectTypeOf<Row<typeof raceEntryRowSchema>>().toExtend<RaceEntryMirrorRow>();
  expectTypeOf<Row<typeof raceMarkRowSchema>>().toExtend<RaceMarkMirrorRow>();
});

it("a volunteer's preference is its schema's, the one a slot holds", () => {
  expectTypeOf<VolunteerPreference>().toEqualTypeOf<Row<typeof volunteerPreferenceSchema>>();
  expectTypeOf<Row<typeof volunteerSlotSchema>['preferences'][number]>().toEqualTypeOf<VolunteerPreference>();
  expectTypeOf<VolunteerPreference['isLocked']>().toEqualTypeOf<boolean>();
});
