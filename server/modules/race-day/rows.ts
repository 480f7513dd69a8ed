// Reads the plain rows race day is computed from (src/domain/rules/race-day-rows.ts) for one event,
// narrowed to a discipline, divisions, a gender or a school where the caller asks: the same rows a
// race official's tablet holds, so the server's answers and the tablet's screens agree.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { RaceDayRows } from '../../../src/domain/rules/race-day-rows';
import type { Db, Tx } from '../../db/client';
import { raceDayRowsOf } from '../../db/race-day-records';
import { participants, raceMarks, schools, startDraws, teamEntries, teams } from '../../db/schema';

export interface RaceFilter {
  DisciplineId?: number;
  divisions?: readonly number[];
  gender?: string;
  SchoolId?: string;
}

export async function loadRaceDayRows(db: Db | Tx, eventId: string, filter: RaceFilter = {}): Promise<RaceDayRows> {
  const conditions: SQL[] = [eq(teams.eventId, eventId)];
  if (filter.DisciplineId !== undefined) conditions.push(eq(teams.disciplineId, filter.DisciplineId));
  if (filter.divisions?.length) conditions.push(inArray(teams.division, [...filter.divisions]));
  if (filter.gender !== undefined) conditions.push(eq(teams.gender, filter.gender));
  if (filter.SchoolId !== undefined) conditions.push(eq(teams.schoolId, filter.SchoolId));
  const teamRows = await db
    .select()
    .from(teams)
    .where(and(...conditions));
  const teamIds = teamRows.map((t) => t.id);
  const entryRows = teamIds.length
    ? await db.select().from(teamEntries).where(inArray(teamEntries.teamId, teamIds))
    : [];
  const participantIds = [...new Set(entryRows.flatMap((e) => (e.participantId ? [e.participantId] : [])))];
  const schoolIds = [...new Set(teamRows.map((t) => t.schoolId))];
  const entryIds = entryRows.map((e) => e.id);
  const [people, schoolRows, draws, marks] = await Promise.all([
    participantIds.length
      ? db
          .select({
            id: participants.id,
            firstname: participants.firstname,
            lastname: participants.lastname,
            snowId: participants.snowId,
            gender: participants.gender,
            yearLevel: participants.yearLevel,
          })
          .from(participants)
          .where(inArray(participants.id, participantIds))
      : [],
    schoolIds.length
      ? db.select({ id: schools.id, name: schools.name }).from(schools).where(inArray(schools.id, schoolIds))
      : [],
    db.select().from(startDraws).where(eq(startDraws.eventId, eventId)),
    entryIds.length ? db.select().from(raceMarks).where(inArray(raceMarks.teamEntryId, entryIds)) : [],
  ]);
  return raceDayRowsOf({
    teams: teamRows,
    entries: entryRows,
    participants: people,
    schools: schoolRows,
    draws,
    marks,
  });
}
