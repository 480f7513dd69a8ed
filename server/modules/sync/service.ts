// The delta feed devices pull (GET /api/sync/changes): the change log of the session's scope after
// a cursor, each changed row loaded (one query per table) and shaped by its module's own shaper
// (`shape.ts` beside the module's routes) under the client's mirror table name: no shape is
// defined here. A deleted row, or one gone by the time it is loaded, is a tombstone. An
// event_states change is answered with its event's row (states live on the event).
import { createHash } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { SyncChange, SyncEntity, SyncResponse } from '../../../src/domain/schemas';
import { mainScopeBase } from '../../../src/domain/rules/sync-scope';
import type { RaceDayEntity } from '../../../src/domain/schemas/api/race-day-feed';
import { readChanges, type ChangeRow, type ChangeScope } from '../../db/changes';
import { byKey, keyIn, type Shaped } from '../../db/feed-rows';
import type { Db } from '../../db/client';
import {
  disciplines,
  eventDisciplines,
  events,
  invites,
  invoices,
  participants,
  payments,
  qualifiers,
  resultOveralls,
  resultRaces,
  schools,
  states,
  teamEntries,
  teamManagers,
  teams,
  ticketing,
  trophies,
  users,
  volunteerPreferences,
  volunteerSlots,
  volunteerSpots,
  volunteers,
  waivers,
} from '../../db/schema';
import { toEventDisciplineRow, eventsByIds } from '../events';
import { toInvite } from '../invites';
import { toInvoiceStatus } from '../money';
import { toParticipant, toTeamEntry } from '../participants';
import { toDiscipline, toState } from '../reference';
import { toQualifier, toResultOverall, toResultRace, toTrophy } from '../results';
import { toSchool } from '../schools';
import { toTeamManager } from '../team-managers';
import { toTeamRow } from '../teams';
import { toTicketing } from '../ticketing';
import { toSlot, toSpot, toVolunteer } from '../volunteers';
import { toWaiver } from '../waivers';

type Loader = (db: Db, keys: string[]) => Promise<Map<string, Shaped>>;

/** The main feed's mirror tables (the race-day ones have their own feed: race-day/feed.ts). */
type MainEntity = Exclude<SyncEntity, RaceDayEntity>;

/** SQL table -> client mirror table. Staff users are read online by the users screen, never
 *  mirrored; a slot's preferences travel in its row (every save of them writes the slot). */
const ENTITY_OF_TABLE: Readonly<Record<string, MainEntity>> = {
  participants: 'participants',
  team_managers: 'teamManagers',
  teams: 'teams',
  team_entries: 'teamEntries',
  volunteers: 'volunteers',
  volunteer_slots: 'volunteerSlots',
  volunteer_spots: 'volunteerSpots',
  events: 'events',
  event_states: 'events',
  event_disciplines: 'eventDisciplines',
  disciplines: 'disciplines',
  states: 'states',
  schools: 'schools',
  ticketing: 'ticketing',
  waivers: 'waivers',
  result_races: 'resultRaces',
  result_overalls: 'resultOveralls',
  trophies: 'trophies',
  invites: 'invites',
  qualifiers: 'qualifiers',
  // An invoice or a payment changes the school's invoice status for the event (one mirror row).
  invoices: 'invoices',
  payments: 'invoices',
};

/** Each table's changed rows, one query a table, shaped by their module's shaper (the one its
 *  REST answers use), so a pulled row and an answered row are the same record. */
