// Taking a device off the network. Chromium's emulated offline (what navigator.onLine and the
// 'online' event follow) has let a request through now and then (about one run in ten here: a
// save reached the server from a device the test had taken offline), so the device's calls to the
// API are also cut where the browser sends them, as a dropped connection would cut them.
import type { BrowserContext, Route } from 'playwright-core';

const API_CALLS = '**/api/**';
const cut = (route: Route) => route.abort('internetdisconnected');
const cutContexts = new WeakSet<BrowserContext>();

/** Takes the device off the network (true) or puts it back (false). */
export async function setDeviceOffline(context: BrowserContext, offline: boolean): Promise<void> {
  if (offline) {
    if (!cutContexts.has(context)) await context.route(API_CALLS, cut);
    cutContexts.add(context);
    await context.setOffline(true);
    return;
  }
  if (cutContexts.has(context)) await context.unroute(API_CALLS, cut);
  cutContexts.delete(context);
  await context.setOffline(false);
}
