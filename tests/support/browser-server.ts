// vitest globalSetup of the e2e tier: one Chromium for the whole run, launched before the first
// e2e file and closed after the last; each file connects to it (connectBrowser in browser.ts).
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { chromiumArgs, chromiumPath } from "./browser.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The websocket endpoint of the run's browser server. */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs });
  project.provide("browserEndpoint", server.wsEndpoint());
  return () => server.close();
}
