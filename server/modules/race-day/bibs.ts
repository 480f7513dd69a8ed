// Bibs (docs/decisions.md 'Race day'): bulk generation numbers a discipline's chosen divisions and
// gender consecutively in start-list order, keeping (and reporting) manual bibs and skipping bibs
// held elsewhere in the event and discipline; manual assignment refuses a bib another entry holds,
// naming the holder. Both write in two steps (clear, then set) so bibs may trade places.
import { and, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import { ERROR_CODES } from '../../../src/domain/errors';
import { bibConflicts, planBibNumbers, type BibCandidate } from '../../../src/domain/rules/bib-numbers';
import { startOrderTeams } from '../../../src/domain/rules/start-list';
import type { BibForm } from '../../../src/domain/schemas/api/bibs';
import { bibTakenMessage } from '../../../src/domain/server-messages';
import type { Tx } from '../../db/client';
import { participants, schools, teamEntries } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { loadRaceDayRows } from './rows';

export const BIB_MESSAGES = {
  nothingToNumber: 'No racers are entered in the divisions chosen.',
  entryNotFound: 'This race entry does not exist.',
} as const;

/** POST /api/bibs/generate, in the write's transaction. */
export async function generateBibs(tx: Tx, eventId: string, form: BibForm) {
  const divisions = [...new Set(form.divisions)].sort((a, b) => a - b);
  const rows = await loadRaceDayRows(tx, eventId, { DisciplineId: form.DisciplineId, divisions, gender: form.gender });
  // Numbers follow the drawn order: bibs already given (a manual one, an earlier run of this)
  // would otherwise decide the order they are replacing.
  const drawnOnly = { ...rows, entries: rows.entries.map((e) => ({ ...e, bib: null })) };
  const candidates: BibCandidate[] = divisions.flatMap((division) => {
    const race = { EventId: eventId, DisciplineId: form.DisciplineId, division, gender: form.gender };
    return startOrderTeams(race, drawnOnly).flatMap((team) =>
      rows.entries
        .filter((e) => e.TeamId === team.id && e.ParticipantId !== null)
        .sort((a, b) => a.position - b.position)
        .map((e) => ({ teamEntryId: e.id, bib: e.bib, bibManual: e.bibManual ?? false })),
    );
  });
  if (candidates.length === 0) throw new HttpError(422, ERROR_CODES.RULE_VIOLATION, BIB_MESSAGES.nothingToNumber);
  const selected = candidates.map((c) => c.teamEntryId);
  const elsewhere = await tx
    .select({ bib: teamEntries.bib })
    .from(teamEntries)
    .where(
      and(
        eq(teamEntries.eventId, eventId),
        eq(teamEntries.disciplineId, form.DisciplineId),
        isNotNull(teamEntries.bib),
        notInArray(teamEntries.id, selected),
      ),
    );
  const plan = planBibNumbers(
    candidates,
    form.startNumber,
    elsewhere.map((r) => r.bib!),
  );
  const renumbered = plan.assignments.map((a) => a.teamEntryId);
  if (renumbered.length) await tx.update(teamEntries).set({ bib: null }).where(inArray(teamEntries.id, renumbered));
  for (const a of plan.assignments) {
    await tx.update(teamEntries).set({ bib: a.bib, bibManual: false }).where(eq(teamEntries.id, a.teamEntryId));
  }
  return { assigned: plan.assignments, keptManual: plan.keptManual, nextNumber: plan.nextNumber };
}

/** POST /api/bibs/manual-assign, in the write's transaction. */
export async function assignBibs(tx: Tx, requested: readonly { teamEntryId: string; bib: number | null }[]) {
  const ids = [...new Set(requested.map((r) => r.teamEntryId))];
  const found = await tx
    .select({ id: teamEntries.id, eventId: teamEntries.eventId, disciplineId: teamEntries.disciplineId })
    .from(teamEntries)
    .where(inArray(teamEntries.id, ids));
  const raceOf = new Map(found.map((f) => [f.id, f]));
  requested.forEach((r, i) => {
    if (!raceOf.has(r.teamEntryId)) {
      throw new HttpError(404, ERROR_CODES.NOT_FOUND, BIB_MESSAGES.entryNotFound, [
        { path: `${i}.teamEntryId`, message: BIB_MESSAGES.entryNotFound },
      ]);
    }
  });
  // Bibs are unique per event and discipline: check each discipline's holders.
  const groups = new Map<string, { eventId: string; disciplineId: number }>();
  for (const f of found)
    groups.set(`${f.eventId}|${f.disciplineId}`, { eventId: f.eventId, disciplineId: f.disciplineId });
  for (const { eventId, disciplineId } of groups.values()) {
    const inGroup = requested.filter(
      (r) =>
        r.bib !== null &&
        raceOf.get(r.teamEntryId)!.eventId === eventId &&
        raceOf.get(r.teamEntryId)!.disciplineId === disciplineId,
    ) as { teamEntryId: string; bib: number }[];
    const holders = await tx
      .select({ teamEntryId: teamEntries.id, bib: teamEntries.bib })
      .from(teamEntries)
      .where(
        and(eq(teamEntries.eventId, eventId), eq(teamEntries.disciplineId, disciplineId), isNotNull(teamEntries.bib)),
      );
    const [conflict] = bibConflicts(inGroup, holders);
    if (conflict) {
      const message = bibTakenMessage(conflict.bib, await holderName(tx, conflict.holderTeamEntryId));
      const index = requested.findIndex((r) => r.teamEntryId === conflict.teamEntryId && r.bib === conflict.bib);
      throw new HttpError(422, ERROR_CODES.BIB_TAKEN, message, [{ path: `${index}.bib`, message }]);
    }
  }
  await tx.update(teamEntries).set({ bib: null }).where(inArray(teamEntries.id, ids));
  for (const r of requested) {
    await tx
      .update(teamEntries)
      .set({ bib: r.bib, bibManual: r.bib !== null })
      .where(eq(teamEntries.id, r.teamEntryId));
  }
  return { assigned: requested.filter((r) => r.bib !== null).length };
}

/** 'Ann Lee (Snowy Range High School)', or 'another entry' for a position without a racer. */
async function holderName(tx: Tx, teamEntryId: string): Promise<string> {
  const [holder] = await tx
    .select({ firstname: participants.firstname, lastname: participants.lastname, school: schools.name })
    .from(teamEntries)
    .innerJoin(schools, eq(schools.id, teamEntries.schoolId))
    .leftJoin(participants, eq(participants.id, teamEntries.participantId))
    .where(eq(teamEntries.id, teamEntryId));
  if (!holder?.firstname && !holder?.lastname) return holder ? `another entry of ${holder.school}` : 'another entry';
  return `${holder.firstname} ${holder.lastname} (${holder.school})`.trim();
}
