// A 401 on any call but the sign-in means the session has ended, and the shell is told (it sends
// the user to sign in, keeping the outbox); a refused sign-in (wrong password) is not an ended
// session. The calls go through the app's own ky instance; only its transport is replaced.
import { afterEach, expect, it } from 'vitest';
import { http, onSessionEnded } from '../../src/api/http';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

const answering = (status: number) => http.extend({
  prefix: 'http://app.test/',
  fetch: async () => new Response(JSON.stringify({ message: 'Please sign in.' }), { status, headers: { 'content-type': 'application/json' } }),
});

it('tells the listeners of a 401 on a screen\'s call, not of other answers or of a refused sign-in', async () => {
  let ended = 0;
  stop = onSessionEnded(() => { ended += 1; });
  await answering(401).get('api/reports/entries');
  expect(ended).toBe(1);
  await answering(403).get('api/users');
  await answering(200).get('api/users');
  await answering(401).post('api/login', { json: { username: 'a', password: 'b' } });
  expect(ended).toBe(1);
  stop();
  await answering(401).get('api/users');
  expect(ended).toBe(1);
});
