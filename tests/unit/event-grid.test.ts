// The events grid's rules: a new event's defaults (spec section 9), the problems an organiser is
// told before saving, and the calls a save makes (the /rev flags never sent for an existing event).
import { describe, expect, it } from 'vitest';
import { eventProblems, eventSave, newEventRow } from '../../src/domain/rules/event-grid';
import type { Event } from '../../src/domain/schemas';

const ID = '0190a6c4-0000-7000-8000-000000000001';
const fresh = () => ({ ...newEventRow(ID, 2027, [1, 2, 9, 10, 11]), name: 'Winter Cup', states: [3] });

describe('the events grid', () => {
  it('starts a new event with registration fee 0 and every discipline on with its default divisions', () => {
    const event = newEventRow(ID, 2027, [1, 2, 9, 10, 11]);
    expect(event.registrationFee).toBe(0);
    expect(event.disciplines.map((d) => [d.DisciplineId, d.divisionFrom, d.divisionTo])).toEqual([
      [1, 1, 6],
      [2, 1, 5],
      [9, 3, 3],
      [10, 1, 2],
      [11, 1, 2],
    ]);
    expect(event.disciplines.every((d) => d.male && d.female && d.active)).toBe(true);
  });

  it('names what is wrong: a missing name, no state, a negative fee, divisions the wrong way round, due before available', () => {
    const names = new Map([[2, 'Moguls']]);
    const ok = fresh();
    expect(eventProblems(ok, names)).toEqual([]);
    const bad: Event = {
      ...ok,
      name: ' ',
      states: [],
      teamEntryFee: -5,
      invoiceAvailable: '2027-06-10',
      invoiceDue: '2027-06-01',
      disciplines: ok.disciplines.map((d) => (d.DisciplineId === 2 ? { ...d, divisionFrom: 4, divisionTo: 2 } : d)),
    };
    const problems = eventProblems(bad, names);
    expect(problems).toEqual(
      expect.arrayContaining([
        'Name: Required',
        expect.stringMatching(/^Race fee: /),
        expect.stringMatching(/^Moguls divisions: /),
        'States: choose the states whose schools may enter',
        'Invoice due: must not be before the invoice is available',
      ]),
    );
  });

  it('posts new events whole and puts changed ones without the /rev flags; unchanged ones are not sent', () => {
    const created = fresh();
    const stored = { ...fresh(), id: '0190a6c4-0000-7000-8000-000000000002', name: 'Stored', version: 4 };
    const untouched = { ...fresh(), id: '0190a6c4-0000-7000-8000-000000000003', name: 'Untouched', version: 1 };
    const loaded = new Map([
      [stored.id, stored],
      [untouched.id, untouched],
    ]);
    const plan = eventSave([created, { ...stored, locked: true }, untouched], loaded, new Set([created.id]));
    expect(plan.created.map((e) => e.id)).toEqual([created.id]);
    expect(plan.created[0]).toHaveProperty('showForStartlists', false);
    expect(plan.updated).toHaveLength(1);
    expect(plan.updated[0]).toMatchObject({ id: stored.id, locked: true, version: 4 });
    expect(plan.updated[0]).not.toHaveProperty('showForStartlists');
    expect(plan.updated[0]).not.toHaveProperty('showForResults');
  });
});
