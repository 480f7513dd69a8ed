// Lint: typescript-eslint's recommended rules, React hooks rules, and the import boundaries of
// docs/architecture.md made visible (features never import each other; the server reaches into
// src/ only for src/domain; src/domain imports nothing of ours).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const features = ['participants', 'teams', 'team-managers', 'volunteers', 'waivers', 'schools', 'events',
  'invoices', 'payments', 'bibs', 'startlists', 'results', 'trophies', 'invites', 'users', 'reports',
  'files', 'home', 'session', 'registry', 'accounting', 'ticketing', 'upload'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', {
        zones: [
          { target: './src/domain', from: './src/!(domain)/**/*', message: 'src/domain is pure: it imports nothing of ours.' },
          { target: './src/domain', from: './server/**/*', message: 'src/domain is pure: it imports nothing of ours.' },
          { target: './server', from: './src/!(domain)/**/*', message: 'The server imports only src/domain of src/.' },
          { target: ['./src/api', './src/db', './src/sync'], from: ['./src/features', './src/app', './src/components'], message: 'Lower layers do not import screens.' },
          { target: './src/components', from: ['./src/features', './src/app'], message: 'Shared components do not import screens.' },
          { target: './src/sw', from: ['./src/features', './src/app', './src/components'], message: 'The service worker imports only sync and below.' },
          ...features.map((feature) => ({
            target: `./src/features/${feature}`,
            from: `./src/features/!(${feature})/**/*`,
            message: 'Features do not import each other: share through src/components or src/domain.',
          })),
        ],
      }],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod|date-fns|\\.)', message: 'src/domain may import only zod, date-fns and itself.' }] }],
    },
  },
);
