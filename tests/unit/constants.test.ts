// The business constants of spec section 9 as the rules built on them behave: what a grid,
// form or request accepts and refuses at each edge, not the constants written out again.
import { describe, expect, it } from 'vitest';
import { gridHeight } from '../../src/components/data-grid/grid-logic';
import { isBirthDateInRange } from '../../src/domain/rules/birth-date';
import { isValidPhone } from '../../src/domain/rules/phone';
import { requiredVolunteers } from '../../src/domain/rules/required-volunteers';
import { teamLetterSchema, yearLevelSchema } from '../../src/domain/schemas/common';
import { eventLevelSchema, invoiceTypeSchema } from '../../src/domain/schemas/entities/event';

const accepts = (schema: { safeParse(v: unknown): { success: boolean } }, values: unknown[]) =>
  values.filter((v) => !schema.safeParse(v).success);

describe('business constants of spec section 9, through the rules that use them', () => {
  it('takes team letters A to M and refuses N and lower case', () => {
    expect(accepts(teamLetterSchema, [...'ABCDEFGHIJKLM'])).toEqual([]);
    for (const letter of ['N', 'Z', 'a', '']) expect(teamLetterSchema.safeParse(letter).success, letter).toBe(false);
  });

  it('takes year levels K and 1 to 12, nothing below or above', () => {
    expect(accepts(yearLevelSchema, ['K', ...Array.from({ length: 12 }, (_, i) => String(i + 1))])).toEqual([]);
    for (const level of ['0', '13', 'k', 'Prep', 7])
      expect(yearLevelSchema.safeParse(level).success, String(level)).toBe(false);
  });

  it('takes the event levels and the two invoice types only', () => {
    expect(accepts(eventLevelSchema, ['Regional', 'State', 'National'])).toEqual([]);
    expect(eventLevelSchema.safeParse('Club').success).toBe(false);
    expect(accepts(invoiceTypeSchema, ['VIC', 'NSW'])).toEqual([]);
    expect(invoiceTypeSchema.safeParse('QLD').success).toBe(false);
  });

  it('takes a phone of seven digits once separators are stripped, not six', () => {
    expect(isValidPhone('(03) 123-45')).toBe(true);
    expect(isValidPhone('(03) 123-4')).toBe(false);
  });

  it('takes dates of birth from 1900 on', () => {
    const now = new Date('2025-06-01T00:00:00Z');
    expect(isBirthDateInRange('1900-01-01', now)).toBe(true);
    expect(isBirthDateInRange('1899-12-31', now)).toBe(false);
  });

  it('asks one volunteer per eight entries by default, rounded up', () => {
    expect([0, 1, 8, 9, 16, 17].map((n) => requiredVolunteers(n))).toEqual([0, 1, 1, 2, 2, 3]);
  });

  it('sizes a grid at 31 px a row between 120 and 650 px', () => {
    expect(gridHeight(0)).toBe(120);
    expect(gridHeight(10) - gridHeight(9)).toBe(31);
    expect(gridHeight(1000)).toBe(650);
  });
});
