// Debian's chromium driven by Playwright, with the flags that keep it off the network. One
// browser serves the whole run: tests/support/browser-server.ts launches it before the first e2e
// file, and each file connects to it (a launch costs a second or more of this machine's two cores;
// seven of them used to).
import { chromium, type Browser } from "playwright-core";
import { inject } from "vitest";
import { chromiumArgs } from "../../bin/chromium.js";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export { chromiumArgs };

/**
 * The run's browser, connected to for this file (close() disconnects and closes this file's
 * pages, never the browser). Pages from `newPage` are, by default, those of a returning visitor:
 * the first-visit newsletter pop-up (a modal dialog) would otherwise cover every page a test
 * opens. A page of `newContext()` is a first visit.
 */
export async function connectBrowser(options: { firstVisit?: boolean } = {}): Promise<Browser> {
  const endpoint = inject("browserEndpoint");
  // A file run outside the e2e project (no global setup) launches a browser of its own.
  const browser = endpoint
    ? await chromium.connect(endpoint)
    : await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  if (!options.firstVisit) {
    const newPage = browser.newPage.bind(browser);
    browser.newPage = async (pageOptions) => {
      const page = await newPage(pageOptions);
      await page.addInitScript(() => localStorage.setItem("newUserPopupSeen", "1"));
      return page;
    };
  }
  return browser;
}
