// A 401 on any call but the sign-in means the session has ended, and the shell is told (it sends
// the user to sign in, keeping the outbox); a refused sign-in (wrong password) is not an ended
// session. A 410 likewise tells the shell the event is locked. The calls go through the app's own ky instance; only its transport is replaced.
import { afterEach, expect, it } from 'vitest';
import { http, onEventLocked, onSessionEnded } from '../../src/api/http';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

const answering = (status: number) =>
  http.extend({
    prefix: 'http://app.test/',
    fetch: async () =>
      new Response(JSON.stringify({ message: 'Please sign in.' }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  });

it("tells the listeners of a 401 on a screen's call, not of other answers or of a refused sign-in", async () => {
  let ended = 0;
  stop = onSessionEnded(() => {
    ended += 1;
  });
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

it('tells the listeners of a 410 on a direct call (an import confirmed, a carry-over): the event is locked', async () => {
  let locked = 0;
  stop = onEventLocked(() => {
    locked += 1;
  });
  await answering(410).post('api/xls-import/confirm', { json: {} });
  await answering(410).post('api/participants/carry-over', { json: {} });
  await answering(422).post('api/xls-import/confirm', { json: {} });
  expect(locked).toBe(2);
});
