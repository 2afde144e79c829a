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
    /** A page of a returning visitor at `path`, `width` px wide, hydrated; an error in it fails the test. */
    async open(path: string, width = 1440): Promise<Page> {
      const page = await browser!.newPage({ viewport: { width, height: 900 } });
      page.on("pageerror", (error) => {
        throw error;
      });
      await page.goto(preview!.url + path);
      // Hydrated: the islands (a countdown's digits among them) have drawn what they show.
      await page.waitForFunction(() => (window.dataLayer ?? []).length > 0);
      return page;
    },
  };
}
