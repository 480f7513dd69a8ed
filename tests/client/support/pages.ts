// Pages that call the real server over the network (src/api/call.ts through ky) in the node
// client tests: a signed-in session, the page's fetch pointed at the test server, and typing as a
// user does.
import { expect, vi } from 'vitest';
import type { SessionUser } from '../../../src/domain/schemas';
import { syncStatus } from '../../../src/sync/status';
import { PASSWORD } from '../../api/support/factories';
import { cookieJar, type Jar, type World } from '../sync-support';

/** Signs a user in on the world's event: its cookie jar and the session user the app stores. */
export async function signInOnEvent(w: World, username: string): Promise<{ jar: Jar; user: SessionUser }> {
  const jar = cookieJar(w.baseUrl);
  const res = await jar.fetch(`${w.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD, EventId: w.eventId }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { jar, user: (await res.json()) as SessionUser };
}

export type SentRequest = { method: string; path: string; search: string; body: unknown };

/** The pages' network: ky asks for '/api/...' on the page's origin, which is the test server's;
 *  each request carries the session's cookie and, when a list is given, is recorded in it. From
 *  here global fetch is the pages' (read the server as another session through app.inject). */
export function connectPagesTo(baseUrl: string, jar: Jar, sent?: SentRequest[]): void {
  const NodeRequest = globalThis.Request;
  const nodeFetch = globalThis.fetch;
  class SameOrigin extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? new URL(input, baseUrl) : input, init);
    }
  }
  const send: typeof fetch = async (input, init) => {
    const request = new NodeRequest(input, init);
    const headers = new Headers(request.headers);
    headers.set('cookie', [...jar.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const text = request.method === 'GET' ? '' : await request.text();
    const url = new URL(request.url);
    sent?.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      body: text ? JSON.parse(text) : undefined,
    });
    return nodeFetch(request.url, { method: request.method, headers, body: text || undefined });
  };
  vi.stubGlobal('Request', SameOrigin);
  vi.stubGlobal('fetch', send);
  syncStatus.set({ online: true });
}

/** Types a value as a user does. fireEvent.change would build node's Event (these files keep
 *  node's globals for the server), which happy-dom refuses, so the event comes from the document. */
export function typeValue(
  fire: (target: Element, event: Event) => boolean,
  input: HTMLInputElement | HTMLSelectElement,
  value: string,
  type: 'change' | 'input' = 'change',
): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!.call(input, value);
  const event = document.createEvent('Event');
  event.initEvent(type, true, true);
  fire(input, event);
}

/** Chooses a file in a file input, as a user's pick in the browser's file dialog does. */
export function chooseFile(fire: (target: Element, event: Event) => boolean, input: HTMLInputElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  const event = document.createEvent('Event');
  event.initEvent('change', true, true);
  fire(input, event);
}

/** A call straight to the test server as the jar's session (setting up what a user would have
 *  done through other screens); expects 200 and answers the JSON. */
export async function apiAs(w: World, jar: Jar, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await jar.fetch(`${w.baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
  return res.json();
}
