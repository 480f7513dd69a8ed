// Which race a race-day screen opens: what the address asks when the event offers it, else the
// screen's default (timing files: discipline 1, division 1, Male), else the first choice; Live heats
// offers only disciplines 2, 10 and 11; several divisions where the screen takes several.
import { describe, expect, it } from 'vitest';
import { fileDisciplines } from '../../src/domain/rules/file-system';
import type { RaceEventRow } from '../../src/domain/schemas/api/race-day-feed';
import { choiceParams, raceChoiceFrom, raceTitle } from '../../src/features/race-day/race-choice';
import { refusedBibs } from '../../src/features/race-day/bib-manual-writes';

const discipline = (DisciplineId: number, name: string, over: Partial<RaceEventRow['disciplines'][number]> = {}) => ({
  DisciplineId,
  name,
  divisionFrom: 1,
  divisionTo: 4,
  male: true,
  female: true,
  active: true,
  ...over,
});

const event = (id: string, year: number): RaceEventRow => ({
  id,
  name: `Event ${year}`,
  year,
  secondRunReverseCount: null,
  disciplines: [
    discipline(1, 'Alpine'),
    discipline(2, 'Moguls', { divisionFrom: 2, divisionTo: 3 }),
    discipline(4, 'Snowboard GS', { female: false }),
    discipline(10, 'Skier X', { active: false }),
    discipline(11, 'Boarder X'),
  ],
});

const A = event('00000000-0000-4000-8000-00000000000a', 2026);
const B = event('00000000-0000-4000-8000-00000000000b', 2025);
const params = (q: string) => new URLSearchParams(q);

describe('raceChoiceFrom', () => {
  it('takes the race the address names when the event offers it', () => {
    const choice = raceChoiceFrom(params(`event=${B.id}&discipline=2&division=3&gender=Female`), [A, B])!;
    expect([choice.event.id, choice.discipline.DisciplineId, choice.divisions, choice.gender]).toEqual([
      B.id,
      2,
      [3],
      'Female',
    ]);
    expect(raceTitle(choice)).toBe('Moguls, Division 3, Female');
    expect(choiceParams(choice)).toEqual({ event: B.id, discipline: '2', division: '3', gender: 'Female' });
  });

  it("falls back to the session's event, the screen's defaults, then the first choice", () => {
    const bySession = raceChoiceFrom(params(''), [A, B], { sessionEventId: B.id })!;
    expect(bySession.event.id).toBe(B.id);
    expect([bySession.discipline.DisciplineId, bySession.divisions, bySession.gender]).toEqual([1, [1], 'Male']);
    // Moguls runs divisions 2 and 3: a division 1 asked for is not offered.
    const moguls = raceChoiceFrom(params('discipline=2&division=1&gender=Other'), [A], {
      defaults: { division: 3, gender: 'Co-ed' },
    })!;
    expect([moguls.divisions, moguls.gender]).toEqual([[3], 'Co-ed']);
    // Snowboard GS races men only: neither Female nor Co-ed.
    const boys = raceChoiceFrom(params('discipline=4&gender=Female'), [A])!;
    expect(boys.gender).toBe('Male');
    // An inactive discipline is not offered.
    expect(raceChoiceFrom(params('discipline=10'), [A])!.discipline.DisciplineId).toBe(1);
  });

  it('offers Live heats only its disciplines, and several divisions where the screen takes them', () => {
    const live = raceChoiceFrom(params('discipline=1&division=3,2,9,3'), [A], {
      disciplines: (all) => fileDisciplines('Live heats', all),
      defaults: { DisciplineId: 1, division: 1, gender: 'Male' },
      multipleDivisions: true,
    })!;
    // Alpine (1) is not a Live heats discipline, Skier X (10) is not raced: Moguls comes first.
    expect(live.discipline.DisciplineId).toBe(2);
    expect(live.divisions).toEqual([2, 3]);
    expect(raceTitle(live)).toBe('Moguls, Divisions 2, 3, Male');
  });

  it('has nothing to choose without an event', () => {
    expect(raceChoiceFrom(params(''), [])).toBeNull();
  });
});

describe('refusedBibs', () => {
  it("puts the server's message on the row it names and a plain word on the rest of the refused save", () => {
    const refused = refusedBibs([
      {
        body: [
          { teamEntryId: 'e1', bib: 5 },
          { teamEntryId: 'e2', bib: 6 },
        ],
        error: 'Bib 6 is already assigned to Ann Lee (Snowy Range High School).',
        fields: [{ path: '1.bib', message: 'Bib 6 is already assigned to Ann Lee (Snowy Range High School).' }],
      },
    ]);
    expect(refused.rows.get('e2')).toEqual({
      bib: 6,
      message: 'Bib 6 is already assigned to Ann Lee (Snowy Range High School).',
    });
    expect(refused.rows.get('e1')?.bib).toBe(5);
    expect(refused.rows.get('e1')?.message).toMatch(/refused for another bib/);
  });

  it("gives every row the item's message when no field names one", () => {
    const refused = refusedBibs([
      { body: [{ teamEntryId: 'e1', bib: 5 }], error: 'This race entry does not exist.', fields: [] },
    ]);
    expect(refused.rows.get('e1')).toEqual({ bib: 5, message: 'This race entry does not exist.' });
  });
});
