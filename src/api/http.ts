// The one door to the network: a ky instance for the API (same origin, cookies included). The
// offline engine (src/sync) and the typed call functions build on it.
import ky from 'ky';

export const http = ky.create({
  prefix: '/',
  credentials: 'same-origin',
  timeout: 20_000,
  retry: 0,
  throwHttpErrors: false,
});
