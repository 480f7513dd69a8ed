// A school's season as a coordinator works through it (participants, teams, team managers,
// volunteers, waivers, invoice): each step's progress in words and whether it is done, so home can
// point at the first one left. Pure: the caller counts from the mirror and passes the facts in.
import { isoDateToDisplay } from './grid-date';
import { formatMoney } from './money';

export type SeasonStepKey = 'participants' | 'teams' | 'teamManagers' | 'volunteers' | 'waivers' | 'invoice';

interface InvoiceFacts {
  paid: boolean;
  /** Dollars still to pay on what has been invoiced (0 when nothing is). */
  outstanding: number;
  /** Whether the school can see its invoice yet (rules/invoice-availability). */
  available: boolean;
  /** The first day it can (ISO date), null when the event has set no date. */
  availableFrom: string | null;
}

export interface SeasonFacts {
  /** Active participants. */
  participants: number;
  /** Active participants entered in at least one race. */
  enteredParticipants: number;
  teams: number;
  teamManagers: number;
  volunteerPlacesFilled: number;
  /** What the school's race entries require (rules/required-volunteers). */
  volunteerPlacesRequired: number;
  /** People whose matched waiver is complete, of those who need one (rules/waiver-matching). */
  waiversComplete: number;
  waiversNeeded: number;
  invoice: InvoiceFacts;
}

export interface SeasonStep {
  key: SeasonStepKey;
  title: string;
  /** Where the school stands: '12 participants, 9 entered'. */
  progress: string;
  /** What to do while the step is not done: 'Enter your participants in races'. */
  action: string;
  done: boolean;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function participantsStep(f: SeasonFacts): SeasonStep {
  return {
    key: 'participants',
    title: 'Participants',
    progress: f.participants
      ? `${plural(f.participants, 'participant')}, ${f.enteredParticipants} entered`
      : 'No participants yet',
    action: f.participants ? 'Enter your participants in races' : 'Add your participants',
    done: f.enteredParticipants > 0,
  };
}

function volunteersStep(f: SeasonFacts): SeasonStep {
  const { volunteerPlacesFilled: filled, volunteerPlacesRequired: required } = f;
  const places = (n: number) => (n === 1 ? 'volunteer place' : 'volunteer places');
  // More filled than needed reads as such, never '8 of 7'.
  const progress = !required
    ? filled
      ? `${filled} ${places(filled)} filled`
      : 'No volunteer places needed yet'
    : filled > required
      ? `${filled} ${places(filled)} filled, ${required} needed`
      : `${filled} of ${required} ${places(required)} filled`;
  return {
    key: 'volunteers',
    title: 'Volunteers',
    progress,
    action: 'Fill your volunteer places',
    // Nothing needed is done only once the school has entered racers: before that the step is
    // still to come, as the waivers' is.
    done: required ? filled >= required : f.enteredParticipants > 0,
  };
}

function invoiceStep({ invoice }: SeasonFacts): SeasonStep {
  let progress: string;
  if (invoice.paid) progress = 'Invoice: paid';
  else if (!invoice.available) {
    progress = invoice.availableFrom
      ? `Invoice: available from ${isoDateToDisplay(invoice.availableFrom)}`
      : 'Invoice: not available yet';
  } else
    progress =
      invoice.outstanding > 0 ? `Invoice: not paid (${formatMoney(invoice.outstanding)} to pay)` : 'Invoice: not paid';
  return { key: 'invoice', title: 'Invoice', progress, action: 'Pay your invoice', done: invoice.paid };
}

/** The steps in the order a season is worked through. */
export function seasonSteps(facts: SeasonFacts): SeasonStep[] {
  return [
    participantsStep(facts),
    {
      key: 'teams',
      title: 'Teams',
      progress: facts.teams ? plural(facts.teams, 'team') : 'No teams yet',
      action: 'Make your teams',
      done: facts.teams > 0,
    },
    {
      key: 'teamManagers',
      title: 'Team managers',
      progress: facts.teamManagers ? plural(facts.teamManagers, 'team manager') : 'No team managers yet',
      action: 'Name your team managers',
      done: facts.teamManagers > 0,
    },
    volunteersStep(facts),
    {
      key: 'waivers',
      title: 'Waivers',
      progress: facts.waiversNeeded
        ? `${facts.waiversComplete} of ${plural(facts.waiversNeeded, 'waiver')} complete`
        : 'No waivers needed yet',
      action: 'Collect your waivers',
      // Nobody to sign one is not a finished step: there is nothing entered yet.
      done: facts.waiversNeeded > 0 && facts.waiversComplete >= facts.waiversNeeded,
    },
    invoiceStep(facts),
  ];
}

/** The first step not done, or null when the season's work is all done. */
export function nextSeasonStep(steps: readonly SeasonStep[]): SeasonStep | null {
  return steps.find((step) => !step.done) ?? null;
}
