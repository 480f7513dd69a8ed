// The columns of the report tables, by row shape (src/domain/schemas/api/report-rows.ts). A page
// picks its set; columns that show a name for an id take the lookup.
import type { z } from 'zod';
import type * as rows from '../../domain/schemas/api/report-rows';
import type { NameOf } from './report-lookups';
import type { ReportColumn } from './report-table';

export type CoordinatorRow = z.output<typeof rows.coordinatorRowSchema>;
export type TeamManagerRow = z.output<typeof rows.teamManagerRowSchema>;
export type VolunteerRow = z.output<typeof rows.volunteerRowSchema>;
export type TicketRow = z.output<typeof rows.ticketRowSchema>;
export type RaceEntryRow = z.output<typeof rows.raceEntryRowSchema>;
export type SchoolRow = z.output<typeof rows.schoolRowSchema>;
export type SchoolTypeRow = z.output<typeof rows.schoolTypeRowSchema>;
export type ParticipantRow = z.output<typeof rows.participantRowSchema>;
export type CompareRow = z.output<typeof rows.entriesCompareRowSchema>;
export type WaiverRow = z.output<typeof rows.waiverRowSchema>;
export type SchoolCostRow = z.output<typeof rows.schoolCostRowSchema>;
export type StateEntriesRow = z.output<typeof rows.stateEntriesRowSchema>;
export type AwardRow = z.output<typeof rows.awardRowSchema>;
export type PerSchoolRow = z.output<typeof rows.entriesPerSchoolRowSchema>;
export type PastTotalsRow = z.output<typeof rows.pastTotalsRowSchema>;

const school = { key: 'schoolName', label: 'School' } as const;
const firstname = { key: 'firstname', label: 'Given name' } as const;
const lastname = { key: 'lastname', label: 'Surname' } as const;
const mobile = { key: 'mobile', label: 'Mobile' } as const;
const email = { key: 'email', label: 'Email' } as const;
const stateColumn = <R extends { StateId: number | null }>(stateName: NameOf): ReportColumn<R> => ({
  key: 'StateId',
  label: 'State',
  value: (r) => stateName(r.StateId),
});

export const perSchoolColumns = (stateName: NameOf): ReportColumn<PerSchoolRow>[] => [
  school,
  stateColumn(stateName),
  { key: 'count', label: 'Race entries', kind: 'number' },
];

export const schoolCostColumns: ReportColumn<SchoolCostRow>[] = [
  school,
  { key: 'entries', label: 'Race entries', kind: 'number' },
  { key: 'registrationFee', label: 'Registration fee', kind: 'money' },
  { key: 'entriesAmount', label: 'Entries amount', kind: 'money' },
  { key: 'total', label: 'Total', kind: 'money' },
  { key: 'gst', label: 'GST', kind: 'money' },
  { key: 'received', label: 'Received', kind: 'money' },
  { key: 'outstanding', label: 'Outstanding', kind: 'money' },
];

export const coordinatorColumns = (stateName: NameOf): ReportColumn<CoordinatorRow>[] => [
  school,
  stateColumn(stateName),
  firstname,
  lastname,
  { key: 'phone', label: 'Phone' },
  mobile,
  email,
];

export const teamManagerColumns: ReportColumn<TeamManagerRow>[] = [
  school,
  firstname,
  lastname,
  mobile,
  { key: 'seasonPass', label: 'Season pass' },
];

export const volunteerColumns = (disciplineName: NameOf): ReportColumn<VolunteerRow>[] => [
  school,
  firstname,
  lastname,
  mobile,
  email,
  { key: 'DisciplineId', label: 'Discipline', value: (r) => disciplineName(r.DisciplineId) },
  { key: 'division', label: 'Division', kind: 'number' },
  { key: 'gender', label: 'Gender' },
  { key: 'position', label: 'Position' },
];

export const ticketColumns: ReportColumn<TicketRow>[] = [
  school,
  { key: 'managerTicket1', label: 'Manager ticket 1', kind: 'number' },
  { key: 'managerTicket2', label: 'Manager ticket 2', kind: 'number' },
  { key: 'managerTicket3', label: 'Manager ticket 3', kind: 'number' },
  { key: 'managerTicket4', label: 'Manager ticket 4', kind: 'number' },
  { key: 'managerTicket5', label: 'Manager ticket 5', kind: 'number' },
  { key: 'xcManagerTicketAlpine1', label: 'XC manager ticket (alpine)', kind: 'number' },
  { key: 'xcManagerTicketXC1', label: 'XC manager ticket (cross country)', kind: 'number' },
  { key: 'noAvailableTeamManagerPasses', label: 'Team manager passes available', kind: 'number' },
];

export const raceEntryColumns: ReportColumn<RaceEntryRow>[] = [
  school,
  { key: 'disciplineName', label: 'Discipline' },
  { key: 'division', label: 'Division', kind: 'number' },
  { key: 'teamGender', label: 'Gender' },
  { key: 'teamRank', label: 'Team' },
  { key: 'position', label: 'Position', kind: 'number' },
  firstname,
  lastname,
  { key: 'snowId', label: 'Snow id' },
  { key: 'yearLevel', label: 'Year level' },
  { key: 'bib', label: 'Bib', kind: 'number' },
];

export const schoolColumns: ReportColumn<SchoolRow>[] = [
  school,
  { key: 'stateName', label: 'State' },
  { key: 'town', label: 'Town' },
  { key: 'region', label: 'Region' },
  { key: 'schoolType', label: 'Type' },
  { key: 'schoolCategory', label: 'Category' },
  { key: 'schoolGovOrPrivate', label: 'Government or private' },
  { key: 'bpay', label: 'BPAY' },
  { key: 'createdAt', label: 'Registered', kind: 'date' },
];

export const schoolTypeColumns: ReportColumn<SchoolTypeRow>[] = [
  { key: 'schoolType', label: 'Type' },
  { key: 'schoolCategory', label: 'Category' },
  { key: 'schoolGovOrPrivate', label: 'Government or private' },
  { key: 'count', label: 'Schools', kind: 'number' },
];

export const participantColumns: ReportColumn<ParticipantRow>[] = [
  school,
  firstname,
  lastname,
  { key: 'snowId', label: 'Snow id' },
  { key: 'yearLevel', label: 'Year level' },
  { key: 'gender', label: 'Gender' },
  { key: 'entryCount', label: 'Race entries', kind: 'number' },
];

export const compareColumns: ReportColumn<CompareRow>[] = [
  school,
  { key: 'previousEntries', label: 'Previous event', kind: 'number' },
  { key: 'currentEntries', label: 'This event', kind: 'number' },
  { key: 'change', label: 'Change', kind: 'number', value: (r) => r.currentEntries - r.previousEntries },
];

export const waiverColumns: ReportColumn<WaiverRow>[] = [
  school,
  { key: 'type', label: 'Type' },
  firstname,
  lastname,
  { key: 'completed', label: 'Completed' },
];

export const stateEntriesColumns: ReportColumn<StateEntriesRow>[] = [
  school,
  { key: 'stateName', label: 'State' },
  { key: 'count', label: 'Race entries', kind: 'number' },
];

export const awardColumns: ReportColumn<AwardRow>[] = [
  { key: 'place', label: 'Place', kind: 'number' },
  school,
  { key: 'points', label: 'Points', kind: 'number' },
];
