// The client's IndexedDB database ('interschools'), through Dexie. It keeps, on this device:
// a mirror of every entity the user may see (pages read only from here, so they render the same
// with or without network), the outbox of writes waiting for the server, and `meta` (client id,
// next sequence number, pull cursors, session user, last sync per scope). src/db/README.md
// 'Versions'.
//
// Schema versions are APPEND-ONLY: never edit or remove a published version(n) block; add
// version(n + 1) with the full changed store definitions and an .upgrade() function. Every upgrade
// must migrate the outbox items already queued too (they are the user's unsent work), not only the
// mirror. Another tab that still holds an older version closes and reloads on `versionchange`.
import { Dexie, type Table, type Transaction } from 'dexie';
import type {
  Discipline,
  Event,
  EventDiscipline,
  Invite,
  Qualifier,
  Participant,
  ResultOverall,
  ResultRace,
  School,
  State,
  Team,
  TeamEntry,
  TeamManager,
  Ticketing,
  Trophy,
  Volunteer,
  VolunteerSlot,
  VolunteerSpot,
  Waiver,
} from '../domain/schemas/entities';
import { legacyIntent } from './legacy-intent';
import type { WriteIntent } from './write-intent';
import type { InvoiceStatus } from '../domain/schemas/api/feed-rows';
import type {
  RaceEntryRow,
  RaceEventRow,
  RaceMarkRow,
  RaceReadinessRow,
  RaceResultRow,
} from '../domain/schemas/api/race-day-feed';
import type { RaceParticipant, RaceSchool, RaceTeam, StartDraw } from '../domain/rules/race-day-rows';

const DATABASE_NAME = 'interschools';

/** Mirror metadata kept on every mirrored row. `_pending` marks a row changed locally whose
 *  outbox item has not been answered yet (pulled rows must not overwrite it blindly). */
interface MirrorRow {
  version?: number;
  updatedAt?: string;
  _pending?: boolean;
}

type Mirror<T> = T & MirrorRow;

export type ParticipantRow = Mirror<Participant>;
export type TeamManagerRow = Mirror<TeamManager>;
export type TeamRow = Mirror<Team>;
export type TeamEntryRow = Mirror<TeamEntry>;
export type VolunteerRow = Mirror<Volunteer>;
export type VolunteerSlotRow = Mirror<VolunteerSlot>;
export type VolunteerSpotRow = Mirror<VolunteerSpot & { EventId: string }>;
export type EventRow = Mirror<Event>;
export type EventDisciplineRow = Mirror<EventDiscipline & { EventId: string }>;
export type DisciplineRow = Mirror<Discipline>;
export type StateRow = Mirror<State>;
export type SchoolRow = Mirror<School>;
export type TicketingRow = Mirror<Ticketing & { SchoolId: string; EventId: string }>;
export type WaiverRow = Mirror<Waiver>;
export type ResultRaceRow = Mirror<ResultRace>;
export type ResultOverallRow = Mirror<ResultOverall>;
export type TrophyRow = Mirror<Trophy>;
export type InviteRow = Mirror<Invite>;
export type QualifierRow = Mirror<Qualifier>;
/** The school's invoice status for an event (the feed's row; the full invoice view is fetched). */
export type InvoiceRow = Mirror<InvoiceStatus>;
export type RaceEventMirrorRow = Mirror<RaceEventRow>;
export type RaceTeamMirrorRow = Mirror<RaceTeam>;
export type RaceEntryMirrorRow = Mirror<RaceEntryRow>;
export type RaceParticipantMirrorRow = Mirror<RaceParticipant>;
export type RaceSchoolMirrorRow = Mirror<RaceSchool>;
export type StartDrawMirrorRow = Mirror<StartDraw & { id: string }>;
export type RaceMarkMirrorRow = Mirror<RaceMarkRow>;
export type RaceReadinessMirrorRow = Mirror<RaceReadinessRow>;
export type RaceResultMirrorRow = Mirror<RaceResultRow>;

