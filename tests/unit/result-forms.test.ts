// The add dialogs of the results and trophies pages (RES-04..07, TRO-03, TRO-05): a row only when
// every required choice is one of the constants and the file address, if any, is a web address.
import { describe, expect, it } from 'vitest';
import { MAX_PLACINGS } from '../../src/domain/constants/limits';
import { pastedPlacings, placingLine } from '../../src/features/results/placings-editor';
import {
  BAD_URL,
  EMPTY_OVERALL_RESULT,
  EMPTY_RACE_RESULT,
  EMPTY_TROPHY,
  NAME_PROBLEM,
  PLACE_PROBLEM,
  POINTS_PROBLEM,
  REQUIRED,
  TOO_MANY_PLACINGS,
  absoluteFileUrl,
  fileUrlProblem,
  nextPlace,
  overallResultOutcome,
  overallResultValuesOf,
  placingValuesOf,
  placingsOutcome,
  raceResultOutcome,
  raceResultValuesOf,
  trophyOutcome,
  trophyValuesOf,
} from '../../src/features/results/result-forms';

describe('race result form', () => {
  it('asks for every choice', () => {
    expect(raceResultOutcome(EMPTY_RACE_RESULT, [1, 2])).toEqual({
      ok: false,
      problems: { DisciplineId: REQUIRED, division: REQUIRED, gender: REQUIRED, teamIndividual: REQUIRED },
    });
  });
  it('gives the row with numbers and the trimmed address', () => {
    const values = {
      DisciplineId: '2',
      division: '6',
      gender: 'Co-Ed',
      teamIndividual: 'Combined',
      fileUrl: ' https://x.test/r.pdf ',
    };
    expect(raceResultOutcome(values, [1, 2])).toEqual({
      ok: true,
      result: {
        DisciplineId: 2,
        division: 6,
        gender: 'Co-Ed',
        teamIndividual: 'Combined',
        fileUrl: 'https://x.test/r.pdf',
      },
    });
  });
  it('refuses values outside the choices and a bad address', () => {
    const values = {
      DisciplineId: '3',
      division: '7',
      gender: 'male',
      teamIndividual: 'Relay',
      fileUrl: 'javascript:alert(1)',
    };
    const outcome = raceResultOutcome(values, [1, 2]);
    expect(outcome).toEqual({
      ok: false,
      problems: {
        DisciplineId: REQUIRED,
        division: REQUIRED,
        gender: REQUIRED,
        teamIndividual: REQUIRED,
        fileUrl: BAD_URL,
      },
    });
  });
});

describe('overall result form', () => {
  it("asks for every choice and accepts the spec's values", () => {
    expect(overallResultOutcome(EMPTY_OVERALL_RESULT).ok).toBe(false);
    expect(
      overallResultOutcome({ pointscore: 'Overall Pointscore', schoolType: 'Primary', gender: 'Female', fileUrl: '' }),
    ).toEqual({
      ok: true,
      result: { pointscore: 'Overall Pointscore', schoolType: 'Primary', gender: 'Female', fileUrl: '' },
    });
    expect(
      overallResultOutcome({ pointscore: 'Biathlon', schoolType: 'Primary', gender: 'Female', fileUrl: '' }),
    ).toMatchObject({
      ok: false,
      problems: { pointscore: REQUIRED },
    });
  });
});

describe('trophy form', () => {
  it('needs gender and type; discipline and division may be any', () => {
    expect(trophyOutcome(EMPTY_TROPHY, [1])).toEqual({ ok: false, problems: { gender: REQUIRED, type: REQUIRED } });
    expect(trophyOutcome({ ...EMPTY_TROPHY, name: ' Cup ', gender: 'male', type: 'team' }, [1])).toEqual({
      ok: true,
      result: { name: 'Cup', disciplineId: null, division: null, gender: 'male', state: '', type: 'team' },
    });
    expect(trophyOutcome({ ...EMPTY_TROPHY, disciplineId: '9', gender: 'Male', type: 'team' }, [1])).toEqual({
      ok: false,
      problems: { disciplineId: REQUIRED, gender: REQUIRED },
    });
  });
});

describe('file addresses', () => {
  it("makes an uploaded file's address absolute and checks typed ones", () => {
    expect(absoluteFileUrl('/api/files/abc', 'https://app.test')).toBe('https://app.test/api/files/abc');
    expect(absoluteFileUrl('https://x.test/a.pdf', 'https://app.test')).toBe('https://x.test/a.pdf');
    expect(fileUrlProblem('')).toBeUndefined();
    expect(fileUrlProblem('http://x.test')).toBeUndefined();
    expect(fileUrlProblem('ftp://x.test')).toBe(BAD_URL);
    expect(fileUrlProblem('not a url')).toBe(BAD_URL);
  });
});