const LOADERS: Record<MainEntity, Loader> = {
  participants: async (db, keys) =>
    byKey(
      await db
        .select()
        .from(participants)
        .where(keyIn([participants.id], keys)),
      (r) => r.id,
      (r) => toParticipant(r),
    ),
  teamEntries: async (db, keys) =>
    byKey(
      await db
        .select()
        .from(teamEntries)
        .where(keyIn([teamEntries.id], keys)),
      (r) => r.id,
      toTeamEntry,
    ),
  teams: async (db, keys) =>
    byKey(
      await db
        .select()
        .from(teams)
        .where(keyIn([teams.id], keys)),
      (r) => r.id,
      toTeamRow,
    ),
  teamManagers: async (db, keys) =>
    byKey(
      await db
        .select()
        .from(teamManagers)
        .where(keyIn([teamManagers.id], keys)),
      (r) => r.id,
      (r) => toTeamManager(r),
    ),
  events: async (db, keys) => new Map((await eventsByIds(db, keys)).map((e) => [e.id, e as Shaped])),
  eventDisciplines: async (db, keys) =>
    byKey(
      await db
        .select({ d: eventDisciplines, name: disciplines.name })
        .from(eventDisciplines)
        .innerJoin(disciplines, eq(disciplines.id, eventDisciplines.disciplineId))
        .where(keyIn([eventDisciplines.eventId, eventDisciplines.disciplineId], keys)),
      ({ d }) => `${d.eventId}:${d.disciplineId}`,
      ({ d, name }) => toEventDisciplineRow(d, name),
    ),
  disciplines: async (db, keys) =>
    byKey(
      await db
        .select()
        .from(disciplines)
        .where(keyIn([disciplines.id], keys)),
      (r) => String(r.id),
      toDiscipline,
    ),
  states: async (db, keys) =>
    byKey(
      await db
        .select()
        .from(states)
        .where(keyIn([states.id], keys)),
      (r) => String(r.id),
      toState,
    ),
  schools: async (db, keys) => {
    const rows = await db
      .select()
      .from(schools)
      .where(keyIn([schools.id], keys));
    const logins = rows.length
      ? await db
          .select({ schoolId: users.schoolId, email: users.email })
          .from(users)
          .where(sql`${users.type} = 'school' and ${keyIn([users.schoolId], keys)}`)
          .orderBy(asc(users.createdAt))
      : [];
    // The first coordinator's login, as GET /api/school answers it.
    const loginOf = new Map<string, string>();
    for (const l of logins) if (l.schoolId && !loginOf.has(l.schoolId)) loginOf.set(l.schoolId, l.email);
    return byKey(
      rows,
      (r) => r.id,
      (s) => toSchool(s, loginOf.get(s.id)),
    );
  },
  ticketing: async (db, keys) =>
    byKey(
      await db
        .select()
        .from(ticketing)
        .where(keyIn([ticketing.schoolId, ticketing.eventId], keys)),
      (r) => `${r.schoolId}:${r.eventId}`,
      (r) => toTicketing(r, r),
    ),
  waivers: async (db, keys) =>
    byKey(
      await db
        .select()
        .from(waivers)
        .where(keyIn([waivers.id], keys)),
      (r) => r.id,
      toWaiver,
    ),
  volunteers: async (db, keys) =>
    byKey(
      await db
        .select()
        .from(volunteers)
        .where(keyIn([volunteers.id], keys)),
      (r) => r.id,
      toVolunteer,
    ),
  volunteerSlots: async (db, keys) => {
    const rows = await db
      .select()
      .from(volunteerSlots)
      .where(keyIn([volunteerSlots.id], keys));
    const prefs = rows.length
      ? await db
          .select()
          .from(volunteerPreferences)
          .where(keyIn([volunteerPreferences.slotId], keys))
          .orderBy(asc(volunteerPreferences.rank))
      : [];
    return byKey(
      rows,
      (r) => r.id,
      (r) => toSlot(r, prefs),
    );
  },
  volunteerSpots: async (db, keys) =>
    byKey(
      await db
        .select()
        .from(volunteerSpots)
        .where(keyIn([volunteerSpots.eventId, volunteerSpots.disciplineId, volunteerSpots.division], keys)),
      (r) => `${r.eventId}:${r.disciplineId}:${r.division}`,
      toSpot,
    ),
  resultRaces: async (db, keys) =>
    byKey(
      await db
        .select()
        .from(resultRaces)
        .where(keyIn([resultRaces.id], keys)),
      (r) => r.id,
      toResultRace,
    ),
  resultOveralls: async (db, keys) =>
    byKey(
      await db
        .select()
        .from(resultOveralls)
        .where(keyIn([resultOveralls.id], keys)),
      (r) => r.id,
      toResultOverall,
    ),
  trophies: async (db, keys) =>
    byKey(
      await db
        .select()
        .from(trophies)
        .where(keyIn([trophies.id], keys)),
      (r) => r.id,
      toTrophy,
    ),
  invites: async (db, keys) =>
    byKey(
      await db
        .select({ i: invites, name: disciplines.name })
        .from(invites)
        .innerJoin(disciplines, eq(disciplines.id, invites.disciplineId))
        .where(keyIn([invites.id], keys)),
      ({ i }) => i.id,
      ({ i, name }) => toInvite(i, name),
    ),
  qualifiers: async (db, keys) =>
    byKey(
      await db
        .select()
        .from(qualifiers)
        .where(keyIn([qualifiers.id], keys)),
      (r) => r.id,
      toQualifier,
    ),
  invoices: async (db, keys) => {
    const pairs = keys.map((k) => k.split(':') as [string, string]);
    const schoolIds = [...new Set(pairs.map(([school]) => school))];
    const [issued, paid] = await Promise.all([
      db.select().from(invoices).where(inArray(invoices.schoolId, schoolIds)),
      db.select().from(payments).where(inArray(payments.schoolId, schoolIds)),
    ]);
    const of = <R extends { schoolId: string; eventId: string }>(rows: R[], school: string, event: string) =>
      rows.filter((r) => r.schoolId === school && r.eventId === event);
    return new Map(
      pairs.map(([school, event]) => [
        `${school}:${event}`,
        toInvoiceStatus(school, event, {
          invoices: of(issued, school, event),
          payments: of(paid, school, event),
        }),
      ]),
    );
  },
};