/** The main feed's mirror tables (the session's school and event). */
const MAIN_MIRROR_TABLES = [
  'participants',
  'teamManagers',
  'teams',
  'teamEntries',
  'volunteers',
  'volunteerSlots',
  'volunteerSpots',
  'events',
  'eventDisciplines',
  'disciplines',
  'states',
  'schools',
  'ticketing',
  'waivers',
  'resultRaces',
  'resultOveralls',
  'trophies',
  'invites',
  'qualifiers',
  'invoices',
] as const;

/** The race-day mirror of race officials (every event shown for start lists; its own feed). */
const RACE_DAY_TABLES = [
  'raceEvents',
  'raceTeams',
  'raceEntries',
  'raceParticipants',
  'raceSchools',
  'startDraws',
  'raceMarks',
  'raceReadiness',
  'raceResults',
] as const;

/** The mirror tables, by name (the outbox item's `entity`). */
const MIRROR_TABLES = [...MAIN_MIRROR_TABLES, ...RACE_DAY_TABLES] as const;
export type EntityName = (typeof MIRROR_TABLES)[number];

export type OutboxStatus = 'pending' | 'blocked' | 'failed';
export type HttpWriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One queued write: the REST call of the spec, numbered per client. */
export interface OutboxItem {
  localId?: number;
  /** Per-client sequence number (1, 2, 3...), taken in the same transaction as the write. */
  seq: number;
  clientId: string;
  /** The user who made the change: never sent under another user's session. */
  userId: string | null;
  method: HttpWriteMethod;
  path: string;
  body: unknown;
  idempotencyKey: string;
  entity: EntityName;
  rowId: string | number | null;
  eventId: string | null;
  /** The school it was made for (an admin's pick or a school's own); sent with it, so the server
   *  applies it there even when the admin has picked another school since. Absent on items queued
   *  by versions before it was kept: those go to the session's school. */
  schoolId?: string | null;
  /** ISO date-time. */
  createdAt: string;
  status: OutboxStatus;
  error?: string;
  attempts: number;
  /** Epoch milliseconds before which the flusher must not retry. */
  nextAttemptAt: number;
  /** Since version 2: 'event:<eventId>' or 'global'. */
  scope: string;
  /** The row as it was before this edit (for the 409 merge: which fields did the server change
   *  meanwhile). Not indexed, so no schema version was needed. */
  base?: unknown;
  /** A 409 answer counts as success (spec: the new-season carry-over). Not indexed. */
  conflictIsDone?: boolean;
  /** The server's field errors of a refusal (400/422), for the rows concerned. */
  fields?: { path: string; message: string }[];
  /** The row as last pulled from the server while this item was queued (shown beside the local
   *  value; the merge still compares against `base`, the row the user edited). */
  serverRow?: unknown;
  /** The number this item last went out under without a definitive answer (network error, 5xx):
   *  it must go out again under the same number, so the server can answer from its record. */
  inFlightSeq?: number;
  /** What the write changes and where its rows sit in the body and the answer (src/db/write-intent.ts).
   *  Every item queued since version 4 has one; version 4's upgrade gave one to those before. */
  intent?: WriteIntent;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** The outbox scope of an item: its event's, or 'global' for writes outside any event. */
export function outboxScope(eventId: string | null | undefined): string {
  return eventId ? `event:${eventId}` : 'global';
}

// Version 1. Booleans are not valid IndexedDB keys, so no index is declared on a boolean field.
const VERSION_1_STORES: Record<string, string> = {
  participants: 'id, SchoolId, snowId, [SchoolId+archived]',
  teamManagers: 'id, SchoolId, EventId, [SchoolId+EventId]',
  teams: 'id, SchoolId, EventId, [SchoolId+EventId], DisciplineId, TeamManagerId',
  teamEntries: 'id, TeamId, ParticipantId, bib',
  volunteers: 'id, SchoolId, EventId, [SchoolId+EventId]',
  volunteerSlots: 'id, VolunteerId, SchoolId, EventId, [SchoolId+EventId]',
  volunteerPreferences: 'id, VolunteerSlotId, DisciplineId, EventId',
  volunteerSpots: '[EventId+DisciplineId+division], EventId, DisciplineId',
  events: 'id, year',
  eventDisciplines: '[EventId+DisciplineId], EventId, DisciplineId',
  disciplines: 'id',
  states: 'id',
  schools: 'id, StateId, name',
  ticketing: '[SchoolId+EventId], SchoolId, EventId',
  waivers: 'id, SchoolId, EventId, [SchoolId+EventId], ParticipantId, VolunteerId',
  resultRaces: 'id, EventId, DisciplineId',
  resultOveralls: 'id, EventId',
  trophies: 'id, disciplineId',
  invites: 'id, EventId, DisciplineId',
  invoices: '[SchoolId+EventId], SchoolId, EventId',
  payments: '[SchoolId+EventId], SchoolId, EventId',
  users: 'id, email',
  outbox: '++localId, seq, status, [entity+rowId], eventId',
  meta: 'key',
};

/** Exported for the upgrade test, which builds a version-1 database with raw Dexie. */
export const SCHEMA_V1: Readonly<Record<string, string>> = VERSION_1_STORES;

// Version 2: the flusher reads pending items in sequence order by [status+seq]; items carry their
// scope so the sync indicator can count them per event.
const VERSION_2_STORES: Record<string, string> = {
  outbox: '++localId, seq, status, [entity+rowId], eventId, [status+seq], scope',
};

async function upgradeToVersion2(tx: Transaction): Promise<void> {
  await tx
    .table<OutboxItem, number>('outbox')
    .toCollection()
    .modify((item) => {
      item.scope = outboxScope(item.eventId);
    });
}

// Version 3: the race-day mirror.
const VERSION_3_STORES: Record<string, string> = {
  raceEvents: 'id',
  raceTeams: 'id, EventId, [EventId+DisciplineId]',
  raceEntries: 'id, TeamId, EventId, [EventId+DisciplineId]',
  raceParticipants: 'id',
  raceSchools: 'id',
  startDraws: 'id, EventId',
  raceMarks: 'id, EventId, teamEntryId',
  raceReadiness: '[SchoolId+EventId], EventId',
};

/** Every store as version 3 declared them, for the upgrade test's version-3 device. */
export const SCHEMA_V3: Readonly<Record<string, string>> = {
  ...VERSION_1_STORES,
  ...VERSION_2_STORES,
  ...VERSION_3_STORES,
};

// Version 4: the mirror tables no screen ever read (payments, users, volunteerPreferences) go, and
// every queued item gets its intent: what it changes and where its rows sit in the body and the
// answer, read once here from the shapes the old bodies had (src/db/legacy-intent.ts). The large
// tables keep only the indexes screens query (every index is kept up on each row a pull stores):
// participants and teams by SchoolId are served by their compound indexes' first part (Dexie's
// virtual index; archived and EventId are always set), a snow id is looked for among its school's
// participants, and no screen looks teams up by discipline or entries by bib.
const VERSION_4_STORES: Record<string, string | null> = {
  payments: null,
  users: null,
  volunteerPreferences: null,
  participants: 'id, [SchoolId+archived]',
  teams: 'id, EventId, [SchoolId+EventId], TeamManagerId',
  teamEntries: 'id, TeamId, ParticipantId',
};

async function upgradeToVersion4(tx: Transaction): Promise<void> {
  await tx
    .table<OutboxItem, number>('outbox')
    .toCollection()
    .modify((item) => {
      item.intent ??= legacyIntent(item);
    });
}

// Version 5: race results (docs/decisions.md, 'Results from the timing system'), keyed by their
// team entry as the race-day feed names them.
const VERSION_5_STORES: Record<string, string> = {
  raceResults: 'id, EventId',
};

// Version 6: confirmed qualifiers (docs/decisions.md, 'Results from the timing system'): a school's
// invitations to the next level's event, read on its home with either event chosen.
const VERSION_6_STORES: Record<string, string> = {
  qualifiers: 'id, EventId, ToEventId',
};

// Version 7: the outbox is indexed by the rows each write's intent names (src/db/outbox.ts,
// `queuedForRow`), a list save's rows among them; the index by an item's one row goes (a list save
// has none, so it answered for one-row writes only).
const VERSION_7_STORES: Record<string, string> = {
  outbox: '++localId, seq, status, eventId, [status+seq], scope, *intent.rowIds',
};

export interface InterschoolsDbOptions {
  /** Reload the page when another tab opens a newer version. Default: in a window, not in tests. */
  reloadOnVersionChange?: boolean;
}

function inWindow(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined' && import.meta.env?.MODE !== 'test';
}

export class InterschoolsDb extends Dexie {
  participants!: Table<ParticipantRow, string>;
  teamManagers!: Table<TeamManagerRow, string>;
  teams!: Table<TeamRow, string>;
  teamEntries!: Table<TeamEntryRow, string>;
  volunteers!: Table<VolunteerRow, string>;
  volunteerSlots!: Table<VolunteerSlotRow, string>;
  volunteerSpots!: Table<VolunteerSpotRow, [string, number, number]>;
  events!: Table<EventRow, string>;
  eventDisciplines!: Table<EventDisciplineRow, [string, number]>;
  disciplines!: Table<DisciplineRow, number>;
  states!: Table<StateRow, number>;
  schools!: Table<SchoolRow, string>;
  ticketing!: Table<TicketingRow, [string, string]>;
  waivers!: Table<WaiverRow, string>;
  resultRaces!: Table<ResultRaceRow, string>;
  resultOveralls!: Table<ResultOverallRow, string>;
  trophies!: Table<TrophyRow, string>;
  invites!: Table<InviteRow, string>;
  qualifiers!: Table<QualifierRow, string>;
  invoices!: Table<InvoiceRow, [string, string]>;
  raceEvents!: Table<RaceEventMirrorRow, string>;
  raceTeams!: Table<RaceTeamMirrorRow, string>;
  raceEntries!: Table<RaceEntryMirrorRow, string>;
  raceParticipants!: Table<RaceParticipantMirrorRow, string>;
  raceSchools!: Table<RaceSchoolMirrorRow, string>;
  startDraws!: Table<StartDrawMirrorRow, string>;
  raceMarks!: Table<RaceMarkMirrorRow, string>;
  raceReadiness!: Table<RaceReadinessMirrorRow, [string, string]>;
  raceResults!: Table<RaceResultMirrorRow, string>;
  outbox!: Table<OutboxItem, number>;
  meta!: Table<MetaRow, string>;

