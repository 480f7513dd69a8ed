// The size exceptions only shrink (lint/size-limits.js): each file listed must still be over the
// limit it is listed for, checked by ESLint with that limit on. A file split below its limit fails
// here until it comes off the list.
import { ESLint } from 'eslint';
import { ROOT } from './import-zones.js';
import { LONG_FILES, LONG_FUNCTION_FILES, SIZE_LIMITS } from './size-limits.js';

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      rules: {
        'max-lines': ['error', { max: SIZE_LIMITS.fileLines }],
        'max-lines-per-function': ['error', { max: SIZE_LIMITS.functionLines }],
      },
    },
    { files: ['**/*.tsx'], rules: { 'max-lines-per-function': ['error', { max: SIZE_LIMITS.componentLines }] } },
  ],
});

const listed = [
  ...LONG_FILES.map((file) => ({ file, rule: 'max-lines', list: 'LONG_FILES' })),
  ...LONG_FUNCTION_FILES.map((file) => ({ file, rule: 'max-lines-per-function', list: 'LONG_FUNCTION_FILES' })),
];
const results = await eslint.lintFiles([...new Set(listed.map((l) => l.file))]);
const rulesOf = new Map(
  results.map((r) => [r.filePath.slice(ROOT.length + 1), new Set(r.messages.map((m) => m.ruleId))]),
);
const stale = listed.filter(({ file, rule }) => !rulesOf.get(file)?.has(rule));
for (const { file, list } of stale)
  console.error(`${file} is within its size limit now: take it off ${list} in lint/size-limits.js.`);
process.exitCode = stale.length ? 1 : 0;
