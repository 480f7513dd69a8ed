// Migrates one template database per test run, so each test file starts from a copy in
// milliseconds instead of migrating again: a PGlite data-dir dump by default, or a PostgreSQL
// template database when DATABASE_URL is set (the PostgreSQL run of the same suite).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/db/client';
import { seedReference } from '../../../server/db/seed/reference';

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const TEMPLATE_DB = `interschools_template_${project.name}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ databaseUrl: u.toString() });
    await database.migrate();
    await seedReference(database.db);
    await database.close();
    project.provide('pgTemplate', TEMPLATE_DB);
    return;
  }
  const templateFile = path.resolve(`.tmp/pglite-template-${project.name}.tar`);
  const database = await openDatabase({});
  await database.migrate();
  await seedReference(database.db);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  await mkdir(path.dirname(templateFile), { recursive: true });
  await writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', templateFile);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteTemplate?: string;
  }
}
