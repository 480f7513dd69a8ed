import { describe, expect, it } from 'vitest';
import { invoiceFirstDay } from '../../src/domain/rules/invoice-availability';
import { nextSeasonStep, seasonSteps, type SeasonFacts } from '../../src/domain/rules/season-steps';

const NEW_SCHOOL: SeasonFacts = {
  participants: 0,
  enteredParticipants: 0,
  teams: 0,
  teamManagers: 0,
  volunteerPlacesFilled: 0,
  volunteerPlacesRequired: 0,
  waiversComplete: 0,
  waiversNeeded: 0,
  invoice: { paid: false, outstanding: 0, available: false, availableFrom: '2026-07-01' },
};

const READY: SeasonFacts = {
  participants: 12,
  enteredParticipants: 9,
  teams: 3,
  teamManagers: 2,
  volunteerPlacesFilled: 4,
  volunteerPlacesRequired: 4,
  waiversComplete: 14,
  waiversNeeded: 14,
  invoice: { paid: true, outstanding: 0, available: true, availableFrom: '2026-06-01' },
};

const facts = (patch: Partial<SeasonFacts>): SeasonFacts => ({ ...READY, ...patch });
const stepOf = (f: SeasonFacts, key: string) => seasonSteps(f).find((s) => s.key === key)!;

describe('season steps', () => {
  it('lists the steps in the order a season is worked through', () => {
    expect(seasonSteps(READY).map((s) => s.key)).toEqual([
      'participants',
      'teams',
      'teamManagers',
      'volunteers',
      'waivers',
      'invoice',
    ]);
  });

  it('tells a new school it has nothing yet and sends it to add participants first', () => {
    const steps = seasonSteps(NEW_SCHOOL);
    expect(steps.map((s) => s.progress)).toEqual([
      'No participants yet',
      'No teams yet',
      'No team managers yet',
      'No volunteer places needed yet',
      'No waivers needed yet',
      'Invoice: available from 01/07/2026',
    ]);
    expect(nextSeasonStep(steps)).toMatchObject({ key: 'participants', action: 'Add your participants' });
  });

  it('counts participants as done once one is entered in a race', () => {
    expect(stepOf(facts({ enteredParticipants: 0 }), 'participants')).toMatchObject({
      done: false,
      progress: '12 participants, 0 entered',
      action: 'Enter your participants in races',
    });
    expect(stepOf(facts({ participants: 1, enteredParticipants: 1 }), 'participants')).toMatchObject({
      done: true,
      progress: '1 participant, 1 entered',
    });
  });

  it('counts teams and team managers as done once there is one', () => {
    expect(stepOf(facts({ teams: 0 }), 'teams')).toMatchObject({ done: false, progress: 'No teams yet' });
    expect(stepOf(facts({ teams: 1 }), 'teams')).toMatchObject({ done: true, progress: '1 team' });
    expect(stepOf(facts({ teamManagers: 0 }), 'teamManagers')).toMatchObject({
      done: false,
      progress: 'No team managers yet',
    });
    expect(stepOf(facts({ teamManagers: 3 }), 'teamManagers')).toMatchObject({
      done: true,
      progress: '3 team managers',
    });
  });

  it('counts volunteers as done when every required place is filled, or none is required', () => {
    expect(stepOf(facts({ volunteerPlacesFilled: 2, volunteerPlacesRequired: 4 }), 'volunteers')).toMatchObject({
      done: false,
      progress: '2 of 4 volunteer places filled',
    });
    expect(stepOf(facts({ volunteerPlacesFilled: 5, volunteerPlacesRequired: 4 }), 'volunteers')).toMatchObject({
      done: true,
    });
    expect(stepOf(facts({ volunteerPlacesFilled: 0, volunteerPlacesRequired: 0 }), 'volunteers')).toMatchObject({
      done: true,
      progress: 'No volunteer places needed yet',
    });
    expect(stepOf(facts({ volunteerPlacesFilled: 1, volunteerPlacesRequired: 0 }), 'volunteers')).toMatchObject({
      done: true,
      progress: '1 volunteer place filled',
    });
    // More than needed reads so, never '5 of 4'.
    expect(stepOf(facts({ volunteerPlacesFilled: 5, volunteerPlacesRequired: 4 }), 'volunteers').progress).toBe(
      '5 volunteer places filled, 4 needed',
    );
    // A school that has entered nobody has nothing done yet: none needed is no step done (as its
    // waivers say 'To do').
    expect(
      stepOf(facts({ enteredParticipants: 0, volunteerPlacesFilled: 0, volunteerPlacesRequired: 0 }), 'volunteers'),
    ).toMatchObject({ done: false, progress: 'No volunteer places needed yet' });
  });

  it('counts waivers as done when everyone who needs one has completed it', () => {
    expect(stepOf(facts({ waiversComplete: 5, waiversNeeded: 12 }), 'waivers')).toMatchObject({
      done: false,
      progress: '5 of 12 waivers complete',
    });
    expect(stepOf(facts({ waiversComplete: 12, waiversNeeded: 12 }), 'waivers')).toMatchObject({ done: true });
    expect(stepOf(facts({ waiversComplete: 0, waiversNeeded: 0 }), 'waivers')).toMatchObject({
      done: false,
      progress: 'No waivers needed yet',
    });
  });

  it('counts the invoice as done when paid, and says when an unpaid one can be seen', () => {
    const invoice = (patch: Partial<SeasonFacts['invoice']>) =>
      stepOf(facts({ invoice: { ...READY.invoice, ...patch } }), 'invoice');
    expect(invoice({})).toMatchObject({ done: true, progress: 'Invoice: paid' });
    expect(invoice({ paid: false, outstanding: 420 })).toMatchObject({
      done: false,
      progress: 'Invoice: not paid ($420.00 to pay)',
      action: 'Pay your invoice',
    });
    expect(invoice({ paid: false, outstanding: 0 })).toMatchObject({ done: false, progress: 'Invoice: not paid' });
    expect(invoice({ paid: false, available: false, availableFrom: '2026-09-01' })).toMatchObject({
      progress: 'Invoice: available from 01/09/2026',
    });
    expect(invoice({ paid: false, available: false, availableFrom: null })).toMatchObject({
      progress: 'Invoice: not available yet',
    });
  });

  it('points at the first step not done, even when later ones are done', () => {
    expect(nextSeasonStep(seasonSteps(facts({ teamManagers: 0, volunteerPlacesFilled: 1 })))?.key).toBe('teamManagers');
    expect(nextSeasonStep(seasonSteps(facts({ invoice: { ...READY.invoice, paid: false } })))?.key).toBe('invoice');
  });

  it('has no next step once everything is done', () => {
    expect(seasonSteps(READY).every((s) => s.done)).toBe(true);
    expect(nextSeasonStep(seasonSteps(READY))).toBeNull();
  });
});

describe("the invoice's first day", () => {
  it("is the day before the event's date, as invoiceAvailable opens it", () => {
    expect(invoiceFirstDay('2026-07-01')).toBe('2026-06-30');
    expect(invoiceFirstDay('2026-03-01')).toBe('2026-02-28');
  });

  it('is unknown when the event has no date or an unreadable one', () => {
    expect(invoiceFirstDay(null)).toBeNull();
    expect(invoiceFirstDay('')).toBeNull();
    expect(invoiceFirstDay('not a date')).toBeNull();
  });
});
