// Pages handed from test to test within a file. Opening a page costs Chromium about half a
// core-second more than loading a page into one already open (a browser context, a renderer and
// its compositor set up and torn down, Playwright's scripts injected): 67 pages opened made up a
// third of the browser tier's Chromium time (2026-11-27). A page given back is wiped of what a
// test may have left on it that a load does not clear, and loaded afresh for the next.
import type { Browser, Page } from "playwright-core";

export class PagePool {
  private readonly idle: Page[] = [];
  // The errors thrown in each page since it was last handed out.
  private readonly errors = new WeakMap<Page, string[]>();

  constructor(private readonly browser: () => Browser) {}

  /**
   * A page of a returning visitor at `url`, `width` by `height` px, its runtime run: a page given back
   * where there is one, else a new one. An error thrown in it fails the run, and errorsIn()
   * lists it for the test.
   */
  async visit(url: string, width = 1440, height = 900): Promise<Page> {
    let page = this.idle.pop();
    if (page) {
      await wipe(page);
      await page.setViewportSize({ width, height });
    } else page = await this.browser().newPage({ viewport: { width, height } });
    const errors: string[] = [];
    this.errors.set(page, errors);
    page.on("pageerror", (error) => {
      errors.push(error.message);
      throw error;
    });
    await page.goto(url);
    // The runtime has run (its page view counted). An island hydrates after, at once or when it
    // comes near (templates/islands/hydration.ts): a test that needs one waits for its data-hydrated.
    await page.waitForFunction(() => (window.dataLayer ?? []).length > 0);
    return page;
  }

  /** The errors thrown in the page since visit() handed it out. */
  errorsIn(page: Page): string[] {
    return this.errors.get(page) ?? [];
  }

  /**
   * A page from visit() given back for the next one, at the end of a test that passed (a test
   * that fails before it keeps its page, as it left it). Not for a page a test gave an init
   * script of its own, which stays for every later load.
   */
  release(page: Page): void {
    if (!page.isClosed()) this.idle.push(page);
  }
}

/** What a test may leave on a page beyond the document a load replaces. */
async function wipe(page: Page): Promise<void> {
  page.removeAllListeners();
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.context().clearCookies();
  // The storage of the origin the page is on, the only one the tests use (the init script every
  // page gets from tests/support/browser.ts sets the returning visitor's mark again at the next load).
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}
