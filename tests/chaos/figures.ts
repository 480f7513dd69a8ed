// The run's figures as a table, for the console.
import type { ChaosFigures } from './harness';

export function figuresTable(f: ChaosFigures): string {
  const rows: [string, string | number][] = [
    ['target', f.target],
    ['edits', f.edits],
    ['accepted', f.accepted],
    ['refused', f.refused],
    ['lost', f.lost],
    ['doubled', f.doubled],
    ['refused but not shown', f.invisible],
    ['crashes (kill -9)', f.crashes],
    ['network flaps', f.flaps],
    ['answers lost', f.lostAnswers],
    ['page reloads', f.reloads],
    ['seconds', f.seconds],
    ['edits/s', f.editsPerSecond],
    ['seed', f.seed],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  const lines = rows.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`);
  if (f.problems.length)
    lines.push(`  problems (${f.problems.length}):`, ...f.problems.slice(0, 50).map((p) => `    - ${p}`));
  return lines.join('\n');
}
