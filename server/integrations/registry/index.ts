// The athlete registry (Snowracer): looks athletes up by snow id, and by name and date of birth
// for the import. The built-in implementation reads the registry_athletes table, loaded at first
// start from server/integrations/registry/athletes.csv (fictional athletes); http.ts speaks the
// registry's HTTP API (docs/registry.md), chosen when REGISTRY_URL is set.
import { count, eq, inArray } from 'drizzle-orm';
import { nameKey } from '../../../src/domain/rules/waiver-matching';
import type { Db } from '../../db/client';
import { registryAthletes } from '../../db/schema';

export type Athlete = {
  snowId: string;
  firstname: string;
  lastname: string;
  gender: string;
  dob: string | null;
  active: boolean;
  /** The athlete's waiver for the current season is signed with the registry (the registry
   *  decides the season). Absent: unknown, treated as not signed. */
  waiverCompleted?: boolean;
};

/** Whom the import looks for: a participant without a snow id. */
export type PersonKey = { firstname: string; lastname: string; dob: string };

export interface AthleteRegistry {
  /** null when the snow id is unknown. Throws when the registry cannot be reached. */
  lookup(snowId: string): Promise<Athlete | null>;
  /** Many at once (a spreadsheet import, the registry import): the athletes found, by snow id.
   *  Optional: without it callers ask lookup() for each. */
  lookupMany?(snowIds: readonly string[]): Promise<Map<string, Athlete>>;
  /** Athletes named like one of the people (first and last name without case, accents or spaces,
   *  and the same date of birth). A registry may answer more loosely: callers check again.
   *  Optional: without it the registry import gives no snow ids, it only checks the known ones. */
  findByNames?(people: readonly PersonKey[]): Promise<Athlete[]>;
  count(): Promise<number>;
}

/** Name and date of birth as the import compares them (the waiver matching's name rule). */
export const personKey = (p: { firstname: string; lastname: string; dob: string | null }) =>
  `${nameKey(p.firstname)}|${nameKey(p.lastname)}|${p.dob ?? ''}`;

const toAthlete = (row: typeof registryAthletes.$inferSelect): Athlete => ({
  snowId: row.snowId,
  firstname: row.firstname,
  lastname: row.lastname,
  gender: row.gender,
  dob: row.dob,
  active: row.active,
  waiverCompleted: row.waiverCompleted,
});

// In slices: a bound parameter list has its limits.
const SLICE = 1000;

export function createBuiltInRegistry(db: Db): AthleteRegistry {
  return {
    async lookup(snowId) {
      const [row] = await db.select().from(registryAthletes).where(eq(registryAthletes.snowId, snowId));
      return row ? toAthlete(row) : null;
    },
    async lookupMany(snowIds) {
      const found = new Map<string, Athlete>();
      for (let i = 0; i < snowIds.length; i += SLICE) {
        const rows = await db
          .select()
          .from(registryAthletes)
          .where(inArray(registryAthletes.snowId, snowIds.slice(i, i + SLICE)));
        for (const row of rows) found.set(row.snowId, toAthlete(row));
      }
      return found;
    },
    async findByNames(people) {
      // The date of birth narrows it in SQL; the names are compared here, by the same rule as
      // the import's, which SQL's lower() alone would not follow (accents, hyphens).
      const wanted = new Set(people.map(personKey));
      const dobs = [...new Set(people.map((p) => p.dob))];
      const found: Athlete[] = [];
      for (let i = 0; i < dobs.length; i += SLICE) {
        const rows = await db
          .select()
          .from(registryAthletes)
          .where(inArray(registryAthletes.dob, dobs.slice(i, i + SLICE)));
        for (const row of rows) if (wanted.has(personKey(row))) found.push(toAthlete(row));
      }
      return found;
    },
    async count() {
      const [row] = await db.select({ n: count() }).from(registryAthletes);
      return row?.n ?? 0;
    },
  };
}
