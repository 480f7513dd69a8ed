// A DOM for node-environment client tests that render pages on data from a real server: the test
// server cannot load under the happy-dom environment (its modules resolve files through
// import.meta.url), so these files run in node and install happy-dom's window themselves, keeping
// node's own fetch, URL and friends for the server and the cookie jar. Import
// @testing-library/react only after installDom (its `screen` binds to the document on import).
import type * as Rtl from '@testing-library/react';
import { afterAll, beforeAll } from 'vitest';
import { builtinEnvironments } from 'vitest/runtime';
import { addGridTheme } from './grid-theme';

const NODE_KEEPS = [
  'fetch',
  'Headers',
  'Request',
  'Response',
  'URL',
  'URLSearchParams',
  'AbortController',
  'AbortSignal',
  'FormData',
  'MessagePort',
  'MessageChannel',
  'BroadcastChannel',
  'EventTarget',
  'Event',
  'CustomEvent',
  'structuredClone',
];

export async function installDom(): Promise<() => Promise<void>> {
  const scope = globalThis as Record<string, unknown>;
  const saved = new Map(NODE_KEEPS.filter((key) => key in scope).map((key) => [key, scope[key]]));
  const env = await builtinEnvironments['happy-dom'].setup(globalThis, {});
  for (const [key, value] of saved) scope[key] = value;
  addGridTheme(document);
  return async () => {
    await env.teardown(globalThis);
  };
}

/** Installs the DOM for the test file (beforeAll/afterAll) and hands over testing-library, loaded
 *  after it: read `dom.rtl` inside tests. */
export function renderInNode(): { readonly rtl: typeof Rtl } {
  const dom = {} as { rtl: typeof Rtl };
  let remove: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    remove = await installDom();
    dom.rtl = await import('@testing-library/react');
    // As tests/client/support/setup.ts does for the happy-dom files.
    dom.rtl.configure({ asyncUtilTimeout: 10_000 });
  });
  afterAll(async () => {
    await remove?.();
  });
  return dom;
}
