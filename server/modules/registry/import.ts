// GET /api/snowracer-import (docs/registry.md 'Import'): for the participants entered in an event
// (at least one race entry in it, any school), ask the registry once, in batches, then in one
// transaction give snow ids to those without one whom the registry knows by names and date of
// birth, refresh whether each snow id is active, and record the registry's signed waivers. Dates
// of birth that differ are listed, never overwritten. Running it again changes nothing more.
//
// The registry is asked before the transaction: it may be a remote service, and the built-in one
// reads the database outside the transaction, which on PGlite (one connection) would wait for the
// transaction forever. The transaction reads the participants again (locked) and decides from
// what is stored by then, so an edit made meanwhile is never undone.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { RegistryImportResult } from '../../../src/domain/schemas/api/registry';
import type { Db, Tx } from '../../db/client';
import { participants, teamEntries } from '../../db/schema';
import { personKey, type Athlete, type AthleteRegistry, type PersonKey } from '../../integrations/registry';
import { assertEventWritable } from '../../plugins/event-lock';
import type { SessionInfo } from '../../plugins/session';
import { planImport, type EnteredParticipant, type RegistryAnswers } from './import-plan';
import { recordRegistryWaivers } from './import-waivers';

const entered = {
  id: participants.id,
  schoolId: participants.schoolId,
  snowId: participants.snowId,
  snowIdActive: participants.snowIdActive,
  firstname: participants.firstname,
  lastname: participants.lastname,
  dob: participants.dob,
};

/** The participants with a race entry in the event; locked when read for the write. */
export async function enteredParticipants(q: Db | Tx, eventId: string, lock = false): Promise<EnteredParticipant[]> {
  const inEvent = q
    .selectDistinct({ id: teamEntries.participantId })
    .from(teamEntries)
    .where(eq(teamEntries.eventId, eventId));
  const query = q.select(entered).from(participants).where(inArray(participants.id, inEvent)).orderBy(participants.id);
  return lock ? query.for('update') : query;
}

/** Every question the import has, asked in batches. Throws when the registry cannot answer. */
export async function askRegistry(
  registry: AthleteRegistry,
  people: readonly EnteredParticipant[],
): Promise<RegistryAnswers> {
  const snowIds = [...new Set(people.flatMap((p) => (p.snowId ? [p.snowId] : [])))];
  const searched = new Map<string, PersonKey>();
  for (const p of people) {
    if (!p.snowId && p.dob && p.firstname.trim() && p.lastname.trim()) {
      searched.set(personKey(p), { firstname: p.firstname.trim(), lastname: p.lastname.trim(), dob: p.dob });
    }
  }
  const byId = registry.lookupMany
    ? await registry.lookupMany(snowIds)
    : new Map(
        (await Promise.all(snowIds.map((id) => registry.lookup(id)))).flatMap((a) =>
          a ? [[a.snowId, a] as const] : [],
        ),
      );
  const found = registry.findByNames && searched.size ? await registry.findByNames([...searched.values()]) : [];
  const byPerson = new Map<string, Athlete[]>();
  for (const athlete of found) byPerson.set(personKey(athlete), [...(byPerson.get(personKey(athlete)) ?? []), athlete]);
  return { asked: new Set(snowIds), byId, byPerson };
}

/** The snow ids each school's participants already hold, of those the plan might give. */
async function heldSnowIds(tx: Tx, people: readonly EnteredParticipant[], answers: RegistryAnswers) {
  const schoolIds = [...new Set(people.filter((p) => !p.snowId).map((p) => p.schoolId))];
  const candidates = [...new Set([...answers.byPerson.values()].flat().map((a) => a.snowId))];
  const held = new Map<string, Set<string>>();
  if (!schoolIds.length || !candidates.length) return held;
  const rows = await tx
    .select({ schoolId: participants.schoolId, snowId: participants.snowId })
    .from(participants)
    .where(and(inArray(participants.schoolId, schoolIds), inArray(participants.snowId, candidates)));
  for (const row of rows) held.set(row.schoolId, (held.get(row.schoolId) ?? new Set()).add(row.snowId!));
  return held;
}

/** The write, in the caller's transaction (runWrite): answers the import's totals and list. */
export async function applyRegistryImport(
  tx: Tx,
  session: SessionInfo,
  eventId: string,
  answers: RegistryAnswers,
): Promise<RegistryImportResult> {
  await assertEventWritable(tx, session, eventId);
  const people = await enteredParticipants(tx, eventId, true);
  const plan = planImport(people, answers, await heldSnowIds(tx, people, answers));
  for (const { id, snowId } of plan.snowIds) {
    await tx
      .update(participants)
      .set({ snowId, snowIdActive: 1 })
      .where(and(eq(participants.id, id), isNull(participants.snowId)));
  }
  for (const { id, snowIdActive } of plan.activity) {
    await tx.update(participants).set({ snowIdActive }).where(eq(participants.id, id));
  }
  const totalWaiversUpdated = await recordRegistryWaivers(tx, session, eventId, plan.waivers);
  return { totalWaiversUpdated, totalSnowracerUpdated: plan.snowIds.length, snowracerIncorrectDOB: plan.incorrectDob };
}
