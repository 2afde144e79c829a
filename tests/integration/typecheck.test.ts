// The whole project type-checks under the strict tsconfig: compiler, runtime, templates, tests.
import { spawnSync } from "node:child_process";
import { expect, test } from "vitest";
import { projectRoot } from "../support/cli.ts";

test("tsc --noEmit reports no errors", () => {
  const result = spawnSync(
    process.execPath,
    [`${projectRoot}node_modules/typescript/bin/tsc`, "--noEmit", "-p", projectRoot],
    { encoding: "utf8" },
  );
  expect(result.stdout + result.stderr).toBe("");
  expect(result.status).toBe(0);
});
