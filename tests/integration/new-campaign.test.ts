// site new campaign: a commented skeleton a campaign manager fills in, valid from the start.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { siteCommand } from "../support/cli.ts";
import { materialize } from "../support/fixtures.ts";

let cleanup = () => {};
afterEach(() => cleanup());

test("writes specs/campaigns/<id>.yaml that passes site check and shows in check-windows", async () => {
  const project = materialize("base");
  cleanup = project.cleanup;
  const made = await siteCommand(["new", "campaign", "winter-sale-2026", "--regions", "us", "--start", "2026-12-01"], {
    cwd: project.root,
  });
  expect(made.code, made.stderr).toBe(0);
  expect(made.stdout).toContain("wrote specs/campaigns/winter-sale-2026.yaml");
  const text = readFileSync(join(project.root, "specs", "campaigns", "winter-sale-2026.yaml"), "utf8");
  expect(text.split("\n", 1)[0]).toBe("# yaml-language-server: $schema=../../schemas/campaign.schema.json");
  expect(text).toMatch(/^name: Winter Sale 2026$/m);
  expect(text).toMatch(/^# offers:$/m);
  expect(text).toMatch(/^# promotion:$/m);
  const checked = await siteCommand(["check"], { cwd: project.root });
  // It passes; until its offers or entry points are written, the check says it shows nothing.
  expect(checked.code, checked.stdout).toBe(0);
  expect(checked.stdout).toMatch(/^0 errors, 1 warning /m);
  expect(checked.stdout).toContain(
    "warning campaign-region-silent  Campaign winter-sale-2026 runs in us but shows nothing there",
  );
  const windows = await siteCommand(["check-windows", "--at", "2026-11-30T12:00Z"], { cwd: project.root });
  expect(windows.stdout).toMatch(/Winter Sale 2026 › Early access +us +upcoming +Tue 1 Dec 2026 00:00/);
});

test("never overwrites a campaign, and refuses an id that cannot be a file name", async () => {
  const project = materialize("base");
  cleanup = project.cleanup;
  const again = await siteCommand(["new", "campaign", "summer"], { cwd: project.root });
  expect(again.code).toBe(2);
  expect(again.stderr.trim()).toBe("site: specs/campaigns/summer.yaml already exists; pick another id or edit it");
  const bad = await siteCommand(["new", "campaign", "Winter Sale"], { cwd: project.root });
  expect(bad.code).toBe(2);
  expect(existsSync(join(project.root, "specs", "campaigns", "Winter Sale.yaml"))).toBe(false);
});
