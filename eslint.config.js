// Lint: typescript-eslint's recommended rules, React hooks rules, and the import boundaries of
// docs/architecture.md made visible (lint/import-zones.js builds them from the folders on disk).
// import-x follows only files of the extensions it is told (.js alone by default): without
// `import-x/extensions` no-cycle never read a .ts module and reported nothing. Imports resolve
// through the TypeScript resolver, by tsconfig.json as tsc does.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { ROOT, importZones } from './lint/import-zones.js';
import { LONG_FILES, LONG_FUNCTION_FILES, SIZE_LIMITS } from './lint/size-limits.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${ROOT}/tsconfig.json` })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: importZones() }],
    },
  },
  {
    // Every call goes through a route of the domain contract (src/api/route-call.ts, write
    // adapters): a path written by hand in the client is a call the contract does not check.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/schemas/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^\\/?(api|utils)\\//]', 'TemplateElement[value.raw=/^\\/?(api|utils)\\//]'].map(
          (selector) => ({
            selector,
            message:
              'Call the server through a route of the contract (src/domain/schemas/api): callRoute, routePath or a write adapter.',
          }),
        ),
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod|date-fns|@date-fns/tz|\\.)',
              message: 'src/domain may import only zod, date-fns (with its time zones) and itself.',
            },
          ],
        },
      ],
    },
  },
  {
    // Who may call a route is declared once, on its contract route (`access`); server/plugins/authz.ts
    // reads it. Only a route outside the contract (an outside service's) declares itself, public.
    // A route's schemas are its contract route's (routeSchema); one spelt out says why beside it.
    files: ['server/modules/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='auth'][value.value!='public']",
          message:
            "Declare who may call a route on its contract route (access, in src/domain/schemas/api); only a route outside the contract says auth: 'public' here.",
        },
        {
          selector: "Property[key.name='schema'][value.type='ObjectExpression']",
          message: "Take the route's schemas from its contract: schema: routeSchema(route).",
        },
        {
          selector:
            "CallExpression[callee.object.name=/^(app|scope)$/][callee.property.name=/^(get|post|put|patch|delete)$/][arguments.length=3] > ObjectExpression:not(:has(Property[key.name='schema']))",
          message: 'A route without schemas: take them from its contract, schema: routeSchema(route).',
        },
      ],
    },
  },
  {
    // A routes file reads the request and calls its module's services; the queries live there.
    files: ['server/modules/**/routes.ts', 'server/modules/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'db/schema',
              message: "A routes file calls its module's services, where the queries live: move the query there.",
            },
          ],
        },
      ],
    },
  },
  {
    // Size limits (lint/size-limits.js); the files over a limit when they came in are listed there.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: SIZE_LIMITS.fileLines }],
      'max-lines-per-function': ['error', { max: SIZE_LIMITS.functionLines }],
    },
  },
  { files: ['src/**/*.tsx'], rules: { 'max-lines-per-function': ['error', { max: SIZE_LIMITS.componentLines }] } },
  { files: LONG_FILES, rules: { 'max-lines': 'off' } },
  { files: LONG_FUNCTION_FILES, rules: { 'max-lines-per-function': 'off' } },
);
