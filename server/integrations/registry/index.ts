// The athlete registry (Snowracer): looks athletes up by snow id. The built-in implementation
// reads the registry_athletes table, loaded at first start from server/integrations/registry/
// athletes.csv (fictional athletes); a real adapter would speak the registry's HTTP API.
import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registryAthletes } from '../../db/schema';

export type Athlete = {
  snowId: string;
  firstname: string;
  lastname: string;
  gender: string;
  dob: string | null;
  active: boolean;
};

export interface AthleteRegistry {
  /** null when the snow id is unknown. Throws when the registry cannot be reached. */
  lookup(snowId: string): Promise<Athlete | null>;
  /** Many at once (a spreadsheet import): the athletes found, by snow id. Optional: without it
   *  the import asks lookup() for each. */
  lookupMany?(snowIds: readonly string[]): Promise<Map<string, Athlete>>;
  count(): Promise<number>;
}

const toAthlete = (row: typeof registryAthletes.$inferSelect): Athlete => ({
  snowId: row.snowId, firstname: row.firstname, lastname: row.lastname, gender: row.gender, dob: row.dob, active: row.active,
});

export function createBuiltInRegistry(db: Db): AthleteRegistry {
  return {
    async lookup(snowId) {
      const [row] = await db.select().from(registryAthletes).where(eq(registryAthletes.snowId, snowId));
      return row ? toAthlete(row) : null;
    },
    async lookupMany(snowIds) {
      const found = new Map<string, Athlete>();
      // In slices: a bound parameter list has its limits.
      for (let i = 0; i < snowIds.length; i += 1000) {
        const rows = await db.select().from(registryAthletes).where(inArray(registryAthletes.snowId, snowIds.slice(i, i + 1000)));
        for (const row of rows) found.set(row.snowId, toAthlete(row));
      }
      return found;
    },
    async count() {
      const [row] = await db.select({ n: count() }).from(registryAthletes);
      return row?.n ?? 0;
    },
  };
}
