// Every report of the app, once (spec section 2 'Reports, all under /reports/'): its route name,
// title and group. The index page lists them from here and report-route.tsx routes them from here
// (its table of pages is keyed by these names, so a report cannot be listed and not routed).
export const REPORT_GROUPS = [
  { id: 'entries', label: 'Entries' },
  { id: 'people', label: 'Coordinators, team managers and volunteers' },
  { id: 'schools', label: 'Schools' },
  { id: 'money', label: 'Money' },
  { id: 'waivers', label: 'Waivers and snow ids' },
  { id: 'seasons', label: 'Seasons compared' },
  { id: 'awards', label: 'Awards' },
] as const;
type ReportGroup = (typeof REPORT_GROUPS)[number]['id'];

export type ReportInfo = {
  name: string;
  title: string;
  group: ReportGroup;
  /** Who the report counts, said under its title where the title alone could be read otherwise. */
  about?: string;
};

export const REPORTS = [
  { name: 'total-entries', title: 'Total race entries', group: 'entries' },
  { name: 'total-entries-per-school', title: 'Race entries per school', group: 'entries' },
  { name: 'race-entries', title: 'Race entries', group: 'entries' },
  {
    name: 'participants',
    title: 'Participants',
    group: 'entries',
    about: 'Participants entered in at least one race of this event, with their number of race entries.',
  },
  { name: 'new-state-entries', title: 'Entries by state', group: 'entries' },
  { name: 'moguls-slopestyle', title: 'Moguls and slopestyle', group: 'entries' },
  { name: 'home-summary', title: 'Event summary', group: 'entries' },
  { name: 'coordinator-details', title: 'Coordinator details', group: 'people' },
  { name: 'coordinator-details-state', title: 'Coordinators by state', group: 'people' },
  { name: 'team-manager-details', title: 'Team manager details', group: 'people' },
  { name: 'volunteers', title: 'Volunteers', group: 'people' },
  { name: 'ticket-list', title: 'Ticket list', group: 'people' },
  { name: 'schools', title: 'Schools', group: 'schools' },
  { name: 'new-schools', title: 'New schools', group: 'schools' },
  { name: 'schools-missing-bpay', title: 'Schools missing a BPAY reference', group: 'schools' },
  { name: 'school-types', title: 'School types', group: 'schools' },
  { name: 'school-costs', title: 'School costs', group: 'money' },
  {
    name: 'missing-waivers',
    title: 'Missing waivers',
    group: 'waivers',
    // The server lists racers, not every participant (server/modules/reports/waivers.ts), while a
    // school's Home counts the waivers of every participant: the page says which people it lists.
    about:
      'Participants entered in a race, and volunteers of the event, whose waiver is missing or not completed. Participants with no race entry are not listed.',
  },
  { name: 'current-waivers', title: 'Current waivers', group: 'waivers' },
  {
    name: 'missing-snow-ids',
    title: 'Participants missing a snow id',
    group: 'waivers',
    about: 'Participants entered in at least one race of this event who have no snow id yet.',
  },
  { name: 'school-past-total-entries', title: 'Race entries in past events', group: 'seasons' },
  { name: 'primary-entries-event-compare', title: 'Primary entries against the previous event', group: 'seasons' },
  { name: 'ski-snowboard-awards', title: 'Ski and snowboard awards', group: 'awards' },
] as const satisfies readonly ReportInfo[];

export type ReportName = (typeof REPORTS)[number]['name'];

export function isReportName(name: string | undefined): name is ReportName {
  return REPORTS.some((r) => r.name === name);
}

export function reportTitle(name: ReportName): string {
  return REPORTS.find((r) => r.name === name)!.title;
}

/** The line under a report's title saying who it counts, if it has one. */
export function reportAbout(name: ReportName): string | undefined {
  return (REPORTS as readonly ReportInfo[]).find((r) => r.name === name)?.about;
}

/** The route of a report, as the links and the route table write it. */
export const reportPath = (name: ReportName) => `/reports/${name}`;
