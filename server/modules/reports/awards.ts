// ski-snowboard-awards/{EventId} (docs/reports.md 'Awards'): schools ranked by the points their
// placings earn in the event's published race results, in four lists: secondary ski, secondary
// snowboard, primary ski, primary snowboard. Two queries.
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { DISCIPLINE_GROUPS, VIC_VOLUNTEER_GROUPS } from '../../../src/domain/constants/disciplines';
import { nameKey } from '../../../src/domain/rules/waiver-matching';
import type * as rows from '../../../src/domain/schemas/api/report-rows';
import { resultRaces, schools } from '../../db/schema';
import { compareText, visibleSchool, type Reader, type ReportEvent, type SchoolFilter } from './common';

type Awards = z.infer<typeof rows.awardsSchema>;
type AwardRow = z.infer<typeof rows.awardRowSchema>;

/** Snowboard: the snowboard disciplines (4, 5, 11). Ski: the other alpine disciplines
 *  (1, 2, 3, 7, 9, 10). Cross country (6, 8) has its own pointscore and counts for neither. */
const SNOWBOARD_DISCIPLINES: readonly number[] = VIC_VOLUNTEER_GROUPS.snowboard;
const SKI_DISCIPLINES: readonly number[] = DISCIPLINE_GROUPS.alpine.filter((id) => !SNOWBOARD_DISCIPLINES.includes(id));

/** Points of a placing: 10 for first, 9 for second ... 1 for tenth, none below. */
const pointsForPlace = (place: number) => (Number.isInteger(place) && place >= 1 ? Math.max(0, 11 - place) : 0);

/** Primary schools are ranked among primary schools; Secondary and p-12 schools among secondary. */
const levelOf = (category: string): 'primary' | 'secondary' => (category === 'Primary' ? 'primary' : 'secondary');

/** A typed placing earns by its place; a computed one says its points (a team's by its place, an
 *  individual's none: the school points are the teams'). */
type Placing = { place: number; name: string; school?: string; points?: number };

export async function skiSnowboardAwards(db: Reader, event: ReportEvent, filter: SchoolFilter): Promise<Awards> {
  const [races, schoolRows] = await Promise.all([
    db
      .select({ disciplineId: resultRaces.disciplineId, placings: resultRaces.placings })
      .from(resultRaces)
      .where(
        and(
          eq(resultRaces.eventId, event.id),
          inArray(resultRaces.disciplineId, [...SKI_DISCIPLINES, ...SNOWBOARD_DISCIPLINES]),
        ),
      ),
    db
      .select({ id: schools.id, name: schools.name, nickname: schools.nickname, category: schools.schoolCategory })
      .from(schools)
      .where(visibleSchool(filter)),
  ]);
  // A placing names its school by name (or nickname), compared as waiver names are; a name two
  // schools share names neither.
  const byKey = new Map<string, (typeof schoolRows)[number] | null>();
  const claim = (key: string, school: (typeof schoolRows)[number]) => {
    if (!key) return;
    const held = byKey.get(key);
    if (held === undefined) byKey.set(key, school);
    else if (held && held.id !== school.id) byKey.set(key, null);
  };
  for (const s of schoolRows) claim(nameKey(s.name), s);
  const nicknames = new Map<string, (typeof schoolRows)[number] | null>();
  for (const s of schoolRows) {
    const key = nameKey(s.nickname);
    if (!key || byKey.has(key)) continue;
    const held = nicknames.get(key);
    nicknames.set(key, held === undefined ? s : held && held.id !== s.id ? null : held);
  }
  const schoolOf = (text: string) => {
    const key = nameKey(text);
    return byKey.get(key) ?? nicknames.get(key) ?? null;
  };

  const points = {
    secondarySki: new Map<string, number>(),
    secondarySnowboard: new Map<string, number>(),
    primarySki: new Map<string, number>(),
    primarySnowboard: new Map<string, number>(),
  };
  const names = new Map(schoolRows.map((s) => [s.id, s.name]));
  for (const race of races) {
    const sport = SNOWBOARD_DISCIPLINES.includes(race.disciplineId) ? 'Snowboard' : 'Ski';
    for (const placing of (race.placings ?? []) as Placing[]) {
      const school = schoolOf(placing.school ?? placing.name ?? '');
      const earned = placing.points ?? pointsForPlace(placing.place);
      if (!school || !earned) continue;
      const list = points[`${levelOf(school.category)}${sport}`];
      list.set(school.id, (list.get(school.id) ?? 0) + earned);
    }
  }
  const ranked = (list: Map<string, number>): AwardRow[] => {
    const sorted = [...list]
      .map(([SchoolId, p]) => ({ SchoolId, schoolName: names.get(SchoolId)!, points: p }))
      .sort(
        (a, b) => b.points - a.points || compareText(a.schoolName, b.schoolName) || compareText(a.SchoolId, b.SchoolId),
      );
    // Equal points share a place (1, 1, 3).
    let place = 0;
    return sorted.map((r, i) => {
      if (i === 0 || sorted[i - 1]!.points !== r.points) place = i + 1;
      return { ...r, place };
    });
  };
  return {
    secondarySki: ranked(points.secondarySki),
    secondarySnowboard: ranked(points.secondarySnowboard),
    primarySki: ranked(points.primarySki),
    primarySnowboard: ranked(points.primarySnowboard),
  };
}
