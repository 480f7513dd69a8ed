// What a server does to its database before it serves: migrations, the reference data every
// database needs (states and disciplines: a deployment starts without the demo, and without them
// no event or school can be made), the demo data on the first start when asked, and the built-in
// athlete registry when no registry service is configured. Run under the database's start-up lock
// (client.ts `exclusive`): several instances starting at once on one PostgreSQL take turns, so the
// first migrates and seeds and the others find it done.
import type { Database } from './client';
import { seedDemoData, type DemoLogin } from './seed/demo';
import { seedReference } from './seed/reference';
import { loadRegistry } from '../integrations/registry/load';

export async function prepareDatabase(
  database: Database,
  opts: { demoSeed: boolean; builtInRegistry: boolean; now: Date },
): Promise<DemoLogin[]> {
  return database.exclusive(async () => {
    await database.migrate();
    await seedReference(database.db);
    const logins = opts.demoSeed ? await seedDemoData(database.db, { now: opts.now }) : [];
    if (opts.builtInRegistry) await loadRegistry(database.db);
    return logins;
  });
}
