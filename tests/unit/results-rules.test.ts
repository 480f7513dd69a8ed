// An event's results rules: its own where it set them, the defaults elsewhere; the points table
// typed as a list; the results rules screen's form read back into what the event stores, with each
// field's problem; and a school's invitations as its home lists them.
import { describe, expect, it } from 'vitest';
import { DEFAULT_DISCIPLINE_MEASURES, DEFAULT_QUALIFIER_SETTINGS } from '../../src/domain/constants/results';
import { readPointsList, resultColumnsOf, resultsRulesOf } from '../../src/domain/rules/results-rules';
import { schoolInvitations } from '../../src/domain/rules/school-invitations';
import type { Qualifier } from '../../src/domain/schemas';
import { draftOf, storedOf } from '../../src/features/race-day/results-rules-draft';

describe('resultsRulesOf', () => {
  it('takes the event’s own parts and the defaults for the rest', () => {
    const judgedAlpine = { kind: 'score', runs: 2, individual: 'best', team: 'results', counted: 2 } as const;
    const rules = resultsRulesOf({
      measures: { '1': judgedAlpine },
      protestMinutes: 45,
      columns: { VIC: { bib: 'No' } },
    });
    expect(rules.measures[1]).toEqual(judgedAlpine);
    expect(rules.measures[4]).toEqual(DEFAULT_DISCIPLINE_MEASURES[4]);
    expect(rules.protestMinutes).toBe(45);
    expect(rules.qualifiers).toEqual(DEFAULT_QUALIFIER_SETTINGS);
    expect(rules.pointscore.pointsByPlace).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(resultColumnsOf(rules, 'VIC')).toEqual({ bib: 'No' });
    expect(resultColumnsOf(rules, 'NSW')).toEqual({});
    expect(resultColumnsOf(rules, undefined)).toEqual({});
    expect(resultsRulesOf(null).protestMinutes).toBe(30);
  });
});

describe('readPointsList', () => {
  it.each([
    ['10, 9, 8', [10, 9, 8]],
    ['25 20 15 10', [25, 20, 15, 10]],
    ['5;5;1', [5, 5, 1]],
  ])('reads %s', (typed, points) => {
    expect(readPointsList(typed)).toEqual({ ok: true, points });
  });
  it('refuses words, fractions and points that rise', () => {
    expect(readPointsList('ten, nine')).toMatchObject({ ok: false });
    expect(readPointsList('2.5')).toMatchObject({ ok: false });
    expect(readPointsList('')).toMatchObject({ ok: false });
    expect(readPointsList('5, 10')).toEqual({
      ok: false,
      message: 'Points cannot rise with a lower place: write the 1st place’s points first.',
    });
  });
});

describe('the results rules form', () => {
  const fresh = () => draftOf(resultsRulesOf(null), [1, 2]);

  it('shows the defaults and stores them back as they are', () => {
    const draft = fresh();
    expect(draft.points).toBe('10, 9, 8, 7, 6, 5, 4, 3, 2, 1');
    expect(Object.keys(draft.measures)).toEqual(['1', '2']);
    const read = storedOf(draft);
    expect(read.ok).toBe(true);
    if (read.ok) {
      expect(read.rules.pointsByPlace).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
      expect(read.rules.columns).toEqual({});
      expect(resultsRulesOf(read.rules).measures[2]).toEqual(DEFAULT_DISCIPLINE_MEASURES[2]);
    }
  });

  it('keeps only the headings typed, and names each field that cannot be saved', () => {
    const draft = fresh();
    draft.columns.VIC = { bib: '  Dossard ', run1: '' };
    const read = storedOf(draft);
    expect(read.ok && read.rules.columns).toEqual({ VIC: { bib: 'Dossard' } });

    const bad = fresh();
    bad.points = '5, 10';
    bad.protestMinutes = 'soon';
    bad.qualifiers.individualsSmallRace = '20';
    bad.measures[1] = { ...bad.measures[1]!, counted: Number.NaN };
    const refused = storedOf(bad);
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.problems).toEqual({
        points: 'Points cannot rise with a lower place: write the 1st place’s points first.',
        protestMinutes: 'Write a whole number, 0 or more.',
        'qualifiers.individualsSmallRace': 'A small race cannot send more individuals than a full one.',
        'measures.1.counted': 'Write a whole number, 0 or more.',
      });
  });
});

describe('schoolInvitations', () => {
  const qualifier = (over: Partial<Qualifier>): Qualifier => ({
    id: crypto.randomUUID(),
    EventId: 'regional',
    ToEventId: 'state',
    SchoolId: 's1',
    DisciplineId: 1,
    division: 1,
    gender: 'Male',
    kind: 'racer',
    place: 1,
    teamName: 'Jindabyne A',
    racers: ['Jack Brown'],
    confirmedBy: 'admin@example.org',
    confirmedAt: '2026-08-01T05:00:00.000Z',
    ...over,
  });
  const names = {
    event: (id: string) => ({ state: 'State Championships' })[id],
    discipline: (id: number) => ({ 1: 'Alpine' })[id],
  };

  it('lists teams before individuals, by race and place, under the event they are invited to', () => {
    const rows = [
      qualifier({ place: 11 }),
      qualifier({ place: 2, racers: ['Amy Li'], division: 2, gender: 'Female' }),
      qualifier({ kind: 'team', place: 3, racers: ['Jack Brown', 'Sam Ng', 'Tom Ray'] }),
      qualifier({ EventId: 'other', ToEventId: 'elsewhere' }),
    ];
    expect(schoolInvitations(rows, 'regional', names)).toEqual([
      {
        toEventId: 'state',
        toEventName: 'State Championships',
        lines: [
          'Jindabyne A, 3rd in Alpine Division 1 Male: Jack Brown, Sam Ng, Tom Ray',
          'Jack Brown, 11th in Alpine Division 1 Male',
          'Amy Li, 2nd in Alpine Division 2 Female',
        ],
      },
    ]);
    // With the next event chosen the same invitations show.
    expect(schoolInvitations(rows, 'state', names)[0]!.lines).toHaveLength(3);
  });
});
