// The waiver reports (docs/reports.md 'Waivers'): the waivers held for an event, and the people it
// still lacks one for, matched as the waivers screen matches them (rules/waiver-matching).
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { matchWaivers, type MatchableWaiver, type WaiverMatches } from '../../../src/domain/rules/waiver-matching';
import type * as rows from '../../../src/domain/schemas/api/report-rows';
import { participants, schools, teamEntries, volunteers, waivers } from '../../db/schema';
import { compareText, visibleSchool, type Reader, type ReportEvent, type SchoolFilter } from './common';

type WaiverRow = z.infer<typeof rows.waiverRowSchema>;

/** current-waivers: every waiver of the event as completed or not. */
export async function currentWaivers(db: Reader, event: ReportEvent, filter: SchoolFilter): Promise<WaiverRow[]> {
  const found = await db
    .select({
      SchoolId: schools.id,
      schoolName: schools.name,
      type: waivers.type,
      name: waivers.name,
      givenName: waivers.givenName,
      surname: waivers.surname,
      completed: waivers.completed,
    })
    .from(waivers)
    .innerJoin(schools, eq(schools.id, waivers.schoolId))
    .where(and(eq(waivers.eventId, event.id), visibleSchool(filter)))
    .orderBy(
      asc(schools.name),
      asc(schools.id),
      asc(waivers.type),
      asc(waivers.surname),
      asc(waivers.givenName),
      asc(waivers.name),
      asc(waivers.id),
    );
  return found.map((w) => ({
    SchoolId: w.SchoolId,
    schoolName: w.schoolName,
    type: w.type,
    // A waiver holding only a full name shows it as the given name.
    firstname: w.givenName || w.surname ? w.givenName : w.name,
    lastname: w.surname,
    completed: w.completed === 1,
  }));
}

function groupBy<R>(list: readonly R[], key: (row: R) => string): Map<string, R[]> {
  const map = new Map<string, R[]>();
  for (const row of list) {
    const k = key(row);
    const bucket = map.get(k);
    if (bucket) bucket.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** The event's racers, volunteers and waivers, of the schools the reader may see: three queries. */
async function peopleAndWaivers(db: Reader, event: ReportEvent, filter: SchoolFilter) {
  const [racers, volunteerRows, waiverRows] = await Promise.all([
    db
      .selectDistinct({
        SchoolId: schools.id,
        schoolName: schools.name,
        id: participants.id,
        firstname: participants.firstname,
        lastname: participants.lastname,
        snowId: participants.snowId,
      })
      .from(teamEntries)
      .innerJoin(participants, eq(participants.id, teamEntries.participantId))
      .innerJoin(schools, eq(schools.id, teamEntries.schoolId))
      .where(and(eq(teamEntries.eventId, event.id), isNotNull(teamEntries.participantId), visibleSchool(filter))),
    db
      .select({
        SchoolId: schools.id,
        schoolName: schools.name,
        id: volunteers.id,
        firstname: volunteers.firstname,
        lastname: volunteers.lastname,
      })
      .from(volunteers)
      .innerJoin(schools, eq(schools.id, volunteers.schoolId))
      .where(and(eq(volunteers.eventId, event.id), visibleSchool(filter))),
    db
      .select({
        SchoolId: waivers.schoolId,
        id: waivers.id,
        type: waivers.type,
        name: waivers.name,
        givenName: waivers.givenName,
        surname: waivers.surname,
        snowId: waivers.snowId,
        completed: waivers.completed,
      })
      .from(waivers)
      .where(eq(waivers.eventId, event.id)),
  ]);
  return { racers, volunteerRows, waiverRows };
}

type School = { SchoolId: string; schoolName: string };

/** The rows of one school's people lacking a completed waiver: racers first, then volunteers. */
function missingOf(school: School, matched: WaiverMatches<MatchableWaiver>): WaiverRow[] {
  type Person = { firstname: string; lastname: string; waiver: MatchableWaiver | null };
  const missing = (type: 'participant' | 'volunteer', people: readonly Person[]): WaiverRow[] =>
    people
      .filter((p) => !p.waiver?.completed)
      .map((p) => ({ ...school, type, firstname: p.firstname, lastname: p.lastname, completed: false }));
  return [...missing('participant', matched.participants), ...missing('volunteer', matched.volunteers)];
}

/** missing-waivers/{EventId}: the racers (participants with a race entry in the event) and the
 *  volunteers of the event whose matched waiver is missing or not completed. Three queries. */
export async function missingWaivers(db: Reader, event: ReportEvent, filter: SchoolFilter): Promise<WaiverRow[]> {
  const { racers, volunteerRows, waiverRows } = await peopleAndWaivers(db, event, filter);
  const racersOf = groupBy(racers, (r) => r.SchoolId);
  const volunteersOf = groupBy(volunteerRows, (r) => r.SchoolId);
  const waiversOf = groupBy(waiverRows, (r) => r.SchoolId);
  const names = new Map<string, string>();
  for (const r of [...racers, ...volunteerRows]) names.set(r.SchoolId, r.schoolName);
  const schoolIds = [...names.keys()].sort((a, b) => compareText(names.get(a)!, names.get(b)!) || compareText(a, b));

  return schoolIds.flatMap((SchoolId) => {
    const matched = matchWaivers<MatchableWaiver>({
      participants: racersOf.get(SchoolId) ?? [],
      volunteers: volunteersOf.get(SchoolId) ?? [],
      waivers: (waiversOf.get(SchoolId) ?? []).map((w) => ({
        id: w.id,
        type: w.type === 'volunteer' ? ('volunteer' as const) : ('participant' as const),
        name: w.name,
        givenName: w.givenName,
        surname: w.surname,
        snowId: w.snowId,
        completed: w.completed === 1,
      })),
    });
    return missingOf({ SchoolId, schoolName: names.get(SchoolId)! }, matched);
  });
}
