// The toasts' texts for the API's answer codes, as the runtime gets them in each region's module:
// the region's language's, and a code its table lacks in the language it falls back to (a
// missing-message warning says so), never the bare default.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, onTestFinished, test } from "vitest";
import { generatedModules } from "../../compiler/compile/modules.ts";
import { check } from "../../compiler/pipeline.ts";
import { materialize } from "../support/fixtures.ts";

test("a region whose table lacks an answer code's text gets its fallback language's", () => {
  const { root, cleanup } = materialize("base");
  onTestFinished(cleanup);
  const zh = join(root, "specs/messages/zh.yaml");
  const text = readFileSync(zh, "utf8");
  const without = text.replace(/^ {2}"4003": .*\n/m, "");
  expect(without).not.toBe(text);
  writeFileSync(zh, without);

  const result = check(join(root, "specs"), root);
  expect(result.diagnostics.map((d) => [d.code, d.severity])).toEqual([["missing-message", "warning"]]);
  const cn = generatedModules(result.model!, []).get("regions/cn.ts")!;
  const api = JSON.parse(/"api": (\{[^}]*\})/.exec(cn)![1]!);
  expect(api).toEqual({ default: "Server error (zh)", "4003": "Login expired (en)" });
});
