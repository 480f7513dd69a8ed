// A page of a browser of another engine than Chromium (WebKit, Firefox), as the cross-engine
// browser tests drive it. Playwright drives only its own builds of those engines, which cannot be
// installed here, so each is driven through WebDriver by its own client (webkit.ts, firefox.ts);
// this is what both give the tests. Elements are named by XPath (xpath.ts), which both clients
// read, and every action waits for its element to be shown first.

export interface EnginePage {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Clicks the element as a user would, once it is shown. */
  click(xpath: string): Promise<void>;
  /** Types the text into the empty field, once it is shown. */
  type(xpath: string, text: string): Promise<void>;
  /** Chooses the option of the select with this value. */
  choose(xpath: string, value: string): Promise<void>;
  /** Waits until an element the XPath names is shown. */
  waitFor(xpath: string, timeoutMs?: number): Promise<void>;
  /** The value of the field (an input's text, a select's chosen option). */
  value(xpath: string): Promise<string>;
  /** The text of every element the XPath names, in document order. */
  texts(xpath: string): Promise<string[]>;
  /** The value of a JavaScript expression in the page (a promise is awaited). */
  evaluate<T>(expression: string): Promise<T>;
}

export interface EngineBrowser {
  /** The engine and its version, as a failure should name them. */
  readonly version: string;
  readonly page: EnginePage;
  /** Takes the device off the network (true) or puts it back, where the engine can tell the page. */
  setOffline(offline: boolean): Promise<void>;
  close(): Promise<void>;
}

export type Engine = {
  name: 'WebKit' | 'Firefox';
  /** Starts a browser with a profile of its own. */
  launch(): Promise<EngineBrowser>;
};

export const WAIT_MS = 30_000;
