// A DOM for the client project's files, which render pages on data from a real server: the test
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

/**
 * Installs happy-dom's window in this worker, once: the files of the client project share their
 * worker's modules (vitest.config.ts), so testing-library, imported once, keeps the document it
 * bound to on import. The window stays for the worker's life; each file unmounts what it rendered
 * (testing-library's cleanup) and drops its databases.
 */
let installed: Promise<void> | undefined;
export function installDom(): Promise<void> {
  return (installed ??= (async () => {
    const scope = globalThis as Record<string, unknown>;
    const saved = new Map(NODE_KEEPS.filter((key) => key in scope).map((key) => [key, scope[key]]));
    await builtinEnvironments['happy-dom'].setup(globalThis, {});
    for (const [key, value] of saved) scope[key] = value;
    addGridTheme(document);
  })());
}

/** Installs the DOM (beforeAll) and hands over testing-library, loaded after it: read `dom.rtl`
 *  inside tests. What a file rendered is unmounted when it ends. */
export function renderInNode(): { readonly rtl: typeof Rtl } {
  const dom = {} as { rtl: typeof Rtl };
  beforeAll(async () => {
    await installDom();
    dom.rtl = await import('@testing-library/react');
    // As tests/client/support/setup.ts does for the happy-dom files.
    dom.rtl.configure({ asyncUtilTimeout: 10_000 });
  });
  afterAll(() => {
    dom.rtl?.cleanup();
  });
  return dom;
}
