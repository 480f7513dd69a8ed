// Every document the code and the docs cite is in the repository, and every section they name in
// it is there: a heading, or a bold label of a list ("docs/decisions.md 'Race day'",
// "src/sync/README.md 'Pull'"). A section renamed or a document moved fails here, not on a
// reader following the comment. And nothing cites the team's briefing outside the repository.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
// Files not committed yet count too (--others): a new README's citations are checked before it lands.
const tracked = execFileSync(
  'git',
  [
    'ls-files',
    '--cached',
    '--others',
    '--exclude-standard',
    'src',
    'server',
    'tests',
    'lint',
    'scripts',
    'docs',
    '*.md',
    ':(glob)*.config.ts',
    ':(glob)*.config.js',
  ],
  { cwd: ROOT, encoding: 'utf8' },
)
  .split('\n')
  .filter((file) => /\.(ts|tsx|js|mjs|md|sh)$/.test(file) && existsSync(join(ROOT, file)))
  // This file's probes cite what is not there on purpose.
  .filter((file) => file !== 'tests/unit/docs-citations.test.ts');

/** A cited document, then the section named after it; the name may run on over a comment's lines.
 *  A document is one of docs/, or a README.md named by its path from the repository's root
 *  ('src/sync/README.md', 'README.md'). A README path that starts inside a word or a path (a URL,
 *  '../db/README.md') or is a Markdown link's target ('](db/README.md)') is relative to somewhere
 *  else, so it is not read as one; a link's text names the document, and its section may follow
 *  the link ("[src/db/README.md](../db/README.md), 'Versions'"). */
const CITATION =
  /(docs\/[\w./-]+\.md|(?<![\w./-]|\]\()(?:[\w-][\w.-]*\/)*README\.md)(?:\]\([^)\s]*\))?,? ?('(?:[^'\n]|\n\s*(?:\/\/|\*)\s*)+')?/g;

const sectionsOf = new Map<string, string[] | null>();
function sections(doc: string): string[] | null {
  if (!sectionsOf.has(doc)) {
    const path = join(ROOT, doc);
    const text = existsSync(path) ? readFileSync(path, 'utf8') : null;
    sectionsOf.set(
      doc,
      text === null
        ? null
        : [
            ...[...text.matchAll(/^#+ (.+)$/gm)].map((m) => m[1]!.trim()),
            ...[...text.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]!.trim()),
          ],
    );
  }
  return sectionsOf.get(doc)!;
}

/** Each citation that leads nowhere, as 'file: doc section'. */
function brokenCitations(file: string, text: string): string[] {
  return [...text.matchAll(CITATION)].flatMap((m) => {
    const doc = m[1]!;
    const found = sections(doc);
    if (found === null) return [`${file}: ${doc} does not exist`];
    if (!m[2]) return [];
    const name = m[2]
      .slice(1, -1)
      .replace(/\s*\n\s*(?:\/\/|\*)\s*/g, ' ')
      .trim();
    return found.some((section) => section === name || section.startsWith(name)) ? [] : [`${file}: ${doc} '${name}'`];
  });
}

describe('the docs the code cites', () => {
  it('exist, with every section named', () => {
    const broken = tracked.flatMap((file) => brokenCitations(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(broken).toEqual([]);
  });

  it('would show a section or a document that is not there', () => {
    expect(brokenCitations('probe.ts', "// (docs/decisions.md 'No such section')")).toEqual([
      "probe.ts: docs/decisions.md 'No such section'",
    ]);
    expect(brokenCitations('probe.ts', '// see docs/nowhere.md')).toEqual(['probe.ts: docs/nowhere.md does not exist']);
    expect(brokenCitations('probe.ts', "// (docs/decisions.md 'Race\n// day')")).toEqual([]);
    expect(brokenCitations('probe.ts', "// (src/sync/README.md 'No such section')")).toEqual([
      "probe.ts: src/sync/README.md 'No such section'",
    ]);
    expect(brokenCitations('probe.ts', '// see src/nowhere/README.md')).toEqual([
      'probe.ts: src/nowhere/README.md does not exist',
    ]);
    expect(brokenCitations('probe.ts', "// (src/sync/README.md 'Pull')")).toEqual([]);
    expect(brokenCitations('probe.md', "[src/sync/README.md](../sync/README.md), 'No such section'")).toEqual([
      "probe.md: src/sync/README.md 'No such section'",
    ]);
    // Not citations of a file by its path from the root: relative links, a URL.
    expect(brokenCitations('probe.md', "[db](../db/README.md) 'No such section'")).toEqual([]);
    expect(brokenCitations('probe.md', '[sync](nowhere/README.md)')).toEqual([]);
    expect(brokenCitations('probe.md', 'https://example.com/nowhere/README.md')).toEqual([]);
  });

  it('are all inside the repository: nothing cites the briefing beside it', () => {
    const briefing = /PRODUCT-DECISIONS|ARCHITECTURE\.md|STACK\.md|STYLE\.md/;
    expect(
      tracked.filter(
        (file) => !file.endsWith('docs-citations.test.ts') && briefing.test(readFileSync(join(ROOT, file), 'utf8')),
      ),
    ).toEqual([]);
  });
});
