// The add dialogs of the results and trophies pages (RES-04..07, TRO-03, TRO-05): the choices are
// the constants; a dialog closes with a row only when every required choice is made and the file
// link, when given, is a web address. Pure, so the rules are tested without a browser.
import {
  POINTSCORES,
  RESULT_DIVISIONS,
  RESULT_GENDERS,
  RESULT_SCHOOL_TYPES,
  RESULT_TYPES,
  TROPHY_GENDERS,
  TROPHY_TYPES,
  type Pointscore,
  type ResultGender,
  type ResultSchoolType,
  type ResultType,
  type TrophyGender,
  type TrophyType,
} from '../../domain/constants/choices';
import { MAX_CHOICE_LENGTH, MAX_PLACINGS, MAX_TITLE_LENGTH, MAX_URL_LENGTH } from '../../domain/constants/limits';
import { isSafeStoredUrl, STORED_URL_MESSAGE } from '../../domain/rules/stored-url';
import type { Placing } from '../../domain/schemas/entities/result';

export const REQUIRED = 'Choose one.';
/** The server's own refusal of such an address (rules/stored-url). */
export const BAD_URL = STORED_URL_MESSAGE;
const TOO_LONG = 'This is too long.';

export type Problems<K extends string> = Partial<Record<K, string>>;
export type Outcome<T, K extends string> = { ok: true; result: T } | { ok: false; problems: Problems<K> };

/** An uploaded file's address ('/api/files/<id>') made absolute, as results store full URLs. */
export function absoluteFileUrl(url: string, origin: string): string {
  return url.startsWith('/') ? new URL(url, origin).toString() : url;
}

/** '' (no file yet), an http(s) address or one of our files, as the server keeps them
 *  (rules/stored-url), once trimmed; anything else is a problem message. */
export function fileUrlProblem(url: string): string | undefined {
  const text = url.trim();
  if (text === '') return undefined;
  if (text.length > MAX_URL_LENGTH) return TOO_LONG;
  return isSafeStoredUrl(text) ? undefined : BAD_URL;
}

const pick = <T extends string | number>(choices: readonly T[], value: string): T | undefined =>
  choices.find((c) => String(c) === value);

export type RaceResultValues = {
  DisciplineId: string;
  division: string;
  gender: string;
  teamIndividual: string;
  fileUrl: string;
};
export type RaceResultChoice = {
  DisciplineId: number;
  division: number;
  gender: ResultGender;
  teamIndividual: ResultType;
  fileUrl: string;
};
export const EMPTY_RACE_RESULT: RaceResultValues = {
  DisciplineId: '',
  division: '',
  gender: '',
  teamIndividual: '',
  fileUrl: '',
};

export function raceResultOutcome(
  values: RaceResultValues,
  disciplineIds: readonly number[],
): Outcome<RaceResultChoice, keyof RaceResultValues> {
  const DisciplineId = pick(disciplineIds, values.DisciplineId);
  const division = pick(RESULT_DIVISIONS, values.division);
  const gender = pick(RESULT_GENDERS, values.gender);
  const teamIndividual = pick(RESULT_TYPES, values.teamIndividual);
  const problems: Problems<keyof RaceResultValues> = {
    ...(DisciplineId === undefined ? { DisciplineId: REQUIRED } : {}),
    ...(division === undefined ? { division: REQUIRED } : {}),
    ...(gender === undefined ? { gender: REQUIRED } : {}),
    ...(teamIndividual === undefined ? { teamIndividual: REQUIRED } : {}),
    ...(fileUrlProblem(values.fileUrl) ? { fileUrl: fileUrlProblem(values.fileUrl) } : {}),
  };
  if (
    Object.keys(problems).length ||
    DisciplineId === undefined ||
    division === undefined ||
    !gender ||
    !teamIndividual
  )
    return { ok: false, problems };
  return { ok: true, result: { DisciplineId, division, gender, teamIndividual, fileUrl: values.fileUrl.trim() } };
}

export type OverallResultValues = { pointscore: string; schoolType: string; gender: string; fileUrl: string };
export type OverallResultChoice = {
  pointscore: Pointscore;
  schoolType: ResultSchoolType;
  gender: ResultGender;
  fileUrl: string;
};
export const EMPTY_OVERALL_RESULT: OverallResultValues = { pointscore: '', schoolType: '', gender: '', fileUrl: '' };

export function overallResultOutcome(
  values: OverallResultValues,
): Outcome<OverallResultChoice, keyof OverallResultValues> {
  const pointscore = pick(POINTSCORES, values.pointscore);
  const schoolType = pick(RESULT_SCHOOL_TYPES, values.schoolType);
  const gender = pick(RESULT_GENDERS, values.gender);
  const problems: Problems<keyof OverallResultValues> = {
    ...(pointscore === undefined ? { pointscore: REQUIRED } : {}),
    ...(schoolType === undefined ? { schoolType: REQUIRED } : {}),
    ...(gender === undefined ? { gender: REQUIRED } : {}),
    ...(fileUrlProblem(values.fileUrl) ? { fileUrl: fileUrlProblem(values.fileUrl) } : {}),
  };
  if (Object.keys(problems).length || !pointscore || !schoolType || !gender) return { ok: false, problems };
  return { ok: true, result: { pointscore, schoolType, gender, fileUrl: values.fileUrl.trim() } };
}

