// The athlete registry (Snowracer): looks athletes up by snow id. The built-in implementation
// reads the registry_athletes table, loaded at first start from server/integrations/registry/
// athletes.csv (fictional athletes); a real adapter would speak the registry's HTTP API.
import { count, eq } from 'drizzle-orm';
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
  count(): Promise<number>;
}

export function createBuiltInRegistry(db: Db): AthleteRegistry {
  return {
    async lookup(snowId) {
      const [row] = await db.select().from(registryAthletes).where(eq(registryAthletes.snowId, snowId));
      if (!row) return null;
      return { snowId: row.snowId, firstname: row.firstname, lastname: row.lastname, gender: row.gender, dob: row.dob, active: row.active };
    },
    async count() {
      const [row] = await db.select({ n: count() }).from(registryAthletes);
      return row?.n ?? 0;
    },
  };
}
