// The device's calendar date (src/domain/rules/grid-date.ts localIsoDate) and the report file
// names built from it (src/features/reports/report-table.ts reportFileName): a report opened just
// after midnight in Sydney says 29 Nov, and its exported file must say 2025-11-29 too, not the
// UTC date (still the 28th). The time zone of a test worker cannot be changed (TZ set in a worker
// thread is ignored), so the Sydney case runs in a node process started with TZ=Australia/Sydney.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { localIsoDate } from '../../src/domain/rules/grid-date';
import { reportFileName } from '../../src/features/reports/report-table';

const ROOT = join(import.meta.dirname, '..', '..');
const module = (path: string) => JSON.stringify(pathToFileURL(join(ROOT, path)).href);

/** What `expression` gives in a node process on Sydney time (tsx loads the TypeScript). */
function inSydney(expression: string): unknown {
  const script = [
    `import { localIsoDate } from ${module('src/domain/rules/grid-date.ts')};`,
    `import { reportFileName } from ${module('src/features/reports/report-table.ts')};`,
    `process.stdout.write(JSON.stringify(${expression}));`,
  ].join('\n');
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, TZ: 'Australia/Sydney' },
    encoding: 'utf8',
  });
  return JSON.parse(out) as unknown;
}

describe('the local date of exported files', () => {
  it('is the calendar date of the moment on the device, from just after midnight to just before the next', () => {
    // Dates built from local components read the same in every time zone the tests run in.
    expect(localIsoDate(new Date(2025, 10, 29, 0, 5))).toBe('2025-11-29');
    expect(localIsoDate(new Date(2025, 10, 29, 23, 55))).toBe('2025-11-29');
    expect(localIsoDate(new Date(2026, 0, 1, 0, 0))).toBe('2026-01-01');
    expect(reportFileName('Missing waivers', 'csv', new Date(2025, 10, 29, 0, 5))).toBe(
      'missing-waivers-2025-11-29.csv',
    );
  });

  it('in Sydney just after midnight is that day, while UTC still says the day before', () => {
    // 00:30 on 29 Nov 2025 in Sydney (daylight time, UTC+11) is 13:30 on the 28th in UTC.
    const moment = '2025-11-28T13:30:00.000Z';
    expect(new Date(moment).toISOString().slice(0, 10)).toBe('2025-11-28');
    expect(
      inSydney(`[
        localIsoDate(new Date('${moment}')),
        reportFileName('Race entries per school', 'csv', new Date('${moment}')),
        reportFileName('Missing waivers', 'xlsx', new Date('${moment}')),
        new Date('${moment}').getDate(),
      ]`),
    ).toEqual(['2025-11-29', 'race-entries-per-school-2025-11-29.csv', 'missing-waivers-2025-11-29.xlsx', 29]);
  }, 30_000);
});
