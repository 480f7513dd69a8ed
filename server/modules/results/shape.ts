// Rows -> domain shapes of race results, overall results and trophies: the module's answers and
// the change feed send these shapes.
import type {
  Pointscore,
  ResultGender,
  ResultSchoolType,
  ResultType,
  TrophyGender,
  TrophyType,
} from '../../../src/domain/constants/choices';
import type { ResultOverall, ResultRace, Trophy } from '../../../src/domain/schemas';
import type { resultOveralls, resultRaces, trophies } from '../../db/schema';

export type RaceRow = typeof resultRaces.$inferSelect;
export type OverallRow = typeof resultOveralls.$inferSelect;
export type TrophyRow = typeof trophies.$inferSelect;

export const toResultRace = (r: RaceRow): ResultRace => ({
  id: r.id,
  EventId: r.eventId,
  DisciplineId: r.disciplineId,
  division: r.division,
  gender: r.gender as ResultGender,
  teamIndividual: r.teamIndividual as ResultType,
  fileUrl: r.fileUrl,
  placings: r.placings ?? null,
  version: r.version,
});

export const toResultOverall = (r: OverallRow): ResultOverall => ({
  id: r.id,
  EventId: r.eventId,
  pointscore: r.pointscore as Pointscore,
  schoolType: r.schoolType as ResultSchoolType,
  gender: r.gender as ResultGender,
  fileUrl: r.fileUrl,
  placings: r.placings ?? null,
  version: r.version,
});

export const toTrophy = (t: TrophyRow): Trophy => ({
  id: t.id,
  disciplineId: t.disciplineId,
  division: t.division,
  gender: t.gender as TrophyGender,
  state: t.state,
  imageURL: t.imageUrl,
  type: t.type as TrophyType,
  name: t.name,
  version: t.version,
});
