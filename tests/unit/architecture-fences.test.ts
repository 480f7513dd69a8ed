// The import fences lint applies (`import-x/no-restricted-paths` as ESLint computes it from
// eslint.config.js) cover every folder: each folder of src/ and server/ has its imports fenced,
// every feature is fenced from every other feature and from src/app, the folders below the
// server's modules cannot import them, and no zone names a folder that does not exist. A folder
// added that the fences do not cover fails here (or stops lint itself, for src/). And the server's
// modules import one another without a cycle.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

type Zone = { target: string | string[]; from: string | string[]; message?: string };
/** A zone with its paths made absolute, as the rule resolves them. */
type ResolvedZone = { targets: string[]; from: string[] };

const foldersOf = (dir: string) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** `folder` is `path` or lies inside it. */
const inside = (folder: string, path: string) => !relative(path, folder).startsWith('..');

const eslint = new ESLint({ cwd: ROOT });
let zones: ResolvedZone[];

beforeAll(async () => {
  const config = await eslint.calculateConfigForFile('src/main.tsx');
  const [, options] = config.rules['import-x/no-restricted-paths'] as [unknown, { basePath?: string; zones: Zone[] }];
  const base = options.basePath ?? ROOT;
  zones = options.zones.map((zone) => ({
    targets: [zone.target].flat().map((p) => resolve(base, p)),
    from: [zone.from].flat().map((p) => resolve(base, p)),
  }));
});

const fenced = (folder: string) => zones.some((zone) => zone.targets.some((t) => inside(join(ROOT, folder), t)));
const barred = (folder: string, from: string) =>
  zones.some(
    (zone) =>
      zone.targets.some((t) => inside(join(ROOT, folder), t)) && zone.from.some((f) => inside(join(ROOT, from), f)),
  );

describe('the import fences', () => {
  it('fence the imports of every folder of src/ and server/', () => {
    const folders = [...foldersOf('src').map((f) => `src/${f}`), ...foldersOf('server').map((f) => `server/${f}`)];
    expect(folders.filter((folder) => !fenced(folder))).toEqual([]);
  });

  it('fence every feature from every other feature and from src/app', () => {
    const features = foldersOf('src/features');
    const open = features.flatMap((feature) =>
      [...features.filter((other) => other !== feature).map((other) => `src/features/${other}`), 'src/app']
        .filter((from) => !barred(`src/features/${feature}`, from))
        .map((from) => `src/features/${feature} may import ${from}`),
    );
    expect(open).toEqual([]);
  });

  it('keep every server module out of the server folders below the modules', () => {
    const below = foldersOf('server').filter((f) => f !== 'modules');
    const open = foldersOf('server/modules').flatMap((module) =>
      below
        .filter((folder) => !barred(`server/${folder}`, `server/modules/${module}`))
        .map((folder) => `server/${folder} may import server/modules/${module}`),
    );
    expect(open).toEqual([]);
  });

  it('name no folder or file that does not exist', () => {
    const named = [...new Set(zones.flatMap((zone) => [...zone.targets, ...zone.from]))];
    const missing = named.filter((path) => !existsSync(path));
    expect(missing.map((path) => relative(ROOT, path))).toEqual([]);
  });
});