describe('placings form', () => {
  const line = (place: string, name: string, school = '', points = '') => ({ place, name, school, points });

  it('keeps no placings as none', () => {
    expect(placingsOutcome([])).toEqual({ ok: true, placings: null });
  });
  it('gives the placings in place order, with school and points only when typed', () => {
    expect(
      placingsOutcome([
        line('2', ' Grace Hopper ', 'Alpine Shire', '8.5'),
        line('1', 'Ada Lovelace', '', '10'),
        line('2', 'Tie Second'),
      ]),
    ).toEqual({
      ok: true,
      placings: [
        { place: 1, name: 'Ada Lovelace', points: 10 },
        { place: 2, name: 'Grace Hopper', school: 'Alpine Shire', points: 8.5 },
        { place: 2, name: 'Tie Second' },
      ],
    });
  });
  it('names each bad field on its line', () => {
    expect(placingsOutcome([line('0', ''), line('1.5', 'X', '', 'ten'), line('3', 'Y')])).toEqual({
      ok: false,
      problems: [{ place: PLACE_PROBLEM, name: NAME_PROBLEM }, { place: PLACE_PROBLEM, points: POINTS_PROBLEM }, {}],
    });
  });
  it('refuses more placings than a result holds', () => {
    const many = Array.from({ length: MAX_PLACINGS + 1 }, (_, i) => line(String(i + 1), `Racer ${i + 1}`));
    expect(placingsOutcome(many)).toEqual({ ok: false, problems: [], message: TOO_MANY_PLACINGS });
  });
  it('offers the place after the highest as the next line', () => {
    expect(nextPlace([])).toBe('1');
    expect(nextPlace([line('3', 'A'), line('', 'B'), line('1', 'C')])).toBe('4');
  });
  it('reads lines pasted from a spreadsheet, tab- or comma-separated, skipping a header', () => {
    expect(
      pastedPlacings('Place\tName\tSchool\tPoints\n1\tAda Lovelace\tAlpine Shire\t10\n2\tGrace Hopper\t\t8\n\n'),
    ).toEqual([line('1', 'Ada Lovelace', 'Alpine Shire', '10'), line('2', 'Grace Hopper', '', '8')]);
    expect(pastedPlacings('1,"Lovelace, Ada",Alpine Shire')).toEqual([line('1', 'Lovelace, Ada', 'Alpine Shire', '')]);
  });
  it('says a placing as one line', () => {
    expect(placingLine({ place: 1, name: 'Ada Lovelace', school: 'Alpine Shire', points: 10 })).toBe(
      '1. Ada Lovelace, Alpine Shire, 10 points',
    );
    expect(placingLine({ place: 2, name: 'Grace Hopper' })).toBe('2. Grace Hopper');
    // Computed from the timing system's results: the bib and the result; an individual's 0 points unsaid.
    expect(
      placingLine({ place: 1, name: 'Sam Lee', school: 'Alpine Shire', bib: 101, result: '1:58.00', points: 0 }),
    ).toBe('1. Sam Lee (bib 101), Alpine Shire, 1:58.00');
    expect(
      placingLine({ place: 1, name: 'Alpine Shire A', school: 'Alpine Shire', result: '6:06.00', points: 10 }),
    ).toBe('1. Alpine Shire A, Alpine Shire, 6:06.00, 10 points');
  });
});

describe('editing a stored row', () => {
  it('fills the dialog with the row, and the same row comes back out', () => {
    const race = {
      DisciplineId: 2,
      division: 3,
      gender: 'Female' as const,
      teamIndividual: 'Team' as const,
      fileUrl: 'https://x.test/r.pdf',
    };
    expect(raceResultOutcome(raceResultValuesOf(race), [2])).toEqual({ ok: true, result: race });
    const overall = {
      pointscore: 'Skiing' as const,
      schoolType: 'Primary' as const,
      gender: 'Co-Ed' as const,
      fileUrl: '',
    };
    expect(overallResultOutcome(overallResultValuesOf(overall))).toEqual({ ok: true, result: overall });
    const trophy = {
      name: 'Cup',
      disciplineId: null,
      division: 4,
      gender: 'male' as const,
      state: 'VIC',
      type: 'team' as const,
    };
    expect(trophyOutcome(trophyValuesOf(trophy), [1])).toEqual({ ok: true, result: trophy });
    expect(placingsOutcome([{ place: 1, name: 'A', points: 0 }].map(placingValuesOf))).toEqual({
      ok: true,
      placings: [{ place: 1, name: 'A', points: 0 }],
    });
  });
});
