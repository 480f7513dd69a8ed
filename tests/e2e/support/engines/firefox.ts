// Firefox: Debian's Firefox ESR, which speaks WebDriver BiDi itself (Debian has no geckodriver),
// launched and driven by puppeteer-core, headless, with a profile of its own. Offline is the
// browser's own (navigator.onLine false, the 'offline' and 'online' events), beside the cut link.
import puppeteer, { type Page } from 'puppeteer-core';
import { WAIT_MS, type Engine, type EngineBrowser, type EnginePage } from './engine';

const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

function pageOf(page: Page): EnginePage {
  const at = (xpath: string, timeoutMs = WAIT_MS) =>
    page.locator(`::-p-xpath(${xpath})`).setTimeout(timeoutMs).setVisibility('visible');
  return {
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload()),
    click: (xpath) => at(xpath).click(),
    type: (xpath, text) => at(xpath).fill(text),
    choose: (xpath, value) => at(xpath).fill(value),
    waitFor: async (xpath, timeoutMs) => void (await at(xpath, timeoutMs).wait()),
    value: (xpath) =>
      at(xpath)
        .map((el) => (el as HTMLInputElement).value)
        .wait(),
    texts: async (xpath) =>
      Promise.all((await page.$$(`::-p-xpath(${xpath})`)).map((e) => e.evaluate((n) => n.textContent ?? ''))),
    evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
  };
}

export const firefox: Engine = {
  name: 'Firefox',
  async launch(): Promise<EngineBrowser> {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: true,
      defaultViewport: { width: 1280, height: 900 },
    });
    const [page = await browser.newPage()] = await browser.pages();
    return {
      version: (await browser.version()).replace(/^firefox\//, 'Firefox '),
      page: pageOf(page),
      setOffline: (offline) => page.setOfflineMode(offline),
      close: () => browser.close(),
    };
  },
};
