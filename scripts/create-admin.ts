// Makes an administrator on a deployment's database: a deployment starts with no users (the demo
// seed is off on PostgreSQL), and every other user is made by an admin in the app (docs/deploy.md
// 'The first administrator'). Migrates the database first (under the start-up lock), so it can
// run before the servers have ever started.
//   DATABASE_URL=postgres://... node --import tsx scripts/create-admin.ts <email> [first name] [last name]
// The password comes from ADMIN_PASSWORD, or else the first line of standard input; never from
// the command line, which other users of the machine can read.
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { MIN_PASSWORD_LENGTH } from '../src/domain/constants/policy';
import { MAX_PASSWORD_LENGTH } from '../src/domain/constants/limits';
import { hashPassword } from '../server/auth/passwords';
import { openDatabase, type Db } from '../server/db/client';
import { prepareDatabase } from '../server/db/prepare';
import { users } from '../server/db/schema';

export type NewAdministrator = { email: string; password: string; firstname?: string; lastname?: string };

/** Inserts the admin; answers false (and changes nothing) when any account has that email. */
export async function createAdministrator(db: Db, admin: NewAdministrator): Promise<boolean> {
  const email = admin.email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`${email} is not an email address`);
  if (admin.password.length < MIN_PASSWORD_LENGTH || admin.password.length > MAX_PASSWORD_LENGTH) {
    throw new Error(`the password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long`);
  }
  const rows = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(admin.password),
      type: 'admin',
      firstname: admin.firstname ?? '',
      lastname: admin.lastname ?? '',
    })
    .onConflictDoNothing()
    .returning({ id: users.id }); // users_email_uq: lower(email) is unique
  return rows.length > 0;
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

async function main(): Promise<void> {
  const [email, firstname, lastname] = process.argv.slice(2);
  const databaseUrl = process.env.DATABASE_URL;
  if (!email || !databaseUrl) {
    throw new Error(
      'usage: DATABASE_URL=postgres://... node --import tsx scripts/create-admin.ts <email> [first name] [last name]',
    );
  }
  const password = await readPassword();
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    await prepareDatabase(database, { demoSeed: false, builtInRegistry: false, now: new Date() });
    const made = await createAdministrator(database.db, { email, password, firstname, lastname });
    console.log(
      made
        ? `Administrator ${email} made: sign in with that email and password.`
        : `An account with the email ${email} exists already: nothing changed.`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
