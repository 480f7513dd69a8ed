// The grid's pure touch-screen logic: which choice typed text means, and where a dropdown's list
// goes in the window (the browser side is tests/e2e/touch-grid.test.ts).
import { describe, expect, it } from 'vitest';
import { bestChoiceIndex } from '../../src/components/data-grid/choice-match';
import { placeChoiceList } from '../../src/components/data-grid/list-placement';
import { gridHeight } from '../../src/components/data-grid';
import { TOUCH_ROW_HEIGHT_PX } from '../../src/components/data-grid/touch-sizes';

const DISCIPLINES = [
  'Alpine',
  'Moguls',
  'Skier Cross',
  'Snowboard Giant Slalom',
  'Snowboard Cross',
  'Cross Country Classic',
  'Alpine Relay',
];

describe('the choice typed text means', () => {
  it('takes the exact choice over one that starts with it', () => {
    expect(DISCIPLINES[bestChoiceIndex(DISCIPLINES, 'alpine')!]).toBe('Alpine');
    expect(bestChoiceIndex(['10', '1', '11'], '1')).toBe(1);
  });

  it('takes a choice that starts with the text over an earlier one that contains it', () => {
    expect(DISCIPLINES[bestChoiceIndex(DISCIPLINES, 'Cross')!]).toBe('Cross Country Classic');
    expect(['Female', 'Male'][bestChoiceIndex(['Female', 'Male'], 'Ma')!]).toBe('Male');
    expect(['Female', 'Male'][bestChoiceIndex(['Female', 'Male'], 'male')!]).toBe('Male');
  });

  it('then a word that starts with it, then any choice containing it', () => {
    expect(DISCIPLINES[bestChoiceIndex(DISCIPLINES, 'giant')!]).toBe('Snowboard Giant Slalom');
    expect(DISCIPLINES[bestChoiceIndex(DISCIPLINES, 'ogul')!]).toBe('Moguls');
  });

  it('means no choice for empty text or text no choice holds', () => {
    expect(bestChoiceIndex(DISCIPLINES, '  ')).toBeUndefined();
    expect(bestChoiceIndex(DISCIPLINES, 'Biathlon')).toBeUndefined();
  });
});

describe("a dropdown list's place in the window", () => {
  const tablet = { top: 0, left: 0, bottom: 1024, right: 768 };
  const cell = (top: number, left = 100) => ({ top, bottom: top + 53, left, right: left + 90 });

  it('goes below the cell when it fits there, whole', () => {
    expect(placeChoiceList(cell(300), { width: 90, height: 573 }, tablet)).toEqual({
      top: 353,
      left: 100,
      width: 90,
      height: 573,
      above: false,
    });
  });

  it('goes above the cell when only there it fits', () => {
    expect(placeChoiceList(cell(800), { width: 90, height: 573 }, tablet)).toEqual({
      top: 227,
      left: 100,
      width: 90,
      height: 573,
      above: true,
    });
  });

  it('slides into the window over the cell when neither side holds it, and scrolls only past the window', () => {
    const phone = { top: 0, left: 0, bottom: 844, right: 390 };
    expect(placeChoiceList(cell(350), { width: 90, height: 573 }, phone)).toMatchObject({
      top: 844 - 8 - 573,
      height: 573,
    });
    expect(placeChoiceList(cell(350), { width: 90, height: 2000 }, phone)).toMatchObject({ top: 8, height: 844 - 16 });
  });

  it('stays inside the window sideways, and inside the part an on-screen keyboard leaves', () => {
    expect(placeChoiceList(cell(100, 300), { width: 200, height: 100 }, { ...tablet, right: 390 }).left).toBe(
      390 - 8 - 200,
    );
    const aboveKeyboard = { top: 0, left: 0, bottom: 500, right: 768 };
    expect(placeChoiceList(cell(300), { width: 90, height: 200 }, aboveKeyboard)).toMatchObject({
      top: 100,
      above: true,
    });
  });
});

describe('gridHeight on a touch screen', () => {
  it('counts the taller rows', () => {
    expect(gridHeight(5, TOUCH_ROW_HEIGHT_PX)).toBe(33 + 5 * 53 + 2);
    expect(gridHeight(100, TOUCH_ROW_HEIGHT_PX)).toBe(650);
  });
});
