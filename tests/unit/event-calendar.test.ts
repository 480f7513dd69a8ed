// The event's calendar: the close as an instant entered and read in the first state's local time
// (through daylight saving), closed from the instant on, and the words a coordinator reads.
import { describe, expect, it } from 'vitest';
import { closedToSchools, msUntilClose, raceDaysInOrder } from '../../src/domain/rules/event-calendar';
import {
  closeMomentWords,
  entriesCloseNotice,
  eventTimeZone,
  instantToLocal,
  localToInstant,
} from '../../src/domain/rules/event-local-time';

const NSW = 3;
const VIC = 7;
const WA = 8;

describe('the local time of an event', () => {
  it("is its first state's, Sydney's when it names none", () => {
    expect(eventTimeZone({ states: [WA, NSW] })).toBe('Australia/Perth');
    expect(eventTimeZone({ states: [VIC] })).toBe('Australia/Melbourne');
    expect(eventTimeZone({ states: [] })).toBe('Australia/Sydney');
  });

  it('turns a local close into the instant, in winter and in summer time', () => {
    // AEST (+10) in July, AEDT (+11) in December; Perth keeps +8.
    expect(localToInstant('2027-07-30', '17:00', 'Australia/Sydney')).toBe('2027-07-30T07:00:00.000Z');
    expect(localToInstant('2026-12-18', '17:00', 'Australia/Sydney')).toBe('2026-12-18T06:00:00.000Z');
    expect(localToInstant('2027-07-30', '17:00', 'Australia/Perth')).toBe('2027-07-30T09:00:00.000Z');
    expect(instantToLocal('2027-07-30T07:00:00.000Z', 'Australia/Sydney')).toEqual({
      date: '2027-07-30',
      time: '17:00',
    });
    expect(instantToLocal('2027-07-30T07:00:00.000Z', 'Australia/Perth')).toEqual({
      date: '2027-07-30',
      time: '15:00',
    });
  });
});

describe('closing', () => {
  const close = '2027-07-30T07:00:00.000Z';
  it('is open before the close, closed from the instant on, and closed whenever locked', () => {
    const open = { locked: false, entriesCloseAt: close };
    expect(closedToSchools(open, new Date('2027-07-30T06:59:59.999Z'))).toBe(false);
    expect(closedToSchools(open, new Date(close))).toBe(true);
    expect(closedToSchools({ locked: false, entriesCloseAt: null }, new Date('2099-01-01'))).toBe(false);
    expect(closedToSchools({ locked: true, entriesCloseAt: null }, new Date('2000-01-01'))).toBe(true);
  });

  it('counts the time left, none once past or with no close', () => {
    expect(msUntilClose({ entriesCloseAt: close }, new Date('2027-07-30T06:00:00.000Z'))).toBe(3_600_000);
    expect(msUntilClose({ entriesCloseAt: close }, new Date(close))).toBeNull();
    expect(msUntilClose({ entriesCloseAt: null }, new Date())).toBeNull();
  });
});

describe('what a coordinator reads', () => {
  const event = { locked: false, entriesCloseAt: '2027-07-30T07:00:00.000Z', states: [NSW] };
  it('says when, in the local time, with the place named', () => {
    expect(closeMomentWords(event.entriesCloseAt, 'Australia/Sydney')).toBe(
      'Friday 30 July 2027 at 5:00 pm, Sydney time',
    );
    expect(entriesCloseNotice(event, new Date('2027-07-01T00:00:00Z'))).toEqual({
      tone: 'info',
      text: 'Entries close on Friday 30 July 2027 at 5:00 pm, Sydney time.',
    });
  });

  it('reminds in the last seven days, by calendar days in the local time', () => {
    expect(entriesCloseNotice(event, new Date('2027-07-23T01:00:00Z'))?.tone).toBe('reminder');
    expect(entriesCloseNotice(event, new Date('2027-07-23T01:00:00Z'))?.text).toMatch(/^Entries close in 7 days: /);
    // 9 am on the 29th in Sydney is still the 28th in UTC: tomorrow is by the local day.
    expect(entriesCloseNotice(event, new Date('2027-07-28T23:00:00Z'))?.text).toMatch(/^Entries close tomorrow: /);
    expect(entriesCloseNotice(event, new Date('2027-07-29T23:00:00Z'))?.text).toMatch(/^Entries close today: /);
    expect(entriesCloseNotice(event, new Date('2027-07-16T01:00:00Z'))?.tone).toBe('info');
  });

  it('says entries have closed once past, and nothing when the event sets no close', () => {
    expect(entriesCloseNotice(event, new Date('2027-07-30T07:00:00Z'))).toEqual({
      tone: 'closed',
      text: 'Entries closed on Friday 30 July 2027 at 5:00 pm, Sydney time. Ask the organisers if something must still change.',
    });
    expect(entriesCloseNotice({ ...event, entriesCloseAt: null }, new Date())).toBeNull();
  });
});

it('keeps race days in order, either may be left out', () => {
  expect(raceDaysInOrder({ firstRaceDay: '2027-08-18', lastRaceDay: '2027-08-20' })).toBe(true);
  expect(raceDaysInOrder({ firstRaceDay: '2027-08-18', lastRaceDay: '2027-08-18' })).toBe(true);
  expect(raceDaysInOrder({ firstRaceDay: '2027-08-20', lastRaceDay: '2027-08-18' })).toBe(false);
  expect(raceDaysInOrder({ firstRaceDay: null, lastRaceDay: '2027-08-18' })).toBe(true);
});