export type FeedScope = ChangeScope & {
  /** The admin's scope: it alone carries the admin-only tables (invites). */
  withAdminTables: boolean;
};

/** Every device holds every event (so a change to /rev reaches it), its school's confirmed
 *  qualifiers whichever event they came from or go to (a school sees its invitations on its home
 *  with either event chosen), and the results of the events shown for results, which every
 *  signed-in user reads (issue: results for all, offline too). */
export const EVERY_EVENT_TABLES = ['events', 'event_states', 'qualifiers'] as const;
/** An administrator's device holds every school's confirmed qualifiers, so the results screen
 *  says what was confirmed whichever school the administrator has picked. */
export const ADMIN_EVERY_SCHOOL_TABLES = ['qualifiers'] as const;
export const SHOWN_RESULT_TABLES = ['result_races', 'result_overalls'] as const;

export async function shownResultEventIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.showForResults, true))
    .orderBy(asc(events.id));
  return rows.map((r) => r.id);
}

/** The scope's name: its school and event, and the set of events shown for results when there is
 *  one, so a change on /rev starts the device's download again with the new set. */
function scopeKey(scope: ChangeScope): string {
  const base = mainScopeBase(scope.schoolId, scope.eventId);
  const shown = scope.alsoOf?.eventIds ?? [];
  return shown.length
    ? `${base}/results:${createHash('sha256')
        .update([...shown].sort().join(','))
        .digest('hex')
        .slice(0, 16)}`
    : base;
}

/** A change as the feed sends it; `table` is the SQL table it was logged on. */
type Wanted = { entity: MainEntity; table: string; key: string; deleted: boolean };

/** Tables only admins may read (GET /api/invites): only the admin's scope (`withAdminTables`)
 *  carries them, so no other device's mirror ever holds them, not even as a tombstone. */
const ADMIN_ONLY: ReadonlySet<MainEntity> = new Set(['invites']);

function wanted(change: ChangeRow, withAdminTables: boolean): Wanted | null {
  const entity = ENTITY_OF_TABLE[change.entity];
  if (!entity || (ADMIN_ONLY.has(entity) && !withAdminTables)) return null;
  if (entity === 'invoices') {
    // Keyed by school and event, like the mirror's row; never a tombstone: with its invoices and
    // payments gone the status is simply 'nothing invoiced'.
    return change.schoolId && change.eventId
      ? { entity, table: change.entity, key: `${change.schoolId}:${change.eventId}`, deleted: false }
      : null;
  }
  if (change.entity === 'event_states') {
    // The event's states changed: send the event itself (gone if the event went with it).
    return { entity, table: change.entity, key: change.rowId.split(':')[0]!, deleted: false };
  }
  return { entity, table: change.entity, key: change.rowId, deleted: change.deleted };
}

export async function pullChanges(
  db: Db,
  scope: FeedScope,
  cursor: number,
  limit: number,
  opts: { initial?: boolean } = {},
): Promise<SyncResponse> {
  const page = await readChanges(db, scope, cursor, limit, opts);
  const base = {
    scopeKey: scopeKey(scope),
    cursor: page.cursor,
    hasMore: page.hasMore,
    resetRequired: page.resetRequired,
  };
  // One change per row, at the place of its latest mention (an event and its states may both appear).
  const list = page.changes.map((c) => wanted(c, scope.withAdminTables)).filter((w): w is Wanted => w !== null);
  const last = new Map<string, number>();
  list.forEach((w, i) => last.set(`${w.entity}\u0000${w.key}`, i));
  const unique = list.filter((w, i) => last.get(`${w.entity}\u0000${w.key}`) === i);

  const toLoad = new Map<MainEntity, string[]>();
  for (const w of unique) if (!w.deleted) toLoad.set(w.entity, [...(toLoad.get(w.entity) ?? []), w.key]);
  const loaded = new Map<SyncEntity, Map<string, Shaped>>();
  for (const [entity, keys] of toLoad) loaded.set(entity, await LOADERS[entity](db, keys));

  const changes: SyncChange[] = unique.map((w) => {
    const row = w.deleted ? undefined : loaded.get(w.entity)?.get(w.key);
    // Defence in depth: a row of another school is never sent, whatever the log says.
    const foreign =
      row &&
      typeof row.SchoolId === 'string' &&
      !scope.allSchools &&
      !scope.everySchool?.includes(w.table) &&
      row.SchoolId !== scope.schoolId;
    return row && !foreign
      ? { entity: w.entity, key: w.key, deleted: false, row }
      : { entity: w.entity, key: w.key, deleted: true };
  });
  return { ...base, changes };
}
