// WebKit, the engine of every browser on an iPad: WebKitGTK's MiniBrowser (Debian's
// libwebkit2gtk-4.1-0) driven by WebKitWebDriver (webkit2gtk-driver) through selenium-webdriver,
// on an X display of its own (Xvfb: WebKitGTK has no headless mode). WebDriver gives WebKit no
// way to go offline, so `setOffline` does nothing: the test cuts the link (link.ts) and the page
// learns of it from its failed calls, as on a site's Wi-Fi with no way down.
import { spawn, type ChildProcess } from 'node:child_process';
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Builder, By, error, until, type WebDriver, type WebElement } from 'selenium-webdriver';
import { freePort } from '../server';
import { WAIT_MS, type Engine, type EngineBrowser, type EnginePage } from './engine';

/** MiniBrowser lives in the library's own folder, under the machine's multiarch triplet. */
async function miniBrowser(): Promise<string> {
  if (process.env.WEBKIT_MINIBROWSER) return process.env.WEBKIT_MINIBROWSER;
  for (const dir of await readdir('/usr/lib')) {
    const binary = path.join('/usr/lib', dir, 'webkit2gtk-4.1', 'MiniBrowser');
    if (
      await access(binary).then(
        () => true,
        () => false,
      )
    )
      return binary;
  }
  throw new Error('WebKitGTK MiniBrowser not found: install libwebkit2gtk-4.1-0 (scripts/install-system-deps.sh)');
}

function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** An X server on the first free display; its number is what it writes to the given descriptor. */
async function startDisplay(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
    xvfb.stdout!.once('data', (chunk: Buffer) => resolve(`:${String(chunk).trim()}`));
  });
  return { display, process: xvfb };
}

async function startDriver(display: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const driver = spawn('WebKitWebDriver', [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const failed = new Promise<never>((_, reject) => {
    driver.once('error', reject);
    driver.once('exit', (code) => reject(new Error(`WebKitWebDriver exited with ${code}`)));
  });
  const ready = (async () => {
    for (;;) {
      const status = await fetch(`${url}/status`).catch(() => null);
      if (status?.ok) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  await Promise.race([ready, failed]);
  return { url, process: driver };
}

function pageOf(driver: WebDriver): EnginePage {
  const shown = async (xpath: string, timeoutMs: number): Promise<WebElement> => {
    const element = await driver.wait(until.elementLocated(By.xpath(xpath)), timeoutMs, `nothing at ${xpath}`);
    await driver.wait(until.elementIsVisible(element), timeoutMs, `not shown: ${xpath}`);
    return element;
  };
  /** Acts on the element once shown; React may draw it again meanwhile, so a node gone stale is
   *  looked up again. */
  const onShown = async <T>(xpath: string, act: (element: WebElement) => Promise<T>, timeoutMs = WAIT_MS) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await act(await shown(xpath, Math.max(1, until - Date.now())));
      } catch (e) {
        if (!(e instanceof error.StaleElementReferenceError) || Date.now() > until) throw e;
      }
    }
  };
  return {
    goto: (url) => driver.get(url),
    reload: () => driver.navigate().refresh(),
    click: (xpath) => onShown(xpath, (e) => e.click()),
    type: (xpath, text) => onShown(xpath, (e) => e.sendKeys(text)),
    choose: (xpath, value) => onShown(xpath, async (e) => e.findElement(By.css(`option[value="${value}"]`)).click()),
    waitFor: (xpath, timeoutMs) => onShown(xpath, async () => undefined, timeoutMs),
    value: (xpath) => onShown(xpath, async (e) => (await e.getAttribute('value')) ?? ''),
    texts: (xpath) =>
      driver.executeScript<string[]>(
        `const found = document.evaluate(arguments[0], document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
         return Array.from({ length: found.snapshotLength }, (_, i) => found.snapshotItem(i).textContent);`,
        xpath,
      ),
    evaluate: (expression) => driver.executeScript(`return (${expression});`),
  };
}

export const webkit: Engine = {
  name: 'WebKit',
  async launch(): Promise<EngineBrowser> {
    const display = await startDisplay();
    const driverServer = await startDriver(display.display).catch(async (error: unknown) => {
      display.process.kill();
      throw error;
    });
    const driver = await new Builder()
      .usingServer(driverServer.url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: await miniBrowser(), args: ['--automation'] },
      })
      .build();
    await driver.manage().window().setRect({ width: 1280, height: 900 });
    const capabilities = await driver.getCapabilities();
    return {
      version: `WebKitGTK ${String(capabilities.get('browserVersion'))}`,
      page: pageOf(driver),
      setOffline: async () => undefined,
      async close() {
        await driver.quit().catch(() => undefined);
        for (const child of [driverServer.process, display.process]) {
          child.kill();
          await ended(child);
        }
      },
    };
  },
};
