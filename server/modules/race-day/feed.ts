// The race-day feed (GET /api/race-day/changes): for race officials' tablets, the race-day data of
// every event shown for start lists, as a delta of the change log like the main feed. Its scope is
// the set of those events: when /rev changes the set, the scope key changes and devices download
// it again. Rows are the plain shapes of src/domain/schemas/api/race-day-feed.ts.
import { createHash } from 'node:crypto';
import { and, asc, eq, exists, inArray } from 'drizzle-orm';
import { raceMarkId, type RaceDayEntity } from '../../../src/domain/schemas/api/race-day-feed';
import type { SyncChange, SyncResponse } from '../../../src/domain/schemas';
import { readChanges, type ChangeRow } from '../../db/changes';
import type { Db } from '../../db/client';
import { events, participants, raceMarks, raceResults, schools, startDraws, teamEntries, teams } from '../../db/schema';
import { byKey, keyIn, type Shaped } from '../../db/feed-rows';
import { loadRaceEvents } from './race-events';
import { loadReadiness } from './readiness';

/** Change-log tables the race-day mirror is made of. */
const FEED_TABLES = [
  'events',
  'event_disciplines',
  'teams',
  'team_entries',
  'participants',
  'schools',
  'start_draws',
  'race_marks',
  'race_results',
  // A school's readiness for its bibs.
  'waivers',
  'volunteers',
  'volunteer_slots',
  'invoices',
  'payments',
] as const;

type Wanted = { entity: RaceDayEntity; key: string; deleted: boolean };

function wanted(change: ChangeRow): Wanted[] {
  const readiness = (): Wanted[] =>
    change.schoolId && change.eventId
      ? [{ entity: 'raceReadiness', key: `${change.schoolId}:${change.eventId}`, deleted: false }]
      : [];
  const own = (entity: RaceDayEntity): Wanted => ({ entity, key: change.rowId, deleted: change.deleted });
  switch (change.entity) {
    case 'events':
      return [own('raceEvents')];
    case 'event_disciplines':
      return [{ entity: 'raceEvents', key: change.rowId.split(':')[0]!, deleted: false }];
    case 'teams':
      return [own('raceTeams')];
    case 'team_entries':
      return [own('raceEntries'), ...readiness()];
    case 'participants':
      return [own('raceParticipants')];
    case 'schools':
      return [own('raceSchools')];
    case 'start_draws':
      return [own('startDraws')];
    case 'race_marks':
      return [own('raceMarks')];
    case 'race_results':
      return [own('raceResults')];
    default:
      return readiness();
  }
}

type Loader = (db: Db, keys: string[], eventIds: string[]) => Promise<Map<string, Shaped>>;

const LOADERS: Record<RaceDayEntity, Loader> = {
  raceEvents: async (db, keys, eventIds) =>
    loadRaceEvents(
      db,
      keys.filter((k) => eventIds.includes(k)),
    ) as Promise<Map<string, Shaped>>,
  raceTeams: async (db, keys, eventIds) =>
    byKey(
      await db
        .select()
        .from(teams)
        .where(and(keyIn([teams.id], keys), inArray(teams.eventId, eventIds))),
      (t) => t.id,
      (t) => ({
        id: t.id,
        EventId: t.eventId,
        SchoolId: t.schoolId,
        DisciplineId: t.disciplineId,
        division: t.division,
        gender: t.gender,
        teamRank: t.teamRank,
        version: t.version,
      }),
    ),
  raceEntries: async (db, keys, eventIds) =>
    byKey(
      await db
        .select()
        .from(teamEntries)
        .where(and(keyIn([teamEntries.id], keys), inArray(teamEntries.eventId, eventIds))),
      (e) => e.id,
      (e) => ({
        id: e.id,
        TeamId: e.teamId,
        EventId: e.eventId,
        DisciplineId: e.disciplineId,
        ParticipantId: e.participantId,
        position: e.position,
        bib: e.bib,
        bibManual: e.bibManual,
        version: e.version,
      }),
    ),
  // Only racers: a participant entered in a race of these events.
  raceParticipants: async (db, keys, eventIds) =>
    byKey(
      await db
        .select()
        .from(participants)
        .where(
          and(
            keyIn([participants.id], keys),
            exists(
              db
                .select({ one: teamEntries.id })
                .from(teamEntries)
                .where(and(eq(teamEntries.participantId, participants.id), inArray(teamEntries.eventId, eventIds))),
            ),
          ),
        ),
      (p) => p.id,
      (p) => ({
        id: p.id,
        firstname: p.firstname,
        lastname: p.lastname,
        snowId: p.snowId,
        gender: p.gender,
        yearLevel: p.yearLevel,
        version: p.version,
      }),
    ),
  raceSchools: async (db, keys, eventIds) =>
    byKey(
      await db
        .select()
        .from(schools)
        .where(
          and(
            keyIn([schools.id], keys),
            exists(
              db
                .select({ one: teams.id })
                .from(teams)
                .where(and(eq(teams.schoolId, schools.id), inArray(teams.eventId, eventIds))),
            ),
          ),
        ),
      (s) => s.id,
      (s) => ({ id: s.id, name: s.name, version: s.version }),
    ),
  startDraws: async (db, keys, eventIds) =>
    byKey(
      await db
        .select()
        .from(startDraws)
        .where(and(keyIn([startDraws.id], keys), inArray(startDraws.eventId, eventIds))),
      (d) => d.id,
      (d) => ({
        id: d.id,
        EventId: d.eventId,
        DisciplineId: d.disciplineId,
        division: d.division,
        gender: d.gender,
        seed: d.seed,
        teamOrder: d.teamOrder,
        version: d.version,
      }),
    ),
  raceMarks: async (db, keys, eventIds) =>
    byKey(
      await db
        .select()
        .from(raceMarks)
        .where(and(keyIn([raceMarks.teamEntryId, raceMarks.run], keys), inArray(raceMarks.eventId, eventIds))),
      (m) => raceMarkId(m.teamEntryId, m.run),
      (m) => ({
        id: raceMarkId(m.teamEntryId, m.run),
        EventId: m.eventId,
        teamEntryId: m.teamEntryId,
        run: m.run,
        mark: m.mark,
        version: m.version,
      }),
    ),
  raceResults: async (db, keys, eventIds) =>
    byKey(
      await db
        .select()
        .from(raceResults)
        .where(and(keyIn([raceResults.teamEntryId], keys), inArray(raceResults.eventId, eventIds))),
      (r) => r.teamEntryId,
      (r) => ({
        id: r.teamEntryId,
        EventId: r.eventId,
        teamEntryId: r.teamEntryId,
        run1: r.run1,
        run2: r.run2,
        score: r.score,
        status: r.status,
        source: r.source,
        recordedBy: r.recordedBy,
        recordedAt: r.updatedAt.toISOString(),
        version: r.version,
      }),
    ),
  raceReadiness: async (db, keys, eventIds) => {
    const pairs = keys.map((k) => k.split(':') as [string, string]).filter(([, event]) => eventIds.includes(event));
    return loadReadiness(
      db,
      pairs.map(([SchoolId, EventId]) => ({ SchoolId, EventId })),
    ) as Promise<Map<string, Shaped>>;
  },
};