export type TrophyValues = {
  name: string;
  disciplineId: string;
  division: string;
  gender: string;
  state: string;
  type: string;
};
export type TrophyChoice = {
  name: string;
  disciplineId: number | null;
  division: number | null;
  gender: TrophyGender;
  state: string;
  type: TrophyType;
};
export const EMPTY_TROPHY: TrophyValues = { name: '', disciplineId: '', division: '', gender: '', state: '', type: '' };

/** Discipline and division are optional (a trophy may be for a whole event); gender and type not. */
export function trophyOutcome(
  values: TrophyValues,
  disciplineIds: readonly number[],
): Outcome<TrophyChoice, keyof TrophyValues> {
  const disciplineId = values.disciplineId === '' ? null : pick(disciplineIds, values.disciplineId);
  const division = values.division === '' ? null : pick(RESULT_DIVISIONS, values.division);
  const gender = pick(TROPHY_GENDERS, values.gender);
  const type = pick(TROPHY_TYPES, values.type);
  const problems: Problems<keyof TrophyValues> = {
    ...(values.name.trim().length > MAX_TITLE_LENGTH ? { name: TOO_LONG } : {}),
    ...(disciplineId === undefined ? { disciplineId: REQUIRED } : {}),
    ...(division === undefined ? { division: REQUIRED } : {}),
    ...(gender === undefined ? { gender: REQUIRED } : {}),
    ...(values.state.trim().length > MAX_CHOICE_LENGTH ? { state: TOO_LONG } : {}),
    ...(type === undefined ? { type: REQUIRED } : {}),
  };
  if (Object.keys(problems).length || disciplineId === undefined || division === undefined || !gender || !type)
    return { ok: false, problems };
  return {
    ok: true,
    result: { name: values.name.trim(), disciplineId, division, gender, state: values.state.trim(), type },
  };
}

/** One placing line as typed in a result dialog. */
export type PlacingValues = { place: string; name: string; school: string; points: string };
export const PLACE_PROBLEM = 'Enter a place: a whole number from 1.';
export const NAME_PROBLEM = 'Enter the name of the skier, rider or school placed.';
export const POINTS_PROBLEM = 'Enter the points as a number, or leave them empty.';
export const TOO_MANY_PLACINGS = `At most ${MAX_PLACINGS} placings fit on one result.`;
export type PlacingProblems = Partial<Record<keyof PlacingValues, string>>;
export type PlacingsOutcome =
  { ok: true; placings: Placing[] | null } | { ok: false; problems: PlacingProblems[]; message?: string };

export const placingValuesOf = (p: Placing): PlacingValues => ({
  place: String(p.place),
  name: p.name,
  school: p.school ?? '',
  points: p.points === undefined ? '' : String(p.points),
});

/** The next line's place: one after the highest so far (ties are typed by hand). */
export const nextPlace = (lines: readonly PlacingValues[]) =>
  String(lines.reduce((max, l) => Math.max(max, Number.parseInt(l.place, 10) || 0), 0) + 1);

/** The placings of a result, in place order; an empty list is none (null), as the server keeps it. */
export function placingsOutcome(lines: readonly PlacingValues[]): PlacingsOutcome {
  if (lines.length > MAX_PLACINGS) return { ok: false, problems: [], message: TOO_MANY_PLACINGS };
  const problems = lines.map((line): PlacingProblems => {
    const place = line.place.trim();
    const points = line.points.trim();
    const name = line.name.trim();
    return {
      ...(/^\d+$/.test(place) && Number(place) >= 1 && Number(place) <= Number.MAX_SAFE_INTEGER
        ? {}
        : { place: PLACE_PROBLEM }),
      ...(name === '' ? { name: NAME_PROBLEM } : name.length > MAX_TITLE_LENGTH ? { name: TOO_LONG } : {}),
      ...(line.school.trim().length > MAX_TITLE_LENGTH ? { school: TOO_LONG } : {}),
      ...(points === '' || Number.isFinite(Number(points)) ? {} : { points: POINTS_PROBLEM }),
    };
  });
  if (problems.some((p) => Object.keys(p).length)) return { ok: false, problems };
  if (lines.length === 0) return { ok: true, placings: null };
  const placings = lines.map((line): Placing => {
    const school = line.school.trim();
    const points = line.points.trim();
    return {
      place: Number(line.place.trim()),
      name: line.name.trim(),
      ...(school ? { school } : {}),
      ...(points ? { points: Number(points) } : {}),
    };
  });
  return { ok: true, placings: placings.sort((a, b) => a.place - b.place) };
}

/** A stored row as its dialog's form values, for editing it. */
export const raceResultValuesOf = (r: RaceResultChoice): RaceResultValues => ({
  DisciplineId: String(r.DisciplineId),
  division: String(r.division),
  gender: r.gender,
  teamIndividual: r.teamIndividual,
  fileUrl: r.fileUrl,
});
export const overallResultValuesOf = (o: OverallResultChoice): OverallResultValues => ({
  pointscore: o.pointscore,
  schoolType: o.schoolType,
  gender: o.gender,
  fileUrl: o.fileUrl,
});
export const trophyValuesOf = (t: Omit<TrophyChoice, 'name'> & { name?: string }): TrophyValues => ({
  name: t.name ?? '',
  disciplineId: t.disciplineId === null ? '' : String(t.disciplineId),
  division: t.division === null ? '' : String(t.division),
  gender: t.gender,
  state: t.state,
  type: t.type,
});
