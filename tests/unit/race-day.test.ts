import { describe, expect, it } from 'vitest';
import {
  bibConflicts,
  fileDisciplines,
  fileSystemFromPath,
  joinImageUrls,
  pageRows,
  planBibNumbers,
  runOrder,
  splitImageUrls,
} from '../../src/domain';
import { uuid } from './factories';

describe('files system from the path', () => {
  it("derives NSW from a path containing 'nsw', VIC from 'vic'", () => {
    expect(fileSystemFromPath('/files/nsw-system')).toBe('NSW');
    expect(fileSystemFromPath('/files/vic-system')).toBe('VIC');
  });

  it('falls back to Live heats', () => {
    expect(fileSystemFromPath('/files/live-heats')).toBe('Live heats');
    expect(fileSystemFromPath('')).toBe('Live heats');
  });

  it('offers only disciplines 2, 10 and 11 for Live heats', () => {
    const all = Array.from({ length: 11 }, (_, i) => ({ DisciplineId: i + 1 }));
    expect(fileDisciplines('Live heats', all).map((d) => d.DisciplineId)).toEqual([2, 10, 11]);
    expect(fileDisciplines('NSW', all)).toHaveLength(11);
  });
});

describe('start marshall run order', () => {
  it('keeps start-list order for the First run and reverses it for the Second', () => {
    expect(runOrder([1, 2, 3], 'First')).toEqual([1, 2, 3]);
    expect(runOrder([1, 2, 3], 'Second')).toEqual([3, 2, 1]);
  });

  it('pages rows by 50', () => {
    const pages = pageRows(
      Array.from({ length: 120 }, (_, i) => i),
      50,
    );
    expect(pages.map((p) => p.length)).toEqual([50, 50, 20]);
  });
});

describe('bib numbering', () => {
  const candidate = (n: number, bib: number | null = null, bibManual = false) => ({
    teamEntryId: uuid(n),
    bib,
    bibManual,
  });

  it('numbers entries consecutively from the start number in start-list order', () => {
    const plan = planBibNumbers([candidate(1), candidate(2), candidate(3)], 101);
    expect(plan.assignments.map((a) => a.bib)).toEqual([101, 102, 103]);
    expect(plan.nextNumber).toBe(104);
  });

  it('never overwrites a manual bib, and reports it', () => {
    const plan = planBibNumbers([candidate(1), candidate(2, 102, true), candidate(3)], 101);
    expect(plan.assignments).toEqual([
      { teamEntryId: uuid(1), bib: 101 },
      { teamEntryId: uuid(3), bib: 103 },
    ]);
    expect(plan.keptManual).toEqual([{ teamEntryId: uuid(2), bib: 102 }]);
  });

  it('skips bibs held elsewhere in the event and discipline', () => {
    expect(planBibNumbers([candidate(1), candidate(2)], 1, [2, 3]).assignments.map((a) => a.bib)).toEqual([1, 4]);
  });

  it('refuses a manual bib another entry holds, naming that entry', () => {
    const conflicts = bibConflicts([{ teamEntryId: uuid(1), bib: 7 }], [{ teamEntryId: uuid(2), bib: 7 }]);
    expect(conflicts).toEqual([{ bib: 7, teamEntryId: uuid(1), holderTeamEntryId: uuid(2) }]);
  });

  it('refuses the same bib twice in one request', () => {
    const conflicts = bibConflicts(
      [
        { teamEntryId: uuid(1), bib: 7 },
        { teamEntryId: uuid(2), bib: 7 },
      ],
      [],
    );
    expect(conflicts).toEqual([{ bib: 7, teamEntryId: uuid(2), holderTeamEntryId: uuid(1) }]);
  });

  it('lets bibs swap between two entries in one request', () => {
    const existing = [
      { teamEntryId: uuid(1), bib: 1 },
      { teamEntryId: uuid(2), bib: 2 },
    ];
    const swap = [
      { teamEntryId: uuid(1), bib: 2 },
      { teamEntryId: uuid(2), bib: 1 },
    ];
    expect(bibConflicts(swap, existing)).toEqual([]);
  });

  it('lets an entry keep its own bib', () => {
    expect(bibConflicts([{ teamEntryId: uuid(1), bib: 5 }], [{ teamEntryId: uuid(1), bib: 5 }])).toEqual([]);
  });
});

describe('trophy images', () => {
  it('splits imageURL on the pipe character, dropping blanks', () => {
    expect(splitImageUrls('a.png|b.png')).toEqual(['a.png', 'b.png']);
    expect(splitImageUrls(' a.png || ')).toEqual(['a.png']);
    expect(splitImageUrls(null)).toEqual([]);
  });

  it('joins image urls with a pipe', () => {
    expect(joinImageUrls(['a.png', ' ', 'b.png'])).toBe('a.png|b.png');
  });
});