/** The events whose race day officials' tablets hold. */
async function startlistEventIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.showForStartlists, true))
    .orderBy(asc(events.id));
  return rows.map((r) => r.id);
}

const raceDayScopeKey = (eventIds: readonly string[]) =>
  `race-day:${createHash('sha256')
    .update([...eventIds].sort().join(','))
    .digest('hex')
    .slice(0, 32)}`;

export async function pullRaceDay(
  db: Db,
  cursor: number,
  limit: number,
  opts: { initial?: boolean } = {},
): Promise<SyncResponse> {
  const eventIds = await startlistEventIds(db);
  const base = { scopeKey: raceDayScopeKey(eventIds) };
  if (!eventIds.length) return { ...base, cursor, hasMore: false, resetRequired: false, changes: [] };
  const page = await readChanges(
    db,
    { schoolId: null, eventId: null, allSchools: true, eventIds, tables: FEED_TABLES },
    cursor,
    limit,
    opts,
  );
  if (page.resetRequired) return { ...base, cursor: page.cursor, hasMore: false, resetRequired: true, changes: [] };

  const list = page.changes.flatMap(wanted);
  const toLoad = new Map<RaceDayEntity, Set<string>>();
  const want = (entity: RaceDayEntity, key: string) => toLoad.set(entity, (toLoad.get(entity) ?? new Set()).add(key));
  for (const w of list) if (!w.deleted) want(w.entity, w.key);

  const loaded = new Map<RaceDayEntity, Map<string, Shaped>>();
  const load = async (entity: RaceDayEntity) => {
    const keys = [...(toLoad.get(entity) ?? [])].filter((k) => !loaded.get(entity)?.has(k));
    if (!keys.length) return;
    const rows = await LOADERS[entity](db, keys, eventIds);
    loaded.set(entity, new Map([...(loaded.get(entity) ?? []), ...rows]));
  };
  // An entry names its racer and a team its school: a racer or a school whose own change is older
  // than the cursor still reaches a device that has never held it.
  await Promise.all([load('raceEntries'), load('raceTeams')]);
  const extra: Wanted[] = [];
  for (const row of loaded.get('raceEntries')?.values() ?? []) {
    if (typeof row.ParticipantId === 'string')
      extra.push({ entity: 'raceParticipants', key: row.ParticipantId, deleted: false });
  }
  for (const row of loaded.get('raceTeams')?.values() ?? [])
    extra.push({ entity: 'raceSchools', key: String(row.SchoolId), deleted: false });
  for (const w of extra) want(w.entity, w.key);
  for (const entity of Object.keys(LOADERS) as RaceDayEntity[]) await load(entity);

  // One change per row, at its latest mention.
  const all = [...list, ...extra];
  const last = new Map<string, number>();
  all.forEach((w, i) => last.set(`${w.entity}\u0000${w.key}`, i));
  // A download from scratch needs no tombstone for a row the device never had.
  const fresh = cursor === 0 || opts.initial === true;
  const changes: SyncChange[] = [];
  all.forEach((w, i) => {
    if (last.get(`${w.entity}\u0000${w.key}`) !== i) return;
    const row = w.deleted ? undefined : loaded.get(w.entity)?.get(w.key);
    if (row) changes.push({ entity: w.entity, key: w.key, deleted: false, row });
    else if (!fresh) changes.push({ entity: w.entity, key: w.key, deleted: true });
  });
  return { ...base, cursor: page.cursor, hasMore: page.hasMore, resetRequired: false, changes };
}