  constructor(name: string = DATABASE_NAME, options: InterschoolsDbOptions = {}) {
    super(name);
    // Append-only: add new versions below, never change these.
    this.version(1).stores(VERSION_1_STORES);
    this.version(2).stores(VERSION_2_STORES).upgrade(upgradeToVersion2);
    this.version(3).stores(VERSION_3_STORES);
    this.version(4).stores(VERSION_4_STORES).upgrade(upgradeToVersion4);
    this.version(5).stores(VERSION_5_STORES);
    this.version(6).stores(VERSION_6_STORES);
    this.version(7).stores(VERSION_7_STORES);

    const reload = options.reloadOnVersionChange ?? inWindow();
    this.on('versionchange', () => {
      // A newer version was opened elsewhere: let it upgrade, and load the new app code here.
      this.close();
      if (reload && typeof window !== 'undefined') window.location.reload();
      return false;
    });
  }

  /** The mirror tables, for transactions that span every entity. */
  mirrorTables(): Table[] {
    return MIRROR_TABLES.map((name) => this.table(name));
  }

  /** The tables one feed fills (reset together when that feed starts over). */
  feedTables(feed: 'main' | 'raceDay'): Table[] {
    return (feed === 'main' ? MAIN_MIRROR_TABLES : RACE_DAY_TABLES).map((name) => this.table(name));
  }
}

/** The app's database. Created on first use so tests and workers can construct their own. */
let shared: InterschoolsDb | undefined;
export function getDb(): InterschoolsDb {
  shared ??= new InterschoolsDb();
  return shared;
}
