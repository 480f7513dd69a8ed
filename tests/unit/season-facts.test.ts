// Home's invoice step reads the invoice as the feed reports it: out from its date, and still out
// once issued when the date is moved later (as the invoice screen shows it).
import { describe, expect, it } from 'vitest';
import type { HomeMetrics } from '../../src/domain/rules/home-metrics';
import { seasonFacts } from '../../src/features/home/season-facts';
import type { SchoolEventRows } from '../../src/features/home/school-event-rows';

const NOW = new Date(2026, 10, 25, 9);
const metrics = {
  participantCount: 0,
  enteredParticipantsCount: 0,
  teamsCount: 0,
  teamManagerCount: 0,
  noPositionsAssignedToVolunteer: 0,
} as HomeMetrics;

function rows(invoiceAvailable: string, invoice: SchoolEventRows['invoice']): SchoolEventRows {
  return {
    participants: [],
    teamManagers: [],
    teams: [],
    entries: [],
    volunteers: [],
    slots: [],
    waivers: [],
    event: { id: 'e', invoiceAvailable, volunteerRatio: 8, invoiceType: 'NSW' } as SchoolEventRows['event'],
    invoice,
  };
}

describe('the invoice step', () => {
  it('is out from the day before its date, not before', () => {
    expect(seasonFacts(rows('2026-11-26', undefined), metrics, NOW).invoice).toMatchObject({
      available: true,
      availableFrom: '2026-11-25',
    });
    expect(seasonFacts(rows('2026-12-01', undefined), metrics, NOW).invoice).toMatchObject({
      available: false,
      availableFrom: '2026-11-30',
    });
  });

  it('stays out once issued, whatever the date says later', () => {
    const issued = {
      SchoolId: 's',
      EventId: 'e',
      number: 'INV-000042',
      total: 80,
      received: 0,
      outstanding: 80,
      paid: false,
    } as SchoolEventRows['invoice'];
    expect(seasonFacts(rows('2026-12-01', issued), metrics, NOW).invoice).toMatchObject({
      available: true,
      outstanding: 80,
      paid: false,
    });
  });
});
