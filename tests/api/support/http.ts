// Signing in through the real login route, and requests that carry the session cookie.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { PASSWORD } from './factories';

export type Agent = {
  cookie: string;
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
};

export async function signIn(
  app: FastifyInstance,
  username: string,
  password = PASSWORD,
  EventId?: string,
): Promise<Agent> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password, ...(EventId ? { EventId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'sid');
  expect(cookie, 'login sets the session cookie').toBeTruthy();
  const header = `sid=${cookie!.value}`;
  return {
    cookie: header,
    request: (opts) => app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: header } }),
  };
}
