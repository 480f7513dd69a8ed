import { describe, expect, it } from 'vitest';
import { normaliseRegion, normaliseSchoolRegion, regionAllowed, regionChoices } from '../../src/domain';

describe('region', () => {
  it('is selectable only for state 3', () => {
    expect(regionAllowed(3)).toBe(true);
    expect(regionAllowed(2)).toBe(false);
    expect(regionAllowed(null)).toBe(false);
  });

  it('offers Sydney, Northern NSW and Southern NSW for state 3 and nothing elsewhere', () => {
    expect(regionChoices(3)).toEqual(['Sydney', 'Northern NSW', 'Southern NSW']);
    expect(regionChoices(1)).toEqual([]);
  });

  it('is emptied before saving unless the state is 3', () => {
    expect(normaliseRegion(2, 'Sydney')).toBe('');
    expect(normaliseRegion(3, 'Sydney')).toBe('Sydney');
    expect(normaliseRegion(3, null)).toBe('');
    expect(normaliseSchoolRegion({ StateId: 1, region: 'Sydney', name: 'X' })).toEqual({
      StateId: 1,
      region: '',
      name: 'X',
    });
  });
});
