// A race's qualifiers confirmed (POST /api/qualifiers; docs/decisions.md, 'Results from the timing
// system'): the race ranked again from its results by the event's rules, its top teams and
// individuals by the event's numbers written as the school's invitations to an event of the next
// level, naming the team's racers as they are now, and replacing the race's earlier confirmation.
// The spec's invites of the event gain the race, so the invites grid and report show it goes on.
// Online only: the administrator confirms what the server holds, and reads back what was written.
import { and, eq } from 'drizzle-orm';
import { INVITE_GENDERS, type InviteLevel } from '../../../src/domain/constants/choices';
import { NEXT_EVENT_LEVEL } from '../../../src/domain/constants/results';
import { qualifierLines, raceQualifiers } from '../../../src/domain/rules/qualifiers';
import { raceKey } from '../../../src/domain/rules/race-sequence';
import type { Qualifier } from '../../../src/domain/schemas';
import type { ConfirmQualifiersBody } from '../../../src/domain/schemas/api/race-results';
import type { Tx } from '../../db/client';
import { events, invites, qualifiers } from '../../db/schema';
import { notFound, unprocessable } from '../../http-errors';
import { eventResultsRules, EVENT_NOT_FOUND } from './event-rules';
import { rankedRaces } from './publish';
import { toQualifier } from './shape';

const QUALIFIER_MESSAGES = {
  lastLevel: 'A National event sends no one on: there is no level after it.',
  wrongLevel: (next: string) => `Choose a ${next} event to invite them to: this event's qualifiers go on to ${next}.`,
  noSuchEvent: 'The event to invite them to no longer exists. Choose another.',
  noResults: 'This race has no results yet. Import or type them first.',
} as const;

export async function confirmQualifiers(
  tx: Tx,
  body: ConfirmQualifiersBody,
  confirmedBy: string,
): Promise<Qualifier[]> {
  // The event row's lock serialises confirmations of its races.
  const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, body.EventId)).for('update');
  if (!event) throw notFound(EVENT_NOT_FOUND);
  const { level, rules } = await eventResultsRules(tx, body.EventId);
  const next = NEXT_EVENT_LEVEL[level];
  if (!next) throw unprocessable(QUALIFIER_MESSAGES.lastLevel);
  // NEXT_EVENT_LEVEL names State or National after a level.
  const invitedTo = next as InviteLevel;
  const [to] = await tx.select({ level: events.level }).from(events).where(eq(events.id, body.ToEventId));
  if (!to)
    throw unprocessable(QUALIFIER_MESSAGES.noSuchEvent, [
      { path: 'ToEventId', message: QUALIFIER_MESSAGES.noSuchEvent },
    ]);
  if (to.level !== next) {
    const message = QUALIFIER_MESSAGES.wrongLevel(next);
    throw unprocessable(message, [{ path: 'ToEventId', message }]);
  }
  const race = { DisciplineId: body.DisciplineId, division: body.division, gender: body.gender };
  const ranked = (await rankedRaces(tx, body.EventId, rules)).find((r) => raceKey(r) === raceKey(race));
  if (!ranked) throw unprocessable(QUALIFIER_MESSAGES.noResults);
  const proposed = raceQualifiers(ranked.standings, level, rules.qualifiers);
  const base = { eventId: body.EventId, toEventId: body.ToEventId, ...raceColumns(body), confirmedBy };
  const rows = qualifierLines(proposed, ranked.standings).map((line) => ({
    ...base,
    ...line,
    racers: [...line.racers],
  }));
  await tx
    .delete(qualifiers)
    .where(
      and(
        eq(qualifiers.eventId, body.EventId),
        eq(qualifiers.disciplineId, body.DisciplineId),
        eq(qualifiers.division, body.division),
        eq(qualifiers.gender, body.gender),
      ),
    );
  const written = rows.length ? await tx.insert(qualifiers).values(rows).returning() : [];
  await inviteRaceOn(tx, body, invitedTo);
  return written.map(toQualifier);
}

const raceColumns = (body: ConfirmQualifiersBody) => ({
  disciplineId: body.DisciplineId,
  division: body.division,
  gender: body.gender,
});

/** The spec's invite of the race on to the next level, unless the event holds it already (a co-ed
 *  race has none: invites are for boys' and girls' races). */
async function inviteRaceOn(tx: Tx, body: ConfirmQualifiersBody, level: InviteLevel) {
  if (!(INVITE_GENDERS as readonly string[]).includes(body.gender)) return;
  const race = and(
    eq(invites.eventId, body.EventId),
    eq(invites.disciplineId, body.DisciplineId),
    eq(invites.division, body.division),
    eq(invites.gender, body.gender),
    eq(invites.stateNational, level),
  );
  const [held] = await tx.select({ id: invites.id }).from(invites).where(race).limit(1);
  if (!held) await tx.insert(invites).values({ ...raceColumns(body), eventId: body.EventId, stateNational: level });
}
