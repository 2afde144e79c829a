// No accessibility violation of serious or critical impact (axe-core in Debian's chromium) on
// one page of each kind in three regions, and in one of them at a phone's width too.
import { createRequire } from "node:module";
import { describe, expect, test } from "vitest";
import { serveBuiltSite } from "../support/served-site.ts";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const site = serveBuiltSite({ now: "2024-11-25T12:00+01:00", clock: () => Date.parse("2024-11-25T11:00:00Z") });

const kinds = [
  "",
  "/about-us",
  "/flagship-bumblebee",
  "/choose-your-region",
  "/where-to-buy",
  "/manuals",
  "/login",
  "/account",
  "/black-friday",
];
// At a desktop's width in three regions; at a phone's (the folded menu, cards one to a row) in one.
const pages = [
  ...["us", "de", "fr"].flatMap((region) => kinds.map((kind) => [`/${region}${kind}`, 1280] as const)),
  ...kinds.map((kind) => [`/us${kind}`, 390] as const),
];

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
}

describe("accessibility", () => {
  test.each(pages)("%s at %i px has no serious or critical violation", async (path, width) => {
    // The site's Content-Security-Policy would (rightly) refuse the injected axe script.
    const page = await site.browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true });
    await page.goto(site.url + path);
    await page.waitForFunction(() => (window.dataLayer ?? []).length > 0);
    await page.addScriptTag({ path: axePath });
    const result = (await page.evaluate(() =>
      (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<unknown> } }).axe.run(document, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
        // Only violations are read: axe then skips listing every node of what passed.
        resultTypes: ["violations"],
      }),
    )) as AxeResult;
    const serious = result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(" "))
            .join(", ")}`,
      );
    expect(serious).toEqual([]);
    await page.close();
  });
});
