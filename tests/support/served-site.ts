// A build served by the preview server, with the run's browser connected, for a browser test file:
// ready before the file's tests, everything closed after them. The real specs come from the run's
// shared build of that instant (never written to: the preview server only reads it); a spec
// folder of the file's own is built for it and removed after.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { connectBrowser } from "./browser.ts";
import { PagePool } from "./page-pool.ts";
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
  const pool = new PagePool(() => browser!);
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
     * A page of a returning visitor at `path`, `width` by `height` px, its runtime run: one an earlier
     * test gave back (release) where there is one (tests/support/page-pool.ts). An error in it
     * fails the run, and errorsIn() lists it for the test.
     */
    visit(path: string, width = 1440, height = 900): Promise<Page> {
      return pool.visit(preview!.url + path, width, height);
    },
    /** The errors thrown in the page since visit() handed it out. */
    errorsIn(page: Page): string[] {
      return pool.errorsIn(page);
    },
    /** A page from visit() given back for the next test, once this one has passed. */
    release(page: Page): void {
      pool.release(page);
    },
  };
}
