// vitest globalSetup of the e2e tier: one Chromium for the whole run, launched before the first
// e2e file and closed after the last; each file connects to it (connectBrowser in browser.ts).
import { readFileSync } from "node:fs";
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
  try {
    checkDisabledFeatures(server.process().pid);
  } catch (error) {
    await server.close();
    throw error;
  }
  project.provide("browserEndpoint", server.wsEndpoint());
  return () => server.close();
}

/**
 * Chromium keeps the last of its --disable-features switches, ours (bin/chromium.js), which
 * repeats Playwright's. A newer Playwright that turns off more would lose them without a word:
 * the run stops here instead, naming what to add.
 */
function checkDisabledFeatures(pid: number | undefined): void {
  let commandLine: string[];
  try {
    commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return; // no /proc: not Linux, nothing to read the switches from
  }
  const lists = commandLine
    .filter((arg) => arg.startsWith("--disable-features="))
    .map((arg) => arg.slice("--disable-features=".length).split(","));
  const kept = new Set(lists.at(-1));
  const lost = lists.slice(0, -1).flatMap((list) => list.filter((name) => !kept.has(name)));
  if (lost.length > 0)
    throw new Error(
      `Playwright turns off Chromium features that bin/chromium.js does not repeat: ${lost.join(", ")}. Add them to playwrightDisabledFeatures there.`,
    );
}