describe('lint', () => {
  const ruleIds = async (code: string, filePath: string) =>
    (await eslint.lintText(code, { filePath: join(ROOT, filePath) }))[0]!.messages.map((m) => m.ruleId);

  it('refuses a feature importing another feature or the shell', async () => {
    const code =
      "import { screens } from '../money/screens';\nimport { App } from '../../app/app';\nexport const probe = [screens, App];\n";
    const found = await ruleIds(code, 'src/features/teams/probe.ts');
    expect(found.filter((id) => id === 'import-x/no-restricted-paths')).toHaveLength(2);
  });

  it("refuses a server module reaching past another module's face, and takes the face", async () => {
    const past = await ruleIds(
      "import { sweepMoney } from '../money/reconcile';\nexport const probe = sweepMoney;\n",
      'server/modules/teams/probe.ts',
    );
    expect(past).toContain('import-x/no-restricted-paths');
    const face = await ruleIds(
      "import { sweepMoney } from '../money';\nexport const probe = sweepMoney;\n",
      'server/modules/teams/probe.ts',
    );
    expect(face).not.toContain('import-x/no-restricted-paths');
  });

  it('refuses a role list on a server route: who may call it is its contract route’s access', async () => {
    const inline = await ruleIds(
      "export const probe = { config: { auth: ['admin'] } };\n",
      'server/modules/teams/probe.ts',
    );
    expect(inline).toContain('no-restricted-syntax');
    const outside = await ruleIds(
      "export const probe = { config: { auth: 'public' } };\n",
      'server/modules/teams/probe.ts',
    );
    expect(outside).not.toContain('no-restricted-syntax');
  });

  it('refuses a route whose schemas are spelt out or missing: they are its contract route’s', async () => {
    const spelt = await ruleIds(
      'export const probe = (app: any, api: any) => app.get(api.url, { schema: { body: api.body } }, () => 1);\n',
      'server/modules/teams/probe.ts',
    );
    expect(spelt).toContain('no-restricted-syntax');
    const missing = await ruleIds(
      'export const probe = (app: any, api: any) => app.get(api.url, { bodyLimit: 1 }, () => 1);\n',
      'server/modules/teams/probe.ts',
    );
    expect(missing).toContain('no-restricted-syntax');
    const taken = await ruleIds(
      "import { routeSchema } from '../../../src/domain/schemas';\nexport const probe = (app: any, api: any) => app.get(api.url, { schema: routeSchema(api) }, () => 1);\n",
      'server/modules/teams/probe.ts',
    );
    expect(taken).not.toContain('no-restricted-syntax');
  });

  it('refuses a query in a routes file: its module’s services hold them', async () => {
    const found = await ruleIds(
      "import { users } from '../../db/schema';\nexport const probe = users;\n",
      'server/modules/teams/routes.ts',
    );
    expect(found).toContain('no-restricted-imports');
  });

  it('sees a dependency cycle between TypeScript modules', async () => {
    // index.ts re-exports common.ts, so common.ts importing the index closes a cycle.
    const found = await ruleIds(
      "import * as schemas from './index';\nexport const probe = schemas;\n",
      'src/domain/schemas/common.ts',
    );
    expect(found).toContain('import-x/no-cycle');
  });
});

/** Which server modules each module imports, from the import statements of its files. */
function moduleGraph(): Map<string, Set<string>> {
  const modules = foldersOf('server/modules');
  const graph = new Map(modules.map((m) => [m, new Set<string>()]));
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : [],
    );
  for (const module of modules)
    for (const file of walk(`server/modules/${module}`))
      for (const [, spec] of readFileSync(join(ROOT, file), 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
        const target = relative(join(ROOT, 'server/modules'), resolve(join(ROOT, file, '..'), spec!)).split('/')[0]!;
        if (target !== module && graph.has(target)) graph.get(module)!.add(target);
      }
  return graph;
}

/** A cycle through `start` as a path of modules, or null. */
function cycleThrough(graph: Map<string, Set<string>>, start: string): string[] | null {
  const seen = new Set<string>();
  const visit = (module: string, path: string[]): string[] | null => {
    for (const next of graph.get(module) ?? []) {
      if (next === start) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = visit(next, [...path, next]);
      if (found) return found;
    }
    return null;
  };
  return visit(start, [start]);
}

describe('the server modules', () => {
  it('import one another without a cycle', () => {
    const graph = moduleGraph();
    const cycles = [...graph.keys()].flatMap((m) => cycleThrough(graph, m) ?? []);
    expect(cycles).toEqual([]);
  });

  it('would show a cycle as one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycleThrough(graph, 'a')).toEqual(['a', 'b', 'c', 'a']);
    expect(cycleThrough(graph, 'd')).toBeNull();
  });
});
