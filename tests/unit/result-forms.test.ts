// The add dialogs of the results and trophies pages (RES-04..07, TRO-03, TRO-05): a row only when
// every required choice is one of the constants and the file address, if any, is a web address.
import { describe, expect, it } from 'vitest';
import {
  BAD_URL, EMPTY_OVERALL_RESULT, EMPTY_RACE_RESULT, EMPTY_TROPHY, REQUIRED, absoluteFileUrl, fileUrlProblem,
  overallResultOutcome, raceResultOutcome, trophyOutcome,
} from '../../src/features/results/result-forms';

describe('race result form', () => {
  it('asks for every choice', () => {
    expect(raceResultOutcome(EMPTY_RACE_RESULT, [1, 2])).toEqual({
      ok: false, problems: { DisciplineId: REQUIRED, division: REQUIRED, gender: REQUIRED, teamIndividual: REQUIRED },
    });
  });
  it('gives the row with numbers and the trimmed address', () => {
    const values = { DisciplineId: '2', division: '6', gender: 'Co-Ed', teamIndividual: 'Combined', fileUrl: ' https://x.test/r.pdf ' };
    expect(raceResultOutcome(values, [1, 2])).toEqual({
      ok: true, result: { DisciplineId: 2, division: 6, gender: 'Co-Ed', teamIndividual: 'Combined', fileUrl: 'https://x.test/r.pdf' },
    });
  });
  it('refuses values outside the choices and a bad address', () => {
    const values = { DisciplineId: '3', division: '7', gender: 'male', teamIndividual: 'Relay', fileUrl: 'javascript:alert(1)' };
    const outcome = raceResultOutcome(values, [1, 2]);
    expect(outcome).toEqual({
      ok: false, problems: { DisciplineId: REQUIRED, division: REQUIRED, gender: REQUIRED, teamIndividual: REQUIRED, fileUrl: BAD_URL },
    });
  });
});

describe('overall result form', () => {
  it('asks for every choice and accepts the spec\'s values', () => {
    expect(overallResultOutcome(EMPTY_OVERALL_RESULT).ok).toBe(false);
    expect(overallResultOutcome({ pointscore: 'Overall Pointscore', schoolType: 'Primary', gender: 'Female', fileUrl: '' })).toEqual({
      ok: true, result: { pointscore: 'Overall Pointscore', schoolType: 'Primary', gender: 'Female', fileUrl: '' },
    });
    expect(overallResultOutcome({ pointscore: 'Biathlon', schoolType: 'Primary', gender: 'Female', fileUrl: '' })).toMatchObject({
      ok: false, problems: { pointscore: REQUIRED },
    });
  });
});

describe('trophy form', () => {
  it('needs gender and type; discipline and division may be any', () => {
    expect(trophyOutcome(EMPTY_TROPHY, [1])).toEqual({ ok: false, problems: { gender: REQUIRED, type: REQUIRED } });
    expect(trophyOutcome({ ...EMPTY_TROPHY, name: ' Cup ', gender: 'male', type: 'team' }, [1])).toEqual({
      ok: true, result: { name: 'Cup', disciplineId: null, division: null, gender: 'male', state: '', type: 'team' },
    });
    expect(trophyOutcome({ ...EMPTY_TROPHY, disciplineId: '9', gender: 'Male', type: 'team' }, [1])).toEqual({
      ok: false, problems: { disciplineId: REQUIRED, gender: REQUIRED },
    });
  });
});

describe('file addresses', () => {
  it('makes an uploaded file\'s address absolute and checks typed ones', () => {
    expect(absoluteFileUrl('/api/files/abc', 'https://app.test')).toBe('https://app.test/api/files/abc');
    expect(absoluteFileUrl('https://x.test/a.pdf', 'https://app.test')).toBe('https://x.test/a.pdf');
    expect(fileUrlProblem('')).toBeUndefined();
    expect(fileUrlProblem('http://x.test')).toBeUndefined();
    expect(fileUrlProblem('ftp://x.test')).toBe(BAD_URL);
    expect(fileUrlProblem('not a url')).toBe(BAD_URL);
  });
});
