// A build served by the preview server, with the run's browser connected, for a browser test file:
// ready before the file's tests, everything closed after them. The real specs come from the run's
// shared build of that instant (never written to: the preview server only reads it); a spec
// folder of the file's own is built for it and removed after.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { connectBrowser } from "./browser.ts";
import { buildInto, realSiteAt } from "./build.ts";
import { startPreview, type RunningPreview } from "./preview-server.ts";

export interface ServedSiteOptions {
  /** Spec folder (default: the real specs). */
  specs?: string;
  /** The instant the site is built as of. */
  now: string;
  /** The server clock. */
  clock: () => number;
  /** Answers the account calls too. */
  accounts?: (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;
  /** Run after everything else is closed. */
  onClose?: () => void;
}

export function serveBuiltSite(options: ServedSiteOptions) {
  let browser: Browser | undefined;
  let preview: RunningPreview | undefined;
  let cleanup = () => {};
  // Pages given back by visit()'s callers, for the next visit: a new page costs Chromium about two
  // thirds of a core-second before it loads anything, three times what a load in an open page
  // costs (a renderer set up, its compositor, Playwright's scripts).
  const idle: Page[] = [];
  const hydrated = (page: Page) => page.waitForFunction(() => (window.dataLayer ?? []).length > 0);
  // The errors thrown in each page since it was last opened or visited.
  const errors = new WeakMap<Page, string[]>();
  beforeAll(async () => {
    let out: string;
    if (options.specs) {
      const built = await buildInto(options.specs, options.now);
      cleanup = built.cleanup;
      out = built.out;
    } else out = (await realSiteAt(options.now)).out;
    preview = await startPreview(out, options.clock, options.accounts);
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await preview?.close();
    cleanup();
    options.onClose?.();
  });
  return {
    get browser(): Browser {
      return browser!;
    },
    get url(): string {
      return preview!.url;
    },
    /**
     * A page of a returning visitor at `path`, `width` by `height` px, hydrated; an error in it
     * fails the run, and errorsIn() lists it for the test.
     */
    async open(path: string, width = 1440, height = 900): Promise<Page> {
      const page = await browser!.newPage({ viewport: { width, height } });
      errors.set(page, []);
      page.on("pageerror", (error) => {
        errors.get(page)!.push(error.message);
        throw error;
      });
      await page.goto(preview!.url + path);
      // Hydrated: the islands (a countdown's digits among them) have drawn what they show.
      await hydrated(page);
      return page;
    },
    /**
     * Like open(), in a page an earlier visit gave back (release) where there is one, loaded
     * afresh. For tests that leave nothing on the page (no listener, route or init script of
     * their own) but what a load clears.
     */
    async visit(path: string, width = 1440, height = 900): Promise<Page> {
      const kept = idle.pop();
      if (!kept) return this.open(path, width, height);
      errors.set(kept, []);
      await kept.setViewportSize({ width, height });
      await kept.goto(preview!.url + path);
      await hydrated(kept);
      return kept;
    },
    /** The errors thrown in the page since it was opened or visited last. */
    errorsIn(page: Page): string[] {
      return errors.get(page) ?? [];
    },
    /** A page from visit() given back for the next one. */
    release(page: Page): void {
      if (!page.isClosed()) idle.push(page);
    },
  };
}
