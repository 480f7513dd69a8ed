// Times, judged scores and statuses as timing systems write them: read into whole hundredths (so
// sums never drift), refused in words a race official can act on, and printed back.
import { describe, expect, it } from 'vitest';
import { RESULT_STATUSES } from '../../src/domain/constants/results';
import {
  RESULT_VALUE_MESSAGES,
  formatResult,
  formatScore,
  formatTime,
  parseScore,
  parseStatus,
  parseTime,
} from '../../src/domain/rules/result-times';

describe('reading a time', () => {
  it('reads h:mm:ss.hh, m:ss.hh and plain seconds into hundredths', () => {
    expect(parseTime('1:02:03.45')).toEqual({ ok: true, value: 372_345 });
    expect(parseTime('1:23.45')).toEqual({ ok: true, value: 8_345 });
    expect(parseTime('83.45')).toEqual({ ok: true, value: 8_345 });
    expect(parseTime('83')).toEqual({ ok: true, value: 8_300 });
    expect(parseTime('1:23')).toEqual({ ok: true, value: 8_300 });
    expect(parseTime('0:59.99')).toEqual({ ok: true, value: 5_999 });
  });

  it('reads tenths as tens of hundredths, and ignores spaces around the time', () => {
    expect(parseTime('83.4')).toEqual({ ok: true, value: 8_340 });
    expect(parseTime('  1:23.05 ')).toEqual({ ok: true, value: 8_305 });
  });

  it('refuses text that is not a time, saying how to write one', () => {
    expect(parseTime('1:2x.00')).toEqual({
      ok: false,
      message: "'1:2x.00' is not a time. Write it as 1:23.45, or in seconds.",
    });
    for (const typed of ['', 'abc', '-5', '1:60.00', '1:5.00', '1:23:45:67', '1,23.45']) {
      expect(parseTime(typed)).toEqual({ ok: false, message: RESULT_VALUE_MESSAGES.notATime(typed) });
    }
  });

  it('refuses more than hundredths rather than rounding a time', () => {
    expect(parseTime('1:23.456')).toEqual({
      ok: false,
      message: "'1:23.456' has more than hundredths of a second. Write it to hundredths, as 1:23.45.",
    });
  });

  it('refuses a zero time, which systems write for a racer without one', () => {
    expect(parseTime('0:00.00')).toEqual({
      ok: false,
      message: "'0:00.00' is not a time. Leave it blank, or write DNS, DNF or DSQ.",
    });
    expect(parseTime('0')).toEqual({ ok: false, message: RESULT_VALUE_MESSAGES.zeroTime('0') });
  });
});

describe('printing a time', () => {
  it('prints m:ss.hh under an hour and h:mm:ss.hh from an hour on', () => {
    expect(formatTime(8_345)).toBe('1:23.45');
    expect(formatTime(4_505)).toBe('0:45.05');
    expect(formatTime(359_999)).toBe('59:59.99');
    expect(formatTime(360_000)).toBe('1:00:00.00');
    expect(formatTime(372_345)).toBe('1:02:03.45');
  });

  it('prints back what it read', () => {
    for (const typed of ['1:23.45', '0:07.10', '12:00.01', '2:05:09.99']) {
      const read = parseTime(typed);
      expect(read.ok && formatTime(read.value)).toBe(typed);
    }
  });
});

describe('judged scores', () => {
  it('reads a score from 0 to 100 with at most 2 decimals', () => {
    expect(parseScore('72')).toEqual({ ok: true, value: 72 });
    expect(parseScore('72.5')).toEqual({ ok: true, value: 72.5 });
    expect(parseScore(' 72.25 ')).toEqual({ ok: true, value: 72.25 });
    expect(parseScore('0')).toEqual({ ok: true, value: 0 });
    expect(parseScore('100')).toEqual({ ok: true, value: 100 });
  });

  it('refuses a score out of range, too precise, or not a number', () => {
    expect(parseScore('100.01')).toEqual({ ok: false, message: "'100.01' is more than 100, the highest score." });
    expect(parseScore('72.255')).toEqual({
      ok: false,
      message: "'72.255' has more than 2 decimals. Write it to hundredths, as 72.25.",
    });
    expect(parseScore('good')).toEqual({
      ok: false,
      message: "'good' is not a score. Write a number from 0 to 100, as 72.5.",
    });
    expect(parseScore('-1')).toEqual({ ok: false, message: RESULT_VALUE_MESSAGES.notAScore('-1') });
  });

  it('prints a score with its 2 decimals', () => {
    expect(formatScore(72.5)).toBe('72.50');
    expect(formatScore(145.6)).toBe('145.60');
  });
});

describe('statuses', () => {
  it('reads DNS, DNF and DSQ in any case, and DQ as DSQ', () => {
    expect(RESULT_STATUSES.map((status) => parseStatus(status.toLowerCase()))).toEqual(['DNS', 'DNF', 'DSQ']);
    expect(parseStatus('dnf')).toBe('DNF');
    expect(parseStatus(' Dns ')).toBe('DNS');
    expect(parseStatus('DSQ')).toBe('DSQ');
    expect(parseStatus('dq')).toBe('DSQ');
  });

  it('reads nothing else as a status', () => {
    expect(parseStatus('')).toBeNull();
    expect(parseStatus('OK')).toBeNull();
    expect(parseStatus('DNFF')).toBeNull();
  });
});

describe('a result as printed', () => {
  it('prints a time discipline as a time and a judged one as a score', () => {
    expect(formatResult(8_345, { kind: 'time' })).toBe('1:23.45');
    expect(formatResult(80.1, { kind: 'score' })).toBe('80.10');
  });
});
