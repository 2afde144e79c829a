// A build served by the preview server, with chromium ready, for a browser test file: built once
// before the file's tests, everything closed and removed after them.
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser.ts";
import { buildInto } from "./build.ts";
import { projectRoot } from "./cli.ts";
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
    const built = await buildInto(options.specs ?? join(projectRoot, "specs"), options.now);
    cleanup = built.cleanup;
    preview = await startPreview(built.out, options.clock, options.accounts);
    browser = await launchBrowser();
  }, 90_000);
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
  };
}
