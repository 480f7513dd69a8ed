// Home's numbers from the Dexie mirror through the domain's homeMetrics, so home shows the same
// figures offline as online. Rows are scoped to the session's school and event.
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb } from '../../db/database';
import { homeMetrics, type HomeMetrics } from '../../domain/rules/home-metrics';

export interface HomeNumbers extends HomeMetrics {
  paymentReceived: boolean;
}

export async function readHomeNumbers(db: InterschoolsDb, schoolId: string, eventId: string): Promise<HomeNumbers> {
  const scope = [schoolId, eventId];
  const [participants, teamManagers, teams, volunteers, slots, waivers, payment] = await Promise.all([
    db.participants.where('SchoolId').equals(schoolId).toArray(),
    db.teamManagers.where('SchoolId').equals(schoolId).filter((m) => !m.EventId || m.EventId === eventId).toArray(),
    db.teams.where('[SchoolId+EventId]').equals(scope).toArray(),
    db.volunteers.where('[SchoolId+EventId]').equals(scope).toArray(),
    db.volunteerSlots.where('[SchoolId+EventId]').equals(scope).toArray(),
    db.waivers.where('[SchoolId+EventId]').equals(scope).toArray(),
    db.payments.get([schoolId, eventId]),
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
  return { ...metrics, paymentReceived: payment?.received === '1' };
}

/** undefined while reading; null when the session has no school or event to count. */
export function useHomeNumbers(db: InterschoolsDb, schoolId: string | null, eventId: string | null): HomeNumbers | null | undefined {
  return useLiveQuery(
    async () => (schoolId && eventId ? readHomeNumbers(db, schoolId, eventId) : null),
    [db, schoolId, eventId],
  );
}
