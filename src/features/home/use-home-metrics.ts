// Home's numbers from the Dexie mirror through the domain's homeMetrics and homeResults: the same
// functions the server's GET /api/metrics runs, so home shows the same figures offline as online.
// Rows are scoped to the session's school and event.
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb } from '../../db/database';
import { homeMetrics } from '../../domain/rules/home-metrics';
import { homeResults } from '../../domain/rules/home-results';
import type { MetricsResponse } from '../../domain/schemas/api/session';

export interface HomeNumbers extends MetricsResponse {
  paymentReceived: boolean;
}

/** Discipline names from the mirror (names are data, never code). */
export async function disciplineNames(db: InterschoolsDb): Promise<(id: number) => string> {
  const names = new Map((await db.disciplines.toArray()).map((d) => [d.id, d.name]));
  return (id) => names.get(id) ?? `Discipline ${id}`;
}

/** The answer GET /api/metrics/{EventId}/{SchoolId} would give, computed from the mirror. */
export async function readHomeMetrics(db: InterschoolsDb, schoolId: string, eventId: string): Promise<MetricsResponse> {
  const scope = [schoolId, eventId];
  const [participants, teamManagers, teams, volunteers, slots, waivers, event, races, overalls, nameOf] = await Promise.all([
    db.participants.where('SchoolId').equals(schoolId).toArray(),
    db.teamManagers.where('SchoolId').equals(schoolId).filter((m) => !m.EventId || m.EventId === eventId).toArray(),
    db.teams.where('[SchoolId+EventId]').equals(scope).toArray(),
    db.volunteers.where('[SchoolId+EventId]').equals(scope).toArray(),
    db.volunteerSlots.where('[SchoolId+EventId]').equals(scope).toArray(),
    db.waivers.where('[SchoolId+EventId]').equals(scope).toArray(),
    db.events.get(eventId),
    db.resultRaces.where('EventId').equals(eventId).toArray(),
    db.resultOveralls.where('EventId').equals(eventId).toArray(),
    disciplineNames(db),
  ]);
  const entries = teams.length ? await db.teamEntries.where('TeamId').anyOf(teams.map((t) => t.id)).toArray() : [];
  const teamsWithEntries = teams.map((team) => ({ TeamEntries: entries.filter((entry) => entry.TeamId === team.id) }));
  const metrics = homeMetrics({
    participants,
    teamManagers,
    teams: teamsWithEntries,
    volunteers,
    slots: slots.map((slot) => ({ VolunteerId: slot.VolunteerId ?? null })),
    waivers,
  });
  return { ...metrics, results: homeResults({ event, races, overalls }, nameOf) };
}

export async function readHomeNumbers(db: InterschoolsDb, schoolId: string, eventId: string): Promise<HomeNumbers> {
  // Payment received: the school's invoice status, as the feed sends it (paid when the payments
  // received cover what was invoiced).
  const [metrics, invoice] = await Promise.all([readHomeMetrics(db, schoolId, eventId), db.invoices.get([schoolId, eventId])]);
  return { ...metrics, paymentReceived: invoice?.paid === true };
}

/** undefined while reading; null when the session has no school or event to count. */
export function useHomeNumbers(db: InterschoolsDb, schoolId: string | null, eventId: string | null): HomeNumbers | null | undefined {
  return useLiveQuery(
    async () => (schoolId && eventId ? readHomeNumbers(db, schoolId, eventId) : null),
    [db, schoolId, eventId],
  );
}
