import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  displayDateToIso,
  isValidPhone,
  isoDateToDisplay,
  parseGridDate,
  phoneError,
  stripPhone,
  validateEmail,
  validateGridDate,
} from '../../src/domain';

describe('phone validation', () => {
  it('strips ext and brackets before counting digits', () => {
    expect(stripPhone('(02) 6456 1234 ext 5')).toBe('0264561234' + '5');
    expect(isValidPhone('(02) 9999 ext 123')).toBe(true);
  });

  it('strips spaces, plus, dash and dot', () => {
    expect(stripPhone('+61 2.9999-9999')).toBe('61299999999');
    expect(isValidPhone('+61 2 9999 9999')).toBe(true);
  });

  it('accepts exactly 7 digits and refuses 6', () => {
    expect(isValidPhone('123 4567')).toBe(true);
    expect(isValidPhone('123 456')).toBe(false);
  });

  it('refuses a number that is too short once stripped', () => {
    expect(isValidPhone('(02) 9-1.2')).toBe(false);
  });

  it('refuses letters other than ext', () => {
    expect(isValidPhone('call 1234567')).toBe(false);
  });

  it('refuses empty, null and undefined', () => {
    expect(isValidPhone('')).toBe(false);
    expect(isValidPhone(null)).toBe(false);
    expect(isValidPhone(undefined)).toBe(false);
  });

  it('answers the team manager and volunteer messages', () => {
    expect(phoneError('12 34', 'teamManager')).toBe('Please add team manager phone number');
    expect(phoneError('123', 'volunteer')).toBe('Please add volunteer phone number');
    expect(phoneError('0412 345 678', 'volunteer')).toBeNull();
  });
});

describe('grid date', () => {
  const thisYear = 2026;

  it('accepts a kindergarten child born this year', () => {
    expect(parseGridDate('05/03/2026', thisYear)).toEqual({ ok: true, iso: '2026-03-05', display: '05/03/2026' });
  });

  it('accepts 31/12/2020 and 05/03/2021 (the spec 2020 bound is stale)', () => {
    expect(validateGridDate('31/12/2020', thisYear)).toBeNull();
    expect(validateGridDate('05/03/2021', thisYear)).toBeNull();
  });

  it('rejects a year after the current year', () => {
    expect(validateGridDate('01/01/2027', thisYear)).toBe(MESSAGES.invalidDate);
  });

  it('rejects a year before 1900 and accepts 1900', () => {
    expect(validateGridDate('01/01/1899', thisYear)).toBe(MESSAGES.invalidDate);
    expect(validateGridDate('01/01/1900', thisYear)).toBeNull();
  });

  it('rejects 31/02/2010', () => {
    expect(validateGridDate('31/02/2010', thisYear)).toBe('Invalid date format, please use dd/mm/yyyy');
  });

  it('accepts 29/02 of a leap year only', () => {
    expect(validateGridDate('29/02/2012', thisYear)).toBeNull();
    expect(validateGridDate('29/02/2013', thisYear)).toBe(MESSAGES.invalidDate);
  });

  it('rejects day 32 and month 13', () => {
    expect(validateGridDate('32/01/2000', thisYear)).toBe(MESSAGES.invalidDate);
    expect(validateGridDate('01/13/2000', thisYear)).toBe(MESSAGES.invalidDate);
    expect(validateGridDate('00/01/2000', thisYear)).toBe(MESSAGES.invalidDate);
  });

  it('rejects ISO and other formats typed into the grid', () => {
    expect(validateGridDate('2000-01-01', thisYear)).toBe(MESSAGES.invalidDate);
    expect(validateGridDate('01-01-2000', thisYear)).toBe(MESSAGES.invalidDate);
    expect(validateGridDate('1/1/00', thisYear)).toBe(MESSAGES.invalidDate);
    expect(validateGridDate('31/02/x', thisYear)).toBe(MESSAGES.invalidDate);
  });

  it('accepts one-digit day and month and pads them for display', () => {
    expect(parseGridDate('5/3/2010', thisYear)).toEqual({ ok: true, iso: '2010-03-05', display: '05/03/2010' });
  });

  it('allows an empty cell', () => {
    expect(validateGridDate('', thisYear)).toBeNull();
    expect(validateGridDate(null, thisYear)).toBeNull();
  });

  it('converts display dd/mm/yyyy to ISO and back', () => {
    expect(displayDateToIso('05/03/2010', thisYear)).toBe('2010-03-05');
    expect(displayDateToIso('31/02/2010', thisYear)).toBeNull();
    expect(isoDateToDisplay('2010-03-05')).toBe('05/03/2010');
  });

  it('shows an ISO date-time by its date and a missing date as empty', () => {
    expect(isoDateToDisplay('2010-03-05T00:00:00.000Z')).toBe('05/03/2010');
    expect(isoDateToDisplay(null)).toBe('');
    expect(isoDateToDisplay('not a date')).toBe('');
  });
});

describe('grid email', () => {
  it('allows an empty email', () => {
    expect(validateEmail('')).toBeNull();
    expect(validateEmail('  ')).toBeNull();
    expect(validateEmail(null)).toBeNull();
  });

  it('accepts a standard address', () => {
    expect(validateEmail('coordinator@school.nsw.edu.au')).toBeNull();
  });

  it("rejects 'a@b' and 'ab.com' with 'Invalid email address.'", () => {
    expect(validateEmail('a@b')).toBe('Invalid email address.');
    expect(validateEmail('ab.com')).toBe('Invalid email address.');
  });
});
