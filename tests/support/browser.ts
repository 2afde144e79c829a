// Debian's chromium driven by Playwright, with the flags that keep it off the network.
import { chromium, type Browser } from "playwright-core";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * A browser whose pages are, by default, those of a returning visitor: the first-visit
 * newsletter pop-up (a modal dialog) would otherwise cover every page a test opens.
 */
export async function launchBrowser(options: { firstVisit?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ],
  });
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
