import { describe, expect, it } from 'vitest';
import { YEAR_LEVELS } from '../../src/domain/constants/choices';
import { isYear12Leaver, nextYearLevel, planCarryOver } from '../../src/domain/rules/new-season';
import { uuid } from './factories';

describe('first-season carry-over', () => {
  it('moves every year level up one: K -> 1 ... 11 -> 12; Year 12s leave', () => {
    expect(YEAR_LEVELS.map(nextYearLevel)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      null,
    ]);
  });

  it('leaves a blank year level blank (nobody can tell what it becomes)', () => {
    expect(nextYearLevel('')).toBe('');
  });

  it('counts only active Year 12s as leavers', () => {
    expect(isYear12Leaver({ id: uuid(1), yearLevel: '12', archived: 0 })).toBe(true);
    expect(isYear12Leaver({ id: uuid(2), yearLevel: '12', archived: 1 })).toBe(false);
    expect(isYear12Leaver({ id: uuid(3), yearLevel: '11', archived: 0 })).toBe(false);
  });

  it('carries the rest over and archives the removed and the leavers', () => {
    const rows = [
      { id: uuid(1), yearLevel: 'K', archived: 0 },
      { id: uuid(2), yearLevel: '11', archived: 0 },
      { id: uuid(3), yearLevel: '12', archived: 0 },
      { id: uuid(4), yearLevel: '7', archived: 0 },
      { id: uuid(5), yearLevel: '9', archived: 1 },
      { id: uuid(6), yearLevel: '', archived: 0 },
    ];
    expect(planCarryOver(rows, new Set([uuid(4)]))).toEqual({
      carried: [
        { id: uuid(1), yearLevel: '1' },
        { id: uuid(2), yearLevel: '12' },
      ],
      archive: [uuid(3), uuid(4)],
    });
  });
});
