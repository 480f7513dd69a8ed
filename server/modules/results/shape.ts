// Rows -> domain shapes of race results, overall results, trophies and confirmed qualifiers: the module's answers and
// the change feed send these shapes.
import type {
  Pointscore,
  ResultGender,
  ResultSchoolType,
  ResultType,
  TeamGender,
  TrophyGender,
  TrophyType,
} from '../../../src/domain/constants/choices';
import type { Qualifier, ResultOverall, ResultRace, Trophy } from '../../../src/domain/schemas';
import type { qualifiers, resultOveralls, resultRaces, trophies } from '../../db/schema';

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

export type QualifierRow = typeof qualifiers.$inferSelect;

export const toQualifier = (r: QualifierRow): Qualifier => ({
  id: r.id,
  EventId: r.eventId,
  ToEventId: r.toEventId,
  SchoolId: r.schoolId,
  DisciplineId: r.disciplineId,
  division: r.division,
  gender: r.gender as TeamGender,
  kind: r.kind as Qualifier['kind'],
  place: r.place,
  teamName: r.teamName,
  racers: r.racers,
  confirmedBy: r.confirmedBy,
  confirmedAt: r.updatedAt.toISOString(),
  version: r.version,
});
