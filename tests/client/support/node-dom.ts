// A DOM for node-environment client tests that render pages on data from a real server: the test
// server cannot load under the happy-dom environment (its modules resolve files through
// import.meta.url), so these files run in node and install happy-dom's window themselves, keeping
// node's own fetch, URL and friends for the server and the cookie jar. Import
// @testing-library/react only after installDom (its `screen` binds to the document on import).
import { builtinEnvironments } from 'vitest/runtime';

const NODE_KEEPS = [
  'fetch', 'Headers', 'Request', 'Response', 'URL', 'URLSearchParams', 'AbortController', 'AbortSignal', 'FormData',
  'MessagePort', 'MessageChannel', 'BroadcastChannel', 'EventTarget', 'Event', 'CustomEvent', 'structuredClone',
];

export async function installDom(): Promise<() => Promise<void>> {
  const scope = globalThis as Record<string, unknown>;
  const saved = new Map(NODE_KEEPS.filter((key) => key in scope).map((key) => [key, scope[key]]));
  const env = await builtinEnvironments['happy-dom'].setup(globalThis, {});
  for (const [key, value] of saved) scope[key] = value;
  return async () => { await env.teardown(globalThis); };
}
