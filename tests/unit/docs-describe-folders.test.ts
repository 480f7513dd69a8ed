// docs/architecture.md describes the code as built: its Layout block names every folder of src/,
// src/features/, server/, server/modules/ and tests/, every plugin file of server/plugins/ and
// every script of scripts/, and names none of those that no longer exist. The block is a tree:
// an entry starts at indentation 0, 2 or 4 (a child of the last entry one level up that ends in
// '/'); a line indented further continues the description of the entry above it.
import { readFileSync, readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOC = 'docs/architecture.md';

/** What the doc must name: the folders (or files) directly inside each of these. */
const DESCRIBED: readonly { under: string; kind: 'folders' | 'files' }[] = [
  { under: 'src', kind: 'folders' },
  { under: 'src/features', kind: 'folders' },
  { under: 'server', kind: 'folders' },
  { under: 'server/modules', kind: 'folders' },
  { under: 'server/plugins', kind: 'files' },
  { under: 'tests', kind: 'folders' },
  { under: 'scripts', kind: 'files' },
];

const ENTRY_INDENTS = [0, 2, 4];
const PATH_TOKEN = /^[\w.-]+(\/[\w.-]+)*\/?$/;

/** The paths the Layout block names, from the repository root, without a trailing '/'. */
function layoutPaths(markdown: string): string[] {
  const section = markdown.split(/^## Layout\s*$/m)[1];
  if (section === undefined) throw new Error(`${DOC} has no '## Layout' section`);
  const block = /^```\n([\s\S]*?)^```/m.exec(section)?.[1];
  if (block === undefined) throw new Error(`The Layout section of ${DOC} has no code block`);
  const parents: string[] = [];
  const paths: string[] = [];
  for (const line of block.split('\n')) {
    const indent = line.length - line.trimStart().length;
    const token = line.trim().split(/\s+/)[0] ?? '';
    if (!token || !ENTRY_INDENTS.includes(indent) || !PATH_TOKEN.test(token)) continue;
    const level = indent / 2;
    const parent = level === 0 ? '' : parents[level - 1];
    if (parent === undefined) continue;
    const path = parent + token;
    paths.push(path.replace(/\/$/, ''));
    parents.length = level;
    parents[level] = path.endsWith('/') ? path : `${path}/`;
  }
  return paths;
}

const entriesOf = (folder: string): Dirent[] => readdirSync(join(ROOT, folder), { withFileTypes: true });

/** Everything the doc must name, as paths from the root (an empty folder holds nothing to say). */
function describedOnDisk(): string[] {
  return DESCRIBED.flatMap(({ under, kind }) =>
    entriesOf(under)
      .filter((e) => (kind === 'folders' ? e.isDirectory() && entriesOf(`${under}/${e.name}`).length > 0 : e.isFile()))
      .map((e) => `${under}/${e.name}`),
  );
}

/** A named path of one of the described kinds: directly inside one of the DESCRIBED folders. */
const isOfDescribedKind = (path: string) =>
  DESCRIBED.some(({ under }) => {
    if (!path.startsWith(`${under}/`)) return false;
    return !path.slice(under.length + 1).includes('/');
  });

function exists(path: string): boolean {
  const slash = path.lastIndexOf('/');
  return entriesOf(path.slice(0, slash)).some((e) => e.name === path.slice(slash + 1));
}

describe(DOC, () => {
  const named = layoutPaths(readFileSync(join(ROOT, DOC), 'utf8'));

  it('reads the Layout block as a tree of paths', () => {
    expect(named).toContain('src/features/teams');
    expect(named).toContain('server/modules/teams');
    expect(named).toContain('server/plugins/authz.ts');
  });

  it('names every folder of src, src/features, server, server/modules and tests, every plugin and every script', () => {
    const missing = describedOnDisk().filter((path) => !named.includes(path));
    expect(missing, `not in the Layout block of ${DOC}: add a line saying what each holds`).toEqual([]);
  });

  it('names no folder, plugin or script that no longer exists', () => {
    const gone = named.filter((path) => isOfDescribedKind(path) && !exists(path));
    expect(gone, `named in the Layout block of ${DOC} but not in the code`).toEqual([]);
  });
});
