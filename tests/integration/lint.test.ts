// npm run lint in the suite, so CI holds it: Biome (format, import cycles, function length and
// complexity, the recommended rules) and knip (no unused file, export or dependency).
// In the integration tier: it runs two tools over the whole project in child processes, seconds of
// CPU the unit tier's budget (under 20 s for all of it) has no room for.
import { spawnSync } from "node:child_process";
import { expect, test } from "vitest";
import { projectRoot } from "../support/cli.ts";

test("npm run lint is clean: Biome and knip", () => {
  const lint = spawnSync("npm", ["run", "-s", "lint"], { cwd: projectRoot, encoding: "utf8", timeout: 120_000 });
  expect(`${lint.stdout}${lint.stderr}`.replace(/npm warn[^\n]*\n/g, "")).not.toMatch(/error|✖|Unused|Unlisted/i);
  expect(lint.status, lint.stdout + lint.stderr).toBe(0);
}, 150_000);
