// The server's truth, read through its HTTP API only (so the run checks any target the same way):
// one school's participants, team managers and ticketing row, as that school's coordinator sees
// them, with each row's version.
import type { SessionUser } from '../../src/domain/schemas/entities/user';
import { cookieFetch } from './network';

export type ServerRow = Record<string, unknown> & { id: string; version?: number };

export type SchoolView = {
  participants: ServerRow[];
  teamManagers: ServerRow[];
  /** The school's ticketing row in the session's event; id is 'SchoolId:EventId'. */
  ticketing: ServerRow;
};

/** A signed-in session straight against the API. */
export async function signIn(url: string, username: string, password: string, fetchFn = cookieFetch()) {
  const res = await fetchFn(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username} answered ${res.status}: ${await res.text()}`);
  return { fetch: fetchFn, user: (await res.json()) as SessionUser };
}

async function getJson<T>(fetchFn: typeof fetch, url: string): Promise<T> {
  const res = await fetchFn(url, { headers: { accept: 'application/json' } });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function readSchool(url: string, username: string, password: string): Promise<SchoolView> {
  const { fetch: f, user } = await signIn(url, username, password);
  const [participants, teamManagers, ticketing] = await Promise.all([
    getJson<ServerRow[]>(f, `${url}/api/v2/participants`),
    getJson<ServerRow[]>(f, `${url}/api/v2/team-managers`),
    getJson<Record<string, unknown>>(f, `${url}/api/ticketing`),
  ]);
  return { participants, teamManagers, ticketing: { ...ticketing, id: `${user.SchoolId}:${user.EventId}` } };
}

/** The snow ids of the school's archived participants (the list leaves them out unless asked). */
export async function archivedSnowIds(url: string, username: string, password: string): Promise<string[]> {
  const { fetch: f } = await signIn(url, username, password);
  const filter = encodeURIComponent(JSON.stringify({ where: { archived: 1 } }));
  const rows = await getJson<ServerRow[]>(f, `${url}/api/v2/participants?filter=${filter}`);
  return rows.map((row) => String(row.snowId));
}
