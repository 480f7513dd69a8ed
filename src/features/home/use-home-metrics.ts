// Home's numbers from the Dexie mirror through the domain's homeMetrics and homeResults: the same
// functions the server's GET /api/metrics runs, so home shows the same figures offline as online.
// Rows are scoped to the session's school and event, and read once for the counts and the
// season's steps.
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb } from '../../db/database';
import { homeMetrics, type HomeMetrics } from '../../domain/rules/home-metrics';
import { homeResults, type HomeResult } from '../../domain/rules/home-results';
import type { SeasonFacts } from '../../domain/rules/season-steps';
import type { MetricsResponse } from '../../domain/schemas/api/session';
import { readSchoolEventRows, type SchoolEventRows } from './school-event-rows';
import { seasonFacts } from './season-facts';

export interface HomeNumbers extends HomeMetrics {
  paymentReceived: boolean;
}

/** Discipline names from the mirror (names are data, never code). */
export async function disciplineNames(db: InterschoolsDb): Promise<(id: number) => string> {
  const names = new Map((await db.disciplines.toArray()).map((d) => [d.id, d.name]));
  return (id) => names.get(id) ?? `Discipline ${id}`;
}

function metricsOf(rows: SchoolEventRows): HomeMetrics {
  return homeMetrics({
    participants: rows.participants,
    teamManagers: rows.teamManagers,
    teams: rows.teams.map((team) => ({ TeamEntries: rows.entries.filter((entry) => entry.TeamId === team.id) })),
    volunteers: rows.volunteers,
    slots: rows.slots.map((slot) => ({ VolunteerId: slot.VolunteerId ?? null })),
    waivers: rows.waivers,
  });
}

/** The five published results home links to, once the event is shown for results. */
async function readHomeResults(db: InterschoolsDb, eventId: string): Promise<HomeResult[]> {
  const [event, races, overalls, nameOf] = await Promise.all([
    db.events.get(eventId),
    db.resultRaces.where('EventId').equals(eventId).toArray(),
    db.resultOveralls.where('EventId').equals(eventId).toArray(),
    disciplineNames(db),
  ]);
  return homeResults({ event, races, overalls }, nameOf);
}

/** The answer GET /api/metrics/{EventId}/{SchoolId} would give, computed from the mirror. */
export async function readHomeMetrics(db: InterschoolsDb, schoolId: string, eventId: string): Promise<MetricsResponse> {
  const [rows, results] = await Promise.all([readSchoolEventRows(db, schoolId, eventId), readHomeResults(db, eventId)]);
  return { ...metricsOf(rows), results };
}

export interface SchoolHome {
  numbers: HomeNumbers;
  facts: SeasonFacts;
}

async function readSchoolHome(db: InterschoolsDb, schoolId: string, eventId: string, now: Date): Promise<SchoolHome> {
  const rows = await readSchoolEventRows(db, schoolId, eventId);
  const metrics = metricsOf(rows);
  // Payment received: the school's invoice status, as the feed sends it (paid when the payments
  // received cover what was invoiced).
  return {
    numbers: { ...metrics, paymentReceived: rows.invoice?.paid === true },
    facts: seasonFacts(rows, metrics, now),
  };
}

/** undefined while reading; read again whenever the school's rows change. */
export function useSchoolHome(db: InterschoolsDb, schoolId: string, eventId: string): SchoolHome | undefined {
  return useLiveQuery(() => readSchoolHome(db, schoolId, eventId, new Date()), [db, schoolId, eventId]);
}

/** [] while reading or when nothing is published. */
export function useHomeResults(db: InterschoolsDb, eventId: string | null): HomeResult[] {
  return useLiveQuery(async () => (eventId ? readHomeResults(db, eventId) : []), [db, eventId], [] as HomeResult[]);
}
