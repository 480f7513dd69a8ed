// Every route an app registered, as 'METHOD /path' (params in :name form), read from its route
// tree: the authorisation matrix and the fuzz test cover routes added later without a line of
// test code. HEAD is Fastify's automatic twin of GET and is left out.
// Two methods naming the parameter at one place differently (GET /api/school/:SchoolId, DELETE
// /api/school/:id) share a tree node printed ':SchoolId|:id'; the API contract, which every route
// must be in, says which name each method uses.
import type { FastifyInstance } from 'fastify';
import { allRoutes } from '../../../src/domain';

const CONTRACT = new Set(allRoutes().map((r) => `${r.method} ${r.url}`));

/** 'GET /a/:x|:y/b' -> the one of 'GET /a/:x/b', 'GET /a/:y/b' the contract has (else the first). */
function resolveParamNames(route: string): string {
  const candidates = route.split('/').reduce<string[]>(
    (paths, segment, i) => {
      const options = segment.includes('|') ? segment.split('|') : [segment];
      return paths.flatMap((p) => options.map((o) => (i === 0 ? o : `${p}/${o}`)));
    },
    [''],
  );
  return candidates.find((c) => CONTRACT.has(c)) ?? candidates[0]!;
}

export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = line.match(/^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?/);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (depth ? prefixes[depth - 1]! : '') + m[2]!;
    prefixes[depth] = path;
    for (const method of (m[3] ?? '').split(', '))
      if (method && method !== 'HEAD') routes.push(resolveParamNames(`${method} ${path}`));
  }
  return routes.sort();
}
