// Team managers of a school for an event (the data model keeps them per school AND event: a
// school names its managers anew each season). The save is the grid's whole batch in one
// transaction: every row is checked and written, or nothing is. A manager on record may come as
// its id, version and the fields changed; a new one comes whole. A stale `version` answers 409
// with the row as stored now (`current`) and its index; a row of another school or event is
// answered 404 and never touched. Removing a manager who looks after a team leaves that team
// without a manager (what a coordinator expects: the team stays entered, the manager is gone),
// in the same transaction. A season pass is a VIC matter: granted only on a VIC event (422 on its
// row otherwise), while a pass a manager already holds is kept.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TeamManager, TeamManagersBody, TeamManagersFilter } from '../../../src/domain/schemas';
import { isWholeTeamManagerRow } from '../../../src/domain/schemas/entities/team-manager';
import type { TeamGender, TeamLetter } from '../../../src/domain/constants';
import { showsSeasonPass } from '../../../src/domain/rules/team-managers';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Db, Tx } from '../../db/client';
import { events, teamManagers, teams } from '../../db/schema';
import { badRequest, conflict, notFound, unprocessable } from '../../http-errors';
import { assertEventWritable } from '../../plugins/event-lock';
import type { SessionInfo } from '../../plugins/session';
import { toTeamManager, type TeamManagerRow } from './shape';

export type Scope = { schoolId: string; eventId: string };

const IN_BOTH_LISTS = 'A team manager cannot be saved and removed in the same save.';

const asList = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** `include: 'teams'` adds the teams each manager looks after; anything else is bad input. */
function wantsTeams(include: string | string[] | undefined): boolean {
  const list = asList(include);
  list.forEach((name, i) => {
    if (name !== 'teams') {
      const path = `querystring.filter.include${Array.isArray(include) ? `.${i}` : ''}`;
      throw badRequest(`Cannot include '${name}'`, [{ path, message: `Cannot include '${name}'` }]);
    }
  });
  return list.length > 0;
}

async function teamsOf(db: Db, ids: string[]): Promise<Map<string, NonNullable<TeamManager['teams']>>> {
  const by = new Map<string, NonNullable<TeamManager['teams']>>();
  if (!ids.length) return by;
  const rows = await db
    .select()
    .from(teams)
    .where(inArray(teams.teamManagerId, ids))
    .orderBy(asc(teams.disciplineId), asc(teams.division), asc(teams.teamRank));
  for (const t of rows) {
    const ref = {
      id: t.id,
      DisciplineId: t.disciplineId,
      division: t.division,
      teamRank: t.teamRank as TeamLetter,
      gender: t.gender as TeamGender,
    };
    by.set(t.teamManagerId!, [...(by.get(t.teamManagerId!) ?? []), ref]);
  }
  return by;
}

/** GET /api/v2/team-managers: the school's managers in the event, by surname. */
export async function listTeamManagers(
  db: Db,
  scope: Scope,
  filter: TeamManagersFilter | undefined,
): Promise<TeamManager[]> {
  const withTeams = wantsTeams(filter?.include);
  const rows = await db
    .select()
    .from(teamManagers)
    .where(and(eq(teamManagers.schoolId, scope.schoolId), eq(teamManagers.eventId, scope.eventId)))
    .orderBy(asc(teamManagers.lastname), asc(teamManagers.firstname), asc(teamManagers.id));
  if (!withTeams) return rows.map((r) => toTeamManager(r));
  const byManager = await teamsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toTeamManager(r, byManager.get(r.id) ?? []));
}

const inScope = (row: TeamManagerRow, scope: Scope) => row.schoolId === scope.schoolId && row.eventId === scope.eventId;

/** PUT /api/teamManagers: saves and removes in one transaction; answers the saved rows. */
export async function saveTeamManagers(
  tx: Tx,
  session: SessionInfo,
  scope: Scope,
  body: TeamManagersBody,
): Promise<TeamManager[]> {
  await assertEventWritable(tx, session, scope.eventId);
  const removed = new Set(body.teamManagersDeleted);
  const both = body.teamManagers.findIndex((row) => removed.has(row.id));
  if (both >= 0) throw badRequest(IN_BOTH_LISTS, [{ path: `teamManagers.${both}.id`, message: IN_BOTH_LISTS }]);

  const [event] = await tx.select({ invoiceType: events.invoiceType }).from(events).where(eq(events.id, scope.eventId));
  const seasonPasses = showsSeasonPass(event?.invoiceType);

  const saved: TeamManagerRow[] = [];
  for (const [index, input] of body.teamManagers.entries()) {
    const [stored] = await tx.select().from(teamManagers).where(eq(teamManagers.id, input.id)).for('update');
    if (stored && !inScope(stored, scope)) throw notFound();
    if (stored && input.version !== undefined && input.version !== stored.version) {
      throw conflict(SERVER_MESSAGES.staleVersion, { current: toTeamManager(stored), index });
    }
    // Season passes are a VIC matter; a pass given while the event was VIC is kept, never granted anew.
    if (input.seasonPass === '1' && !seasonPasses && stored?.seasonPass !== '1') {
      throw unprocessable(SERVER_MESSAGES.seasonPassVicOnly, [
        { path: `teamManagers.${index}.seasonPass`, message: SERVER_MESSAGES.seasonPassVicOnly },
      ]);
    }
    const { id: _id, version: _version, ...values } = input;
    if (stored) {
      const [row] = Object.values(values).some((v) => v !== undefined)
        ? await tx.update(teamManagers).set(values).where(eq(teamManagers.id, input.id)).returning()
        : [stored];
      saved.push(row!);
    } else {
      // Only the fields changed of a manager no longer on record (removed on another device): gone.
      if (!isWholeTeamManagerRow(input)) throw notFound();
      const [row] = await tx
        .insert(teamManagers)
        .values({ id: input.id, ...scope, ...values })
        .returning();
      saved.push(row!);
    }
  }

  if (removed.size) {
    const ids = [...removed];
    const stored = await tx.select().from(teamManagers).where(inArray(teamManagers.id, ids)).for('update');
    // An id already gone (removed on another device) is done; another school's row is not ours.
    if (stored.some((row) => !inScope(row, scope))) throw notFound();
    await tx.update(teams).set({ teamManagerId: null }).where(inArray(teams.teamManagerId, ids));
    await tx.delete(teamManagers).where(inArray(teamManagers.id, ids));
  }
  return saved.map((row) => toTeamManager(row));
}
