// The header shows each role only the screens it may use, in groups; the routes and the navigation
// come from the screens each feature declares.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { navigationFor } from '../../src/app/navigation';
import { appRoutes } from '../../src/app/routes';
import { SCREENS, SCREEN_SOURCES } from '../../src/app/screens';
import { USER_TYPES } from '../../src/domain/constants/choices';

const shown = (type: Parameters<typeof navigationFor>[0]) =>
  navigationFor(type).map((g) => `${g.label}: ${g.items.map((i) => i.label).join(', ')}`);

describe('the navigation by role', () => {
  it('gives a coordinator the entry screens and nothing of race day', () => {
    expect(shown('school')).toEqual([
      'Entries: School profile, Participants, Teams, Teams by discipline, Team managers, Ticketing, Volunteers, Waivers, Import spreadsheet',
      'Money: Invoice',
      'Reports: Results, Trophies',
    ]);
  });
  it('gives the race department the race-day screens, and the results and trophies', () => {
    expect(shown('racedept')).toEqual([
      'Race day: The day at a glance, Start lists, Start marshall sheets, Bib list, Timing files, Race results, Pointscores',
      'Reports: Results, Trophies',
    ]);
  });
  it('gives an admin every group', () => {
    expect(shown('admin')).toEqual([
      'Entries: School profile, Participants, Teams, Teams by discipline, Team managers, Ticketing, Volunteers, Waivers, Import spreadsheet',
      'Race day: The day at a glance, Running order, Start lists, Start marshall sheets, Bib list, Manual bibs, Bib generation, Timing files, Race results, Pointscores, Results rules',
      'Money: Invoice, Payments, Accounting sync',
      'Administration: Events, Schools and BPAY, Users, Invites, Athlete registry import, Athlete registry export, Volunteer places, Start lists and results shown',
      'Reports: Results, Trophies, Reports',
    ]);
  });
  it('drops groups a role has nothing in', () => {
    expect(shown('auditor')).toEqual([
      'Money: Payments',
      'Administration: Schools and BPAY',
      'Reports: Results, Trophies, Reports',
    ]);
  });
});

describe('the screens the features declare', () => {
  const folders = readdirSync('src/features').filter((name) =>
    readdirSync(path.join('src/features', name)).some((file) => file.endsWith('-page.tsx')),
  );

  it('come from every feature folder that has a page', () => {
    const declaring = SCREEN_SOURCES.map((source) => source.split('/').at(-2));
    expect(folders.filter((folder) => !declaring.includes(folder))).toEqual([]);
    expect(folders.length).toBeGreaterThan(15);
  });

  it('give every route once', () => {
    const paths = SCREENS.flatMap((screen) => [screen.path, ...(screen.aliases ?? [])]);
    expect(paths.length).toBeGreaterThan(40);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('load every signed-in page lazily, so the first load stays the sign-in screen', () => {
    const eager = SCREENS.filter(
      (screen) => (screen.page as { $$typeof?: symbol }).$$typeof !== Symbol.for('react.lazy'),
    );
    expect(eager.map((screen) => screen.path).sort()).toEqual(['login', 'reset']);
  });

  it('derive a route for every link of the navigation', () => {
    const routes = appRoutes()[0]!.children!.flatMap((child) => child.children ?? [child]);
    const paths = routes.map((route) => (route.index ? '/' : `/${route.path}`));
    for (const type of USER_TYPES) {
      for (const item of navigationFor(type).flatMap((group) => group.items)) expect(paths).toContain(item.to);
    }
  });
});
