// Every route an app registered, as 'METHOD /path' (params in :name form), read from its route
// tree: the authorisation matrix and the fuzz test cover routes added later without a line of
// test code. HEAD is Fastify's automatic twin of GET and is left out.
import type { FastifyInstance } from 'fastify';

export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = line.match(/^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?/);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (depth ? prefixes[depth - 1]! : '') + m[2]!;
    prefixes[depth] = path;
    for (const method of (m[3] ?? '').split(', ')) if (method && method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes.sort();
}
