// The registry import's waivers: a participant whose season waiver is signed with the registry
// gets a completed participant waiver for the event, unless the school already has one for them
// (found as the waivers screen finds it, by the domain's matchWaivers). A matched waiver not yet
// completed is marked completed; nothing is ever removed or un-completed.
import { and, eq, inArray, ne } from 'drizzle-orm';
import { MAX_TITLE_LENGTH } from '../../../src/domain/constants/limits';
import { matchWaivers } from '../../../src/domain/rules/waiver-matching';
import type { Tx } from '../../db/client';
import { participants, waivers } from '../../db/schema';
import type { SessionInfo } from '../../plugins/session';
import { toWaiver } from '../waivers';
import type { EnteredParticipant } from './import-plan';

type Signed = EnteredParticipant & { snowId: string };

/** Answers how many waivers were created or completed. */
export async function recordRegistryWaivers(
  tx: Tx,
  session: SessionInfo,
  eventId: string,
  signed: readonly Signed[],
): Promise<number> {
  const bySchool = new Map<string, Signed[]>();
  for (const person of signed) bySchool.set(person.schoolId, [...(bySchool.get(person.schoolId) ?? []), person]);
  let updated = 0;
  for (const [schoolId, people] of bySchool) {
    const schoolPeople = await tx
      .select({
        id: participants.id,
        firstname: participants.firstname,
        lastname: participants.lastname,
        snowId: participants.snowId,
        archived: participants.archived,
      })
      .from(participants)
      .where(and(eq(participants.schoolId, schoolId), ne(participants.archived, 1)));
    const rows = await tx
      .select()
      .from(waivers)
      .where(and(eq(waivers.schoolId, schoolId), eq(waivers.eventId, eventId)))
      .for('update');
    const matched = new Map(
      matchWaivers({ participants: schoolPeople, volunteers: [], waivers: rows.map(toWaiver) }).participants.map(
        (m) => [m.ParticipantId, m.waiver],
      ),
    );
    const toComplete: string[] = [];
    const toCreate: (typeof waivers.$inferInsert)[] = [];
    for (const person of people) {
      // An archived participant takes no waiver (the waivers screen leaves them out too).
      if (!matched.has(person.id)) continue;
      const waiver = matched.get(person.id);
      if (waiver?.completed) continue;
      if (waiver) {
        toComplete.push(waiver.id);
        continue;
      }
      const givenName = person.firstname.trim();
      const surname = person.lastname.trim();
      toCreate.push({
        schoolId,
        eventId,
        type: 'participant',
        givenName,
        surname,
        snowId: person.snowId,
        completed: 1,
        name: `${givenName} ${surname}`.trim().slice(0, MAX_TITLE_LENGTH),
        createdBy: session.email,
      });
    }
    if (toComplete.length) await tx.update(waivers).set({ completed: 1 }).where(inArray(waivers.id, toComplete));
    if (toCreate.length) await tx.insert(waivers).values(toCreate);
    updated += toComplete.length + toCreate.length;
  }
  return updated;
}
