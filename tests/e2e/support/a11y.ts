// Accessibility as a standing test: axe-core runs in the page and any violation of impact
// critical or serious fails the test, naming each rule, its help text and the offending nodes.
//
// axe is injected with page.evaluate(source): DevTools evaluation is not subject to the page's
// Content-Security-Policy (script-src 'self', no inline script), so this needs neither an inline
// <script> (addScriptTag) nor bypassCSP, and the page is tested under the CSP it really has.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
let axeSource: Promise<string> | undefined;

function loadAxe(): Promise<string> {
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** The impacts that fail a test; moderate and minor ones are reported by `runAxe` only. */
const FAILING_IMPACTS: ReadonlySet<string> = new Set(['critical', 'serious']);

export interface AxeCheckOptions {
  /** CSS selectors of parts of the page left out (e.g. third-party widgets); none by default. */
  exclude?: string[];
  /** axe rules to switch off for this check, with the reason in a comment at the call. */
  disableRules?: string[];
}

type AxeGlobal = { axe?: { run(context: unknown, options: RunOptions): Promise<AxeResults>; version: string } };

/** Runs axe-core (WCAG 2.x A/AA and best practices) on the page as it is now. */
async function runAxe(page: Page, options: AxeCheckOptions = {}): Promise<AxeResults> {
  const has = await page.evaluate(() => typeof (globalThis as AxeGlobal).axe?.run === 'function');
  if (!has) {
    const source = await loadAxe();
    // A function body evaluated in the page: defines window.axe. Not a <script>, so the CSP does
    // not apply.
    await page.evaluate(source);
  }
  return page.evaluate(
    async ({ exclude, disableRules }) => {
      const axe = (globalThis as AxeGlobal).axe!;
      const rules = Object.fromEntries(disableRules.map((id) => [id, { enabled: false }]));
      const context = exclude.length > 0 ? { include: [document], exclude: exclude.map((s) => [s]) } : document;
      return axe.run(context, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
        rules,
        resultTypes: ['violations'],
      });
    },
    { exclude: options.exclude ?? [], disableRules: options.disableRules ?? [] },
  );
}

/** One line per violation and one per node: rule id, impact, help, help URL, target selectors. */
function formatViolations(violations: readonly Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map(
          (n) =>
            `    - ${n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' | ')}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
        )
        .join('\n');
      return `  [${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
    })
    .join('\n');
}

const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;

/** One line per screen (printed with A11Y_REPORT=1): violations by impact, the rules named. */
function summarize(screen: string, results: AxeResults): string {
  const counts = IMPACTS.map((impact) => {
    const rules = results.violations.filter((v) => v.impact === impact);
    const nodes = rules.reduce((n, v) => n + v.nodes.length, 0);
    return `${nodes} ${impact}${rules.length ? ` (${rules.map((v) => v.id).join(', ')})` : ''}`;
  });
  return `axe ${screen}: ${counts.join(', ')}`;
}

/** The violations that fail a test (critical or serious). */
function failingViolations(results: AxeResults): Result[] {
  return results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
}

/**
 * Fails the test (vitest expect) when axe finds a critical or serious violation on the page,
 * printing each with its id, help and targets. `screen` names the page in the message.
 * Returns the full results (moderate and minor included) for callers that want to count.
 */
export async function expectAccessible(page: Page, screen: string, options: AxeCheckOptions = {}): Promise<AxeResults> {
  const results = await runAxe(page, options);
  const failing = failingViolations(results);
  if (process.env.A11Y_REPORT) console.log(summarize(screen, results));
  expect(
    failing,
    `axe found ${failing.length} critical/serious violation(s) on ${screen} (${page.url()}):\n${formatViolations(failing)}`,
  ).toEqual([]);
  return results;
}
