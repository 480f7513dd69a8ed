// A new event's year (rules/new-event-defaults): the season being prepared, never one that is over.
import { describe, expect, it } from 'vitest';
import { comingSeasonYear, newEventYear } from '../../src/domain/rules/new-event-defaults';

/** A local date, as the admin's device reads its clock. */
const on = (year: number, month: number, day = 15) => new Date(year, month - 1, day);

describe("a new event's year", () => {
  it("is this year's season until the end of September, then next year's", () => {
    expect(comingSeasonYear(on(2026, 1, 1))).toBe(2026);
    expect(comingSeasonYear(on(2026, 9, 30))).toBe(2026);
    expect(comingSeasonYear(on(2026, 10, 1))).toBe(2027);
    expect(comingSeasonYear(on(2026, 12, 31))).toBe(2027);
  });

  it('is next season once this season is over, though every event is of this one', () => {
    expect(newEventYear([2025, 2026, 2026], on(2026, 11))).toBe(2027);
  });

  it('is the newest season the events reach: the second event added for next season is for it too', () => {
    expect(newEventYear([2026, 2027], on(2026, 11))).toBe(2027);
    expect(newEventYear([2026, 2027], on(2026, 6))).toBe(2027);
  });

  it("is this season's while it is still to come and no event reaches past it", () => {
    expect(newEventYear([2025, 2026], on(2026, 3))).toBe(2026);
  });

  it('is never a season that is over, however old the events are', () => {
    expect(newEventYear([2019], on(2026, 3))).toBe(2026);
    expect(newEventYear([], on(2026, 10))).toBe(2027);
  });

  it('leaves out a year being typed', () => {
    expect(newEventYear([Number.NaN, 2026], on(2026, 11))).toBe(2027);
  });
});
