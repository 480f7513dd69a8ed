// The header shows each role only the screens it may use, in groups.
import { describe, expect, it } from 'vitest';
import { navigationFor } from '../../src/app/navigation';

const shown = (type: Parameters<typeof navigationFor>[0]) =>
  navigationFor(type).map((g) => `${g.label}: ${g.items.map((i) => i.label).join(', ')}`);

describe('the navigation by role', () => {
  it('gives a coordinator the entry screens and nothing of race day', () => {
    expect(shown('school')).toEqual(['Entries: School profile, Participants, Teams, Teams by discipline, Team managers, Ticketing, Volunteers, Waivers, Import spreadsheet', 'Money: Invoice', 'Reports: Results, Trophies']);
  });
  it('gives the race department the race-day screens, and the results and trophies', () => {
    expect(shown('racedept')).toEqual(['Race day: Start lists, Start marshall sheets, Bib list, Timing files', 'Reports: Results, Trophies']);
  });
  it('gives an admin every group', () => {
    expect(shown('admin')).toEqual(['Entries: School profile, Participants, Teams, Teams by discipline, Team managers, Ticketing, Volunteers, Waivers, Import spreadsheet', 'Race day: Start lists, Start marshall sheets, Bib list, Manual bibs, Bib generation, Timing files', 'Money: Invoice, Payments, Accounting sync', 'Administration: Events, Schools and BPAY, Users, Invites, Snowracer import, Snowracer export, Volunteer places, Start lists and results shown', 'Reports: Results, Trophies, Reports']);
  });
  it('drops groups a role has nothing in', () => {
    expect(shown('auditor')).toEqual(['Money: Payments', 'Administration: Schools and BPAY', 'Reports: Results, Trophies, Reports']);
  });
});
