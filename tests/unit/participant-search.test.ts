// Finding a participant in the grid (rules/participants participantMatches): every word typed is
// found in the given name, surname or snow id, whatever the case.
import { describe, expect, it } from 'vitest';
import { participantMatches } from '../../src/domain/rules/participants';

const jack = { firstname: 'Jack', lastname: 'Brown', snowId: '5501' };

describe('finding a participant', () => {
  it('finds by any part of the names, in any case and order of words', () => {
    expect(participantMatches(jack, 'jack')).toBe(true);
    expect(participantMatches(jack, 'BR')).toBe(true);
    expect(participantMatches(jack, 'brown jack')).toBe(true);
    expect(participantMatches(jack, '  jack   br ')).toBe(true);
  });

  it('finds by snow id', () => {
    expect(participantMatches(jack, '550')).toBe(true);
    expect(participantMatches({ ...jack, snowId: null }, '550')).toBe(false);
  });

  it('needs every word to be found', () => {
    expect(participantMatches(jack, 'jack chan')).toBe(false);
    expect(participantMatches(jack, 'mia')).toBe(false);
  });

  it('finds everyone when nothing is typed', () => {
    expect(participantMatches(jack, '')).toBe(true);
    expect(participantMatches({}, '  ')).toBe(true);
  });
});
